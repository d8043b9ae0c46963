"""Scoring a win (R7, R8, R9, R10): is it a win, with which split, and what is it worth.

`evaluate` is the one entry point: the hand state machine asks it whether a player can hu, and
`cli score` prints what it returns. Patterns live in patterns.py, splits in winning.py.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from . import cards as C
from . import patterns as P
from . import winning as W
from .groups import Group, Kind
from .variants import RuleSet
from .winning import Source

__all__ = ["Source", "Win", "NoWin", "evaluate", "score_split"]

_SPLIT_ORDER = {k: i for i, k in enumerate(
    (Kind.TI, Kind.PAO, Kind.WEI, Kind.CHOUWEI, Kind.PENG, Kind.KAN, Kind.SENTENCE, Kind.JIAO, Kind.JIANG))}
_SELF_DRAWN = frozenset({Source.OWN_DRAW, Source.SHOWN})  # R7.5; a heavenly hu is self-drawn (R9.3)


@dataclass(frozen=True)
class Win:
    huxi: int
    grade: int  # R8.1, from twice the hu-xi for a doubled heavenly hu (R9.4); self-draw not included
    patterns: tuple[tuple[str, int], ...]
    fan: int  # total fan; 0 for a plain hand (平胡)
    base: int
    self_draw: bool
    split: tuple[Group, ...]
    rest: tuple[int, ...] = ()  # mandatory heavenly hu (R9.1): cards that fit no group
    rules: RuleSet | None = field(default=None, repr=False, compare=False)  # for breakdown()

    def to_dict(self) -> dict:
        """The JSON score line of `cli score` (without the id)."""
        d = {"win": True, "huxi": self.huxi, "grade": self.grade,
             "patterns": [[name, fan] for name, fan in self.patterns], "fan": self.fan,
             "base": self.base, "self_draw": self.self_draw,
             "split": [[g.kind.value, g.text] for g in self.split]}
        if self.rest:
            d["rest"] = C.fmt(self.rest)
        return d

    def breakdown(self) -> str:
        """Readable lines for players: each group and its hu-xi, then grade, patterns and base."""
        rules = self.rules
        lines = [f"{g.kind.value:<9} {g.text:<4} {W.group_huxi(rules.huxi, g.kind, g.cards):>2} hu-xi"
                 if rules else f"{g.kind.value:<9} {g.text}" for g in self.split]
        if self.rest:
            lines.append(f"{'loose':<9} {C.fmt(self.rest)} (fit no group: no hu-xi)")
        lines.append(f"hu-xi (胡息) {self.huxi}")
        if rules and self.grade != max(1, rules.grade(self.huxi)):
            lines.append(f"grade (等) {self.grade}, taken from twice the hu-xi ({2 * self.huxi}) for the heavenly hu")
        else:
            lines.append(f"grade (等) {self.grade}")
        bonus = rules.self_draw_grades if rules and self.self_draw else 0
        before = rules is None or rules.self_draw_before_fan
        if self.self_draw:
            lines.append(f"self-draw (自摸): +{bonus} grade" + (" before the fan" if before else " after the fan"))
        if self.patterns:
            named = ", ".join(f"{name} {fan} fan" for name, fan in self.patterns)
            lines.append(f"patterns (名堂): {named}; total {self.fan} fan")
            formula = f"({self.grade} + {bonus}) × {self.fan}" if before and bonus else (
                f"{self.grade} × {self.fan}" + (f" + {bonus}" if bonus else ""))
        else:
            lines.append("no pattern: plain hand (平胡)")
            formula = f"{self.grade} + {bonus}" if bonus else ""
        lines.append(f"base (底) {self.base}" + (f" = {formula}" if formula else ""))
        return "\n".join(lines)


@dataclass(frozen=True)
class NoWin:
    why: str  # "shape" (not 7 groups), "huxi" (below the minimum), "source" (R7.3)

    def to_dict(self) -> dict:
        return {"win": False, "why": self.why}


_NO = {why: NoWin(why) for why in ("shape", "huxi", "source")}


def evaluate(rules: RuleSet, table: Sequence[Group], hand: Sequence[int], card: int | None,
             source: Source | None, *, last_card: bool = False, heavenly: bool = False,
             earthly: bool = False) -> Win | NoWin:
    """Can these holdings hu on `card` from `source`, and for how much (R7–R10)?

    `card` None tests the holdings as they stand: after an own ti or wei (source OWN_DRAW), the
    dealer's 21 cards (source SHOWN), a mandatory heavenly hu (`heavenly`, R9.1). `earthly` is
    Luzhou's 地胡 (R10.3). The best split by score, then hu-xi, is returned (R7.1).
    """
    if source is not None and source.__class__ is not Source:
        source = Source(source)
    if heavenly:
        return _mandatory_heavenly(rules, table, list(hand) + ([] if card is None else [card]),
                                   last_card=last_card, earthly=earthly)
    if source is Source.DISCARD and not rules.discard_win:
        return _NO["source"]  # R6.5, R7.3: never a discard (Luzhou: R10.3)
    found, why = [], "shape"
    for fixed, free in W.configurations(table, hand, card, source):
        split = W.best_split(rules.huxi, fixed, free)
        if split is None:
            continue
        if split[0] < rules.min_huxi:  # R7.2
            why = "huxi"
            continue
        found.append(split)
    if not found:
        return _NO[why]
    return _best(rules, found, heavenly=source is Source.SHOWN, self_draw=source in _SELF_DRAWN,
                 last_card=last_card, earthly=earthly)


def score_split(rules: RuleSet, split: Sequence[Group], *, rest: Sequence[int] = (), heavenly: bool = False,
                self_draw: bool = False, last_card: bool = False, earthly: bool = False) -> Win:
    """What one given split is worth (R8–R10), whether or not it is the best or reaches the minimum."""
    huxi = sum(W.group_huxi(rules.huxi, g.kind, g.cards) for g in split)
    raws = tuple((g.kind, g.cards) for g in split)
    return _best(rules, [(huxi, raws, tuple(rest))], heavenly=heavenly, self_draw=self_draw,
                 last_card=last_card, earthly=earthly)


def _mandatory_heavenly(rules: RuleSet, table: Sequence[Group], hand: list[int], *,
                        last_card: bool, earthly: bool) -> Win | NoWin:
    """R9.1: 3 ti or 5 kan win whatever the rest. The hu-xi is theirs plus, per
    `mandatory_heavenly_rest`, the best the rest gives; a full 7-group split competes too (对对胡)."""
    counts = W.hand_counts(hand)
    ti, kan = W.heavenly_sets(table, counts)
    if ti < 3 and kan < 5:
        return _NO["shape"]
    fixed, free = W.fixed_groups(table, counts)
    huxi = sum(W.group_huxi(rules.huxi, kind, cards) for kind, cards in fixed)
    if rules.mandatory_heavenly_rest:
        extra, groups, rest = W.rest_arrangement(free, rules.huxi)
        found = [(huxi + extra, tuple(fixed) + groups, rest)]
        whole = W.best_split(rules.huxi, fixed, free)
        if whole is not None:
            found.append(whole)
    else:
        found = [(huxi, tuple(fixed), tuple(C.from_counts(free)))]
    return _best(rules, found, heavenly=True, self_draw=True, last_card=last_card, earthly=earthly)


def _best(rules: RuleSet, found: list[tuple], *, heavenly: bool, self_draw: bool, last_card: bool,
          earthly: bool) -> Win:
    """Score each candidate (hu-xi, split[, loose cards]) and keep the best by base, then hu-xi (R7.1).

    Every candidate holds the same cards, so the counts the patterns read are taken once.
    """
    doubled = heavenly and rules.heavenly_double_huxi  # R9.4
    bonus = rules.self_draw_grades if self_draw else 0  # R8.3
    counts = best = None
    for huxi, split, *loose in found:
        rest = loose[0] if loose else ()
        entries = [_group(raw) for raw in split]
        if counts is None:
            red, big, n = sum(map(C.is_red, rest)), sum(map(C.is_big, rest)), len(rest)
            for entry in entries:
                red, big, n = red + entry[2], big + entry[3], n + entry[4]
            counts = red, big, n - big
        all_sets = not rest  # 对对胡: no sentence, no jiao
        for entry in entries:
            if entry[5]:
                all_sets = False
                break
        grade = max(1, rules.grade(2 * huxi if doubled else huxi))
        pats, fan = _fans(rules.patterns, (*counts, all_sets, last_card, heavenly, earthly))
        if rules.self_draw_before_fan:
            base = (grade + bonus) * (fan or 1)
        else:
            base = grade * (fan or 1) + bonus
        if best is None or (base, huxi) > (best[0], best[1]):
            best = base, huxi, grade, pats, fan, entries, rest
    base, huxi, grade, pats, fan, entries, rest = best
    entries.sort(key=_FIRST)
    return Win(huxi=huxi, grade=grade, patterns=pats, fan=fan, base=base, self_draw=self_draw,
               split=tuple([entry[1] for entry in entries]), rest=rest, rules=rules)


_CHI_KINDS = frozenset({Kind.SENTENCE, Kind.JIAO})
_GROUPS: dict[tuple, tuple] = {}
_FIRST = itemgetter(0)
_FANS: dict[tuple, tuple] = {}


def _group(raw: tuple) -> tuple[tuple, Group, int, int, int, bool]:
    """(sort key, group, red cards, big cards, cards, is a sentence or jiao) of a raw (kind, cards)
    group, memoised: groups are immutable values, so one shared object per (kind, cards) serves all."""
    hit = _GROUPS.get(raw)
    if hit is None:
        kind, cards = raw
        hit = _GROUPS[raw] = ((_SPLIT_ORDER[kind], cards), Group(kind, cards), sum(map(C.is_red, cards)),
                              sum(map(C.is_big, cards)), len(cards), kind in _CHI_KINDS)
    return hit


def _fans(rows: tuple, facts: tuple) -> tuple[tuple[tuple[str, int], ...], int]:
    """(patterns, total fan): patterns.fans memoised per pattern table (by identity, the table kept
    alive in the memo) and facts."""
    key = (id(rows), facts)
    hit = _FANS.get(key)
    if hit is None or hit[0] is not rows:
        if len(_FANS) > 50_000:
            _FANS.clear()
        pats = P.fans(rows, P.Facts(*facts))
        hit = _FANS[key] = rows, pats, sum(fan for _, fan in pats)
    return hit[1:]

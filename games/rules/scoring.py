"""Scoring a win (R7, R8, R9, R10): is it a win, with which split, and what is it worth.

`evaluate` is the one entry point: the hand state machine asks it whether a player can hu, and the
`cli score` command prints what it returns.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import cards as C
from . import patterns as P
from . import winning as W
from .groups import Group, Kind
from .variants import RuleSet
from .winning import Source

__all__ = ["Source", "Win", "NoWin", "evaluate"]

_SPLIT_ORDER = {k: i for i, k in enumerate(
    (Kind.TI, Kind.PAO, Kind.WEI, Kind.CHOUWEI, Kind.PENG, Kind.KAN, Kind.SENTENCE, Kind.JIAO, Kind.JIANG))}
_SELF_DRAWN = frozenset({Source.OWN_DRAW, Source.SHOWN})  # R7.5; a heavenly hu is self-drawn (R9.3)


@dataclass(frozen=True)
class Win:
    huxi: int
    grade: int  # R8.1 from the hu-xi (twice the hu-xi for a doubled heavenly hu), before self-draw
    patterns: tuple[tuple[str, int], ...]
    fan: int  # total fan; 0 for a plain hand (平胡)
    base: int
    self_draw: bool
    split: tuple[Group, ...]
    rest: tuple[int, ...] = ()  # mandatory heavenly hu (R9.1): cards that fit no group
    doubled_huxi: bool = False  # R9.4: the grade was taken from twice the hu-xi
    self_draw_grades: int = 0  # the grades the self-draw added (R8.3)

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
        """Readable lines: the groups and their hu-xi, grade, patterns, base."""
        lines = [f"{g.kind.value:<9}{g.text:<5}" for g in self.split]
        if self.rest:
            lines.append(f"{'loose':<9}{C.fmt(self.rest)} (no group, no hu-xi)")
        lines.append(f"hu-xi (胡息) {self.huxi}")
        doubled = f" (from twice the hu-xi, {2 * self.huxi}: 天胡)" if self.doubled_huxi else ""
        lines.append(f"grade (等) {self.grade}{doubled}")
        if self.self_draw:
            lines.append(f"self-draw (自摸) +{self.self_draw_grades} grade")
        if self.patterns:
            lines.append("patterns (名堂): " + ", ".join(f"{n} {f} fan" for n, f in self.patterns)
                         + f" = {self.fan} fan")
        else:
            lines.append("plain hand (平胡)")
        lines.append(f"base (底) {self.base}")
        return "\n".join(lines)


@dataclass(frozen=True)
class NoWin:
    why: str  # "shape" (not 7 groups), "huxi" (below the minimum), "source" (R7.3)

    def to_dict(self) -> dict:
        return {"win": False, "why": self.why}


def evaluate(rules: RuleSet, table: Sequence[Group], hand: Sequence[int], card: int | None,
             source: Source | None, *, last_card: bool = False, heavenly: bool = False,
             earthly: bool = False) -> Win | NoWin:
    """Can these holdings hu on `card` from `source`, and for how much (R7–R10)?

    `card` None tests the holdings as they stand (after an own ti or wei; the dealer's 21 cards with
    source SHOWN; a mandatory heavenly hu with `heavenly`).
    """
    source = Source(source) if source is not None else None
    if heavenly:
        return _mandatory_heavenly(rules, table, list(hand) + ([] if card is None else [card]),
                                   last_card=last_card, earthly=earthly)
    if source is Source.DISCARD and not rules.discard_win:
        return NoWin("source")  # R6.5, R7.3: never a discard (Luzhou: R10.3)
    score = _Scorer(rules, table, hand, card, heavenly=source is Source.SHOWN,
                    self_draw=source in _SELF_DRAWN, last_card=last_card, earthly=earthly)
    best, why = None, "shape"
    for fixed, free in W.configurations(table, hand, card, source):
        found = W.best_split(rules.huxi, fixed, free)
        if found is None:
            continue
        if found[0] < rules.min_huxi:  # R7.2
            why = "huxi"
            continue
        best = score.better(best, found[0], found[1])
    return score.win(best) if best else NoWin(why)


def _mandatory_heavenly(rules: RuleSet, table: Sequence[Group], hand: list[int], *,
                        last_card: bool, earthly: bool) -> Win | NoWin:
    """R9.1: 3 ti or 5 kan win whatever the rest; the rest counts per `mandatory_heavenly_rest`."""
    counts = W.hand_counts(hand)
    ti, kan = W.heavenly_sets(table, counts)
    if ti < 3 and kan < 5:
        return NoWin("shape")
    score = _Scorer(rules, table, hand, None, heavenly=True, self_draw=True,
                    last_card=last_card, earthly=earthly)
    fixed, free = W.fixed_groups(table, counts)
    huxi = sum(W.group_huxi(rules.huxi, kind, cards) for kind, cards in fixed)
    if rules.mandatory_heavenly_rest:
        extra, groups, rest = W.rest_arrangement(free, rules.huxi)
        best = score.better(None, huxi + extra, tuple(fixed) + groups, rest)
        whole = W.best_split(rules.huxi, fixed, free)  # the full 7-group split can earn 对对胡
        if whole is not None:
            best = score.better(best, *whole)
    else:
        best = score.better(None, huxi, tuple(fixed), tuple(C.from_counts(free)))
    return score.win(best)


class _Scorer:
    """Scores candidate splits of one set of holdings; the facts shared by all splits are read once."""

    def __init__(self, rules: RuleSet, table: Sequence[Group], hand: Sequence[int], card: int | None, *,
                 heavenly: bool, self_draw: bool, last_card: bool, earthly: bool) -> None:
        red = big = n = 0
        for k in _all_cards(table, hand, card):
            n += 1
            red += C.is_red(k)
            big += k >= 10
        self.rules, self.self_draw = rules, self_draw
        self.doubled = heavenly and rules.heavenly_double_huxi  # R9.4
        self.facts = {s: P.Facts(red, big, n - big, s, last_card, heavenly, earthly) for s in (False, True)}
        self.fans = {}

    def value(self, huxi: int, all_sets: bool) -> tuple[int, tuple[tuple[str, int], ...], int, int, int]:
        """(grade, patterns, fan, self-draw grades, base) of a split (R8.1–R8.3, R9.4)."""
        rules = self.rules
        grade = max(1, rules.grade(2 * huxi if self.doubled else huxi))
        if all_sets not in self.fans:
            self.fans[all_sets] = P.fans(rules.patterns, self.facts[all_sets])
        pats = self.fans[all_sets]
        fan = sum(f for _, f in pats)
        bonus = rules.self_draw_grades if self.self_draw else 0
        if rules.self_draw_before_fan:
            base = (grade + bonus) * (fan or 1)
        else:
            base = grade * (fan or 1) + bonus
        return grade, pats, fan, bonus, base

    def better(self, best: tuple | None, huxi: int, split: tuple, rest: tuple[int, ...] = ()) -> tuple:
        """Keep the higher of two candidates by score, then hu-xi (R7.1)."""
        all_sets = not rest and all(kind not in (Kind.SENTENCE, Kind.JIAO) for kind, _ in split)
        key = (self.value(huxi, all_sets)[-1], huxi)
        if best is None or key > best[0]:
            return key, huxi, split, rest, all_sets
        return best

    def win(self, best: tuple) -> Win:
        _, huxi, split, rest, all_sets = best
        grade, pats, fan, bonus, base = self.value(huxi, all_sets)
        groups = sorted((Group(kind, tuple(sorted(cards))) for kind, cards in split),
                        key=lambda g: (_SPLIT_ORDER[g.kind], g.cards))
        return Win(huxi=huxi, grade=grade, patterns=pats, fan=fan, base=base, self_draw=self.self_draw,
                   split=tuple(groups), rest=rest, doubled_huxi=self.doubled, self_draw_grades=bonus)


def _all_cards(table: Sequence[Group], hand: Sequence[int], card: int | None):
    for g in table:
        yield from g.cards
    yield from hand
    if card is not None:
        yield card

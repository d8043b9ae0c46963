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
from .groups import Group
from .variants import RuleSet
from .winning import Source

__all__ = ["Source", "Win", "NoWin", "evaluate", "score_split", "wins"]

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

    # What a breakdown shows, in numbers and card faces: Win.breakdown() words it in English for the
    # CLI; the admin's try box labels the same figures in the page's language.

    def scored_groups(self) -> list[tuple[Group, int | None]]:
        """Each group with its hu-xi (R4; None without the rules)."""
        rules = self.rules
        return [(g, W.group_huxi(rules.huxi, g.kind, g.cards) if rules else None) for g in self.split]

    @property
    def rest_text(self) -> str:
        return C.fmt(self.rest)

    @property
    def doubled(self) -> bool:
        """Whether the grade was taken from twice the hu-xi (heavenly hu, R9.4)."""
        return self.rules is not None and self.grade != max(1, self.rules.grade(self.huxi))

    @property
    def bonus(self) -> int:
        """The self-draw grades added (R8.3)."""
        return self.rules.self_draw_grades if self.rules and self.self_draw else 0

    @property
    def bonus_before_fan(self) -> bool:
        return self.rules is None or self.rules.self_draw_before_fan

    @property
    def uncapped(self) -> int:
        """The base before the rule set's cap (封顶): more than `base` when the cap held it."""
        return _base(self.rules, self.grade, self.bonus, self.fan)

    @property
    def formula(self) -> str:
        """How the base came about (R8.3), "" when it is the grade alone."""
        grade, bonus, fan = self.grade, self.bonus, self.fan
        if not self.patterns:
            return f"{grade} + {bonus}" if bonus else ""
        if bonus and self.bonus_before_fan:
            return f"({grade} + {bonus}) × {fan}"
        return f"{grade} × {fan}" + (f" + {bonus}" if bonus else "")

    def breakdown(self) -> str:
        """Readable lines for players: each group and its hu-xi, then grade, patterns and base."""
        lines = [f"{g.kind.value:<9} {g.text}" if huxi is None else f"{g.kind.value:<9} {g.text:<4} {huxi:>2} hu-xi"
                 for g, huxi in self.scored_groups()]
        if self.rest:
            lines.append(f"{'loose':<9} {self.rest_text} (fit no group: no hu-xi)")
        lines.append(f"hu-xi (胡息) {self.huxi}")
        lines.append(f"grade (等) {self.grade}" + (
            f", taken from twice the hu-xi ({2 * self.huxi}) for the heavenly hu" if self.doubled else ""))
        if self.self_draw:
            lines.append(f"self-draw (自摸): +{self.bonus} grade"
                         + (" before the fan" if self.bonus_before_fan else " after the fan"))
        if self.patterns:
            named = ", ".join(f"{name} {fan} fan" for name, fan in self.patterns)
            lines.append(f"patterns (名堂): {named}; total {self.fan} fan")
        else:
            lines.append("no pattern: plain hand (平胡)")
        lines.append(f"base (底) {self.base}" + (f" = {self.formula}" if self.formula else "")
                     + (f", capped at {self.base} (was {self.uncapped})" if self.uncapped > self.base else ""))
        return "\n".join(lines)


@dataclass(frozen=True)
class NoWin:
    why: str  # "shape" (not 7 groups), "huxi" (below the minimum), "source" (R7.3)

    @property
    def code(self) -> str:
        """`why`, read the way games.reasons reads a refusal (code + params)."""
        return self.why

    @property
    def params(self) -> dict:
        return {}

    def to_dict(self) -> dict:
        return {"win": False, "why": self.why}


_NO = {why: NoWin(why) for why in ("shape", "huxi", "source")}
_NO_SHAPE, _NO_HUXI, _NO_SOURCE = _NO["shape"], _NO["huxi"], _NO["source"]
_DISCARD, _SHOWN = Source.DISCARD, Source.SHOWN


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
    if source is _DISCARD and not rules.discard_win:
        return _NO_SOURCE  # R6.5, R7.3: never a discard (Luzhou: R10.3)
    solver = W.solver_for(rules.huxi)
    fixed, configs = solver.configurations(table, W.packed_cards(hand), card, source, rules.pair_plus_others_card)
    shown, self_draw = source is _SHOWN, source in _SELF_DRAWN
    best, why, held = None, _NO_SHAPE, None
    for config in configs:
        found = solver.best_split(config)
        if found is None:
            continue
        huxi = found[0]
        if huxi < rules.min_huxi:  # R7.2
            why = _NO_HUXI
            continue
        if held is None:
            held = W.cards_of(config[0], config[1])
        # the facts in Facts' field order (red, big, small, all_sets, last_card, heavenly, earthly): a
        # plain tuple here, a Facts only when the memo misses (building one costs more than the lookup)
        worth = _worth(rules, huxi, (*held, found[1], last_card, shown, earthly), shown, self_draw)
        if best is None or (worth[0], huxi) > (best[0][0], best[1]):
            best = worth, huxi, config, found[2]
    if best is None:
        return why
    worth, huxi, config, groups = best
    return _win(rules, huxi, worth, self_draw, solver.split(fixed, config, groups), ())


def wins(rules: RuleSet, table: Sequence[Group], counts: Sequence[int], card: int | None, source: Source) -> bool:
    """Whether evaluate returns a Win for these holdings, given as counts (R7.1, R7.2; never a
    mandatory heavenly hu). The turn loop asks it of every seat the prechecks let through, mostly of
    holdings that do not split: it stops at the first split reaching the minimum, and leaves scoring it
    (patterns, base) to the one evaluate of the seat that hus."""
    if source is _DISCARD and not rules.discard_win:
        return False  # R6.5, R7.3, as evaluate
    solver = W.solver_for(rules.huxi)
    _, configs = solver.configurations(table, W.packed_counts(counts), card, source, rules.pair_plus_others_card)
    least = rules.min_huxi
    for config in configs:
        found = solver.best_split(config)
        if found is not None and found[0] >= least:
            return True
    return False


def score_split(rules: RuleSet, split: Sequence[Group], *, rest: Sequence[int] = (), heavenly: bool = False,
                self_draw: bool = False, last_card: bool = False, earthly: bool = False) -> Win:
    """What one given split is worth (R8–R10), whether or not it is the best or reaches the minimum."""
    huxi = sum(W.group_huxi(rules.huxi, g.kind, g.cards) for g in split)
    records = W.solver_for(rules.huxi).records
    return _best(rules, [(huxi, [records[g.kind, g.cards] for g in split], tuple(rest))], heavenly=heavenly,
                 self_draw=self_draw, last_card=last_card, earthly=earthly)


def _mandatory_heavenly(rules: RuleSet, table: Sequence[Group], hand: list[int], *,
                        last_card: bool, earthly: bool) -> Win | NoWin:
    """R9.1: 3 ti or 5 kan win whatever the rest. The hu-xi is theirs plus, per
    `mandatory_heavenly_rest`, the best the rest gives; a full 7-group split competes too (对对胡)."""
    counts = W.hand_counts(hand)
    ti, kan = W.heavenly_sets(table, counts)
    if ti < 3 and kan < 5:
        return _NO["shape"]
    solver = W.solver_for(rules.huxi)
    fixed, [config] = solver.configurations(table, W.packed_cards(hand), None, None)
    acc, packed, _ = config
    huxi = acc & 255
    free = W.unpacked(packed)
    if rules.mandatory_heavenly_rest:
        extra, groups, rest = W.rest_arrangement(free, rules.huxi)
        found = [(huxi + extra, fixed + [solver.records[raw] for raw in groups], rest)]
        whole = solver.best_split(config)
        if whole is not None:
            found.append((whole[0], solver.split(fixed, config, whole[2])))
    else:
        found = [(huxi, fixed, tuple(C.from_counts(free)))]
    return _best(rules, found, heavenly=True, self_draw=True, last_card=last_card, earthly=earthly)


def _best(rules: RuleSet, found: list[tuple], *, heavenly: bool, self_draw: bool, last_card: bool,
          earthly: bool) -> Win:
    """Score each candidate (hu-xi, split records[, loose cards]) and keep the best by base, then hu-xi
    (R7.1). Every candidate holds the same cards, so the counts the patterns read are taken once."""
    counts = best = None
    for huxi, split, *loose in found:
        rest = loose[0] if loose else ()
        acc = sum(record[2] for record in split)
        if counts is None:
            red, big, small = W.cards_of(acc)
            red, big = red + sum(map(C.is_red, rest)), big + sum(map(C.is_big, rest))
            counts = red, big, small + len(rest) - sum(map(C.is_big, rest))
        all_sets = not rest and W.all_sets(acc)  # 对对胡
        worth = _worth(rules, huxi, (*counts, all_sets, last_card, heavenly, earthly), heavenly, self_draw)
        if best is None or (worth[0], huxi) > (best[0][0], best[1]):
            best = worth, huxi, split, rest
    worth, huxi, split, rest = best
    return _win(rules, huxi, worth, self_draw, split, rest)


def _worth(rules: RuleSet, huxi: int, facts: tuple, heavenly: bool, self_draw: bool) -> tuple[int, int, tuple, int]:
    """(base, grade, patterns, fan) of a win with this hu-xi and these pattern facts (R8, R9.4)."""
    grade = max(1, rules.grade(2 * huxi if heavenly and rules.heavenly_double_huxi else huxi))  # R9.4
    pats, fan = _fans(rules.patterns, facts)
    base = _base(rules, grade, rules.self_draw_grades if self_draw else 0, fan)  # R8.3
    if rules.base_cap:  # 封顶
        base = min(base, rules.base_cap)
    return base, grade, pats, fan


def _base(rules: RuleSet | None, grade: int, bonus: int, fan: int) -> int:
    """R8.3: the base before any cap; the self-draw grades added before or after the fan."""
    if rules is None or rules.self_draw_before_fan:
        return (grade + bonus) * (fan or 1)
    return grade * (fan or 1) + bonus


def _win(rules: RuleSet, huxi: int, worth: tuple, self_draw: bool, split: list, rest: tuple[int, ...]) -> Win:
    """The Win of a split (records), its groups in the order players read them. Its fields are set at
    once: a frozen dataclass's __init__ sets them one by one through object.__setattr__ (2 µs, more
    than the rest of scoring a win)."""
    split.sort()
    base, grade, pats, fan = worth
    win = _new(Win)
    win.__dict__.update(huxi=huxi, grade=grade, patterns=pats, fan=fan, base=base, self_draw=self_draw,
                        split=tuple(map(_GROUP_OF, split)), rest=rest, rules=rules)
    return win


_new = object.__new__
_GROUP_OF = itemgetter(1)


def _fans(rows: tuple, facts: tuple) -> tuple[tuple[tuple[str, int], ...], int]:
    """(patterns, total fan) of patterns.fans for facts given as a tuple in Facts' field order, memoised
    per pattern table (by identity, the table kept alive in the memo) on the facts the table reads."""
    table = _FAN_TABLES.get(id(rows))
    if table is None or table.rows is not rows:
        if len(_FAN_TABLES) > 64:
            _FAN_TABLES.clear()
        table = _FAN_TABLES[id(rows)] = _FanTable(rows)
    key = table.key(facts)
    hit = table.memo.get(key)
    if hit is None:
        if len(table.memo) > FAN_MEMO_CAPACITY:
            table.memo.clear()
        pats = table.patterns.fans(P.Facts(*facts))
        hit = table.memo[key] = pats, sum(fan for _, fan in pats)
    return hit


class _FanTable:
    """One pattern table's memo of patterns.fans, keyed on the facts its rows read (a table without
    big/small rows gives the same answer whatever those counts are)."""

    def __init__(self, rows: tuple) -> None:
        self.rows = rows
        self.patterns = P.Table(rows)
        read = P.facts_read(rows)
        at = [i for i, name in enumerate(P.FACT_NAMES) if name in read]
        self.key = itemgetter(*at) if at else _read_nothing
        self.memo: dict = {}


def _read_nothing(facts: tuple) -> tuple:
    return ()


_FAN_TABLES: dict[int, _FanTable] = {}
FAN_MEMO_CAPACITY = 50_000  # per pattern table (a few hundred facts seen in 1,000 bot hands); cleared past it

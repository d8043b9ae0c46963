"""RuleSet: every regional parameter of docs/rules.md as one frozen value (R8, R9, R10).

Each **[reading]** of docs/rules.md is a field here, never a branch on a variant's name. The admin's
`Variant` rows build a RuleSet from these fields (games.models.Variant.to_ruleset); the engine sees
nothing else. Adding a parameter: a field here (with its check in `validate`), a Variant column, a
migration and the admin's fieldset.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from .errors import Refusal
from .groups import LUZHOU_HUXI, STANDARD_HUXI, HuxiTable
from .patterns import REGISTRY
from .winning import PAIR_KINDS


class RuleSetError(Refusal):
    """A parameter the engine cannot play with (games.reasons.rulesets translates the codes)."""

    TEXTS = {
        "counts_text": "counts {counts!r}: write a number, a range like 11-12, or 13- for 13 or more",
        "counts_empty": "counts {counts!r}: the range is empty",
        "pattern_code": "pattern {name!r}: unknown code {kind!r}",
        "pattern_name": "every pattern needs a name",
        "pattern_negative": "pattern {name!r}: fans cannot be negative",
        "pattern_counts": "pattern {name!r}: a counting pattern needs counts",
        "pattern_of": "pattern {name!r}: a combo names two or more patterns, like 乌胡+对对胡",
        "name": "a rule set needs a name",
        "huxi_grade": "minimum hu-xi and the grade start must be ≥ 0, the grade step ≥ 1",
        "self_draw_rotate": "self-draw grades must be ≥ 0 and drawn hands to rotate ≥ 1",
        "base_cap": "the cap on a win's base must be ≥ 0 (0: no cap)",
        "player_counts": "player counts must be among 2, 3 and 4",
        "player_counts_text": "player counts: write numbers separated by commas, e.g. 2,3",
        "pair_plus_others_card": "a pair completed by another player's card is a peng or a kan",
        "pattern_names": "two patterns share a name",
        "combo_unknown": "combo {name!r} names unknown patterns: {missing}",
        "huxi_entry": "hu-xi {entry} must be two numbers ≥ 0 (small, big)",
        "unknown_variant": "unknown variant {name!r}; known: {known}",
        "fields": "{reason}",
    }


PATTERN_CODES = tuple(REGISTRY)  # what a pattern row counts or checks: patterns.py, one object each
PAIR_PLUS_OTHERS_CARD = tuple(PAIR_KINDS)  # RuleSet.pair_plus_others_card


def parse_counts(text: str) -> tuple[int, int]:
    """'4' → (4, 4); '11-12' → (11, 12); '13-' → (13, 99)."""
    lo, sep, hi = text.strip().partition("-")
    try:
        low = int(lo)
        high = (int(hi) if hi.strip() else 99) if sep else low
    except ValueError:
        raise RuleSetError("counts_text", counts=text) from None
    if low < 0 or high < low:
        raise RuleSetError("counts_empty", counts=text)
    return low, high


def parse_player_counts(text: str) -> tuple[int, ...]:
    """'2,3' → (2, 3): the table sizes as the admin writes them (R2)."""
    try:
        return tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise RuleSetError("player_counts_text") from None


@dataclass(frozen=True, slots=True)
class PatternSpec:
    """One row of a variant's fan table (名堂, R10)."""

    code: str
    name: str
    fan: int
    counts: str = ""  # count patterns: "4,7,11-12", "13-", "0"
    step: int = 0  # count patterns: extra fan per card above the lowest count of the matching range
    alone_fan: int | None = None  # last_card: the fan when no other pattern applies
    of: str = ""  # combo: "乌胡+对对胡"

    def ranges(self) -> tuple[tuple[int, int], ...]:
        return tuple(parse_counts(part) for part in self.counts.split(",") if part.strip())

    def parts(self) -> tuple[str, ...]:
        """The pattern names a combo row joins with + ("乌胡+对对胡")."""
        return tuple(n.strip() for n in self.of.split("+") if n.strip())

    def validate(self) -> None:
        """Refuse a row the engine cannot score; its pattern object says which fields it needs."""
        pattern = REGISTRY.get(self.code)
        if pattern is None:
            raise RuleSetError("pattern_code", name=self.name, kind=self.code)
        if not self.name.strip():
            raise RuleSetError("pattern_name")
        if self.fan < 0 or self.step < 0 or (self.alone_fan is not None and self.alone_fan < 0):
            raise RuleSetError("pattern_negative", name=self.name)
        for need in pattern.needs:
            if not _FILLED[need](self):
                raise RuleSetError(f"pattern_{need}", name=self.name)


# What a row must give for each field a pattern `needs` (an empty or unreadable one is refused).
_FILLED = {"counts": PatternSpec.ranges, "of": lambda spec: len(spec.parts()) >= 2}


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str
    min_huxi: int = 15  # R7.2
    huxi: HuxiTable = STANDARD_HUXI  # R4 / R10.3
    grade_from: int = 15  # R8.1: grade = 1 + (huxi - grade_from) // grade_step
    grade_step: int = 3
    patterns: tuple[PatternSpec, ...] = ()
    self_draw_grades: int = 1  # R8.3
    self_draw_before_fan: bool = True  # R8.3 [reading]: 000 adds the grade before the fan, 002 after
    discard_win: bool = False  # R6.5 / R10.3: Luzhou may win on a discarded card
    skipped_peng_bars_hu: bool = False  # R10.3 [reading]: 有碰不碰 is a violation, so a player who
    #                                     declined a peng may not hu for the rest of the hand
    heavenly_double_huxi: bool = False  # R9.4: the grade is taken from twice the hu-xi
    mandatory_heavenly_rest: bool = True  # R9.1 [reading]: count the best arrangement of the rest too
    player_counts: tuple[int, ...] = (3,)  # R2: table sizes this variant allows
    drawn_hands_to_rotate: int = 3  # R2: the dealer passes on after this many drawn hands in a row
    pair_plus_others_card: str = "peng"  # R7.1 [reading]: a hand pair completed by another player's
    #                                      winning card (or the shown card) is a peng (1 / 3 hu-xi); "kan"
    #                                      scores it as a kan (3 / 6), as three public engines do
    base_cap: int = 0  # 封顶 [reading]: a win's base is at most this (0: no cap); friends' rooms may set it

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        if not self.name.strip():
            raise RuleSetError("name")
        if self.min_huxi < 0 or self.grade_step < 1 or self.grade_from < 0:
            raise RuleSetError("huxi_grade")
        if self.self_draw_grades < 0 or self.drawn_hands_to_rotate < 1:
            raise RuleSetError("self_draw_rotate")
        if self.base_cap < 0:
            raise RuleSetError("base_cap")
        if not self.player_counts or not set(self.player_counts) <= {2, 3, 4}:
            raise RuleSetError("player_counts")
        if self.pair_plus_others_card not in PAIR_PLUS_OTHERS_CARD:
            raise RuleSetError("pair_plus_others_card")
        names = [p.name for p in self.patterns]
        if len(names) != len(set(names)):
            raise RuleSetError("pattern_names")
        for p in self.patterns:
            p.validate()
            missing = [n for n in p.parts() if n not in names]
            if missing and "of" in REGISTRY[p.code].needs:  # a combo's parts are rows of this table
                raise RuleSetError("combo_unknown", name=p.name, missing=", ".join(missing))
        for entry in dataclasses.fields(HuxiTable):
            pair = getattr(self.huxi, entry.name)
            if len(pair) != 2 or min(pair) < 0:
                raise RuleSetError("huxi_entry", entry=entry.name)

    def grade(self, huxi: int) -> int:
        """R8.1 (Luzhou R10.3: from 10, one grade per hu-xi)."""
        return 1 + (huxi - self.grade_from) // self.grade_step

    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["player_counts"] = list(self.player_counts)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> RuleSet:
        d = dict(d)
        d["huxi"] = HuxiTable(**{k: tuple(v) for k, v in d.get("huxi", {}).items()})
        d["patterns"] = tuple(PatternSpec(**p) for p in d.get("patterns", ()))
        d["player_counts"] = tuple(d.get("player_counts", (3,)))
        try:
            return cls(**d)
        except TypeError as e:
            raise RuleSetError("fields", reason=str(e)) from None


def _p(code: str, name: str, fan: int, **kw) -> PatternSpec:
    return PatternSpec(code=code, name=name, fan=fan, **kw)


# R10.1 Changde 全名堂 (002). 小 is 8 fan [reading]: the fan column says 8, the text 6.
CHANGDE_PATTERNS = (
    _p("red_count", "红胡", 2, counts="4,7,11-12"),
    _p("red_count", "真点胡", 4, counts="1"),
    _p("red_count", "假点胡", 3, counts="10"),
    _p("red_count", "红乌", 4, counts="13-", step=1),
    _p("red_count", "乌胡", 5, counts="0"),
    _p("all_sets", "对对胡", 5),
    _p("big_count", "大", 6, counts="18-", step=1),
    _p("small_count", "小", 8, counts="16-", step=1),
    _p("last_card", "海底", 2, alone_fan=1),
)
# R10.2 Yongzhou levels (004, 000).
YONGZHOU_BASIC_PATTERNS = (
    _p("red_count", "红胡", 2, counts="10-12"),
    _p("red_count", "点胡", 3, counts="1"),
    _p("red_count", "红乌", 4, counts="13-"),
    _p("red_count", "乌胡", 5, counts="0"),
)
YONGZHOU_HALF_PATTERNS = YONGZHOU_BASIC_PATTERNS + (
    _p("all_sets", "对对胡", 4),
    _p("combo", "乌胡对对胡", 10, of="乌胡+对对胡"),
    _p("last_card", "海底", 2, alone_fan=1),
)
# R10.3 Luzhou: heavenly and earthly hu are 2-fan patterns that add to the others.
LUZHOU_GRADE_PATTERNS = (
    _p("heavenly", "天胡", 2),
    _p("earthly", "地胡", 2),
)
LUZHOU_REDBLACK_PATTERNS = LUZHOU_GRADE_PATTERNS + (
    _p("red_count", "红胡", 2, counts="10-"),
    _p("red_count", "乌胡", 4, counts="0"),
)

_HUNAN = dict(player_counts=(3, 4))  # 000: 3 or 4 players
_LUZHOU = dict(min_huxi=10, huxi=LUZHOU_HUXI, grade_from=10, grade_step=1, discard_win=True,
               skipped_peng_bars_hu=True, **_HUNAN)

PRESETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        RuleSet("changde", patterns=CHANGDE_PATTERNS, heavenly_double_huxi=True, player_counts=(2, 3)),
        RuleSet("yongzhou_basic", patterns=YONGZHOU_BASIC_PATTERNS, **_HUNAN),
        RuleSet("yongzhou_half", patterns=YONGZHOU_HALF_PATTERNS, **_HUNAN),
        RuleSet("yongzhou_full", patterns=CHANGDE_PATTERNS, heavenly_double_huxi=True, **_HUNAN),
        RuleSet("luzhou_grade", patterns=LUZHOU_GRADE_PATTERNS, **_LUZHOU),
        RuleSet("luzhou_redblack", patterns=LUZHOU_REDBLACK_PATTERNS, **_LUZHOU),
    )
}


def interned(rules: RuleSet) -> RuleSet:
    """One object for equal rule sets (the first seen; a site plays a few). The engine's memos of what a
    rule set's tables imply (winning.solver_for, scoring._fans) are kept by identity: a rule set made
    anew for every deal (Variant.to_ruleset) would otherwise cost each hand in play its own, past the
    memos' size at a few dozen tables. The deal and every parsed state use it (deal.setup, state.py).
    An object already seen is answered by identity: hashing a rule set walks every field (2 µs a deal)."""
    hit = _SEEN.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_SEEN) > 64:
            _SEEN.clear()
        hit = _SEEN[id(rules)] = rules, _interned(rules)  # the key object is kept, so its id stays its own
    return hit[1]


@lru_cache(maxsize=64)
def _interned(rules: RuleSet) -> RuleSet:
    return rules


_SEEN: dict[int, tuple[RuleSet, RuleSet]] = {}


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleSetError("unknown_variant", name=name, known=", ".join(PRESETS)) from None

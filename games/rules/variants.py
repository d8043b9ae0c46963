"""RuleSet: every regional parameter of RULES.md as one frozen value (R8, R9, R10).

Each **[reading]** of the rule book is a field here, never a branch on a variant's name. The admin's
`Variant` rows build a RuleSet through `RuleSet.from_dict`; the engine sees nothing else.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .groups import LUZHOU_HUXI, STANDARD_HUXI, HuxiTable


class RuleSetError(ValueError):
    """A parameter the engine cannot play with."""


# What a pattern row counts or checks; scoring.py has one small function for each.
PATTERN_CODES = (
    "red_count",    # red cards among the winner's cards, within `counts` (红胡, 点胡, 红乌, 乌胡…)
    "big_count",    # big cards within `counts` (大)
    "small_count",  # small cards within `counts` (小)
    "all_sets",     # no sentence and no jiao (对对胡)
    "last_card",    # won on the last stock card (海底): `fan`, or `alone_fan` when otherwise plain
    "heavenly",     # any heavenly hu, as a fan pattern (Luzhou R10.3)
    "earthly",      # 地胡: the dealer's 下家 wins on the dealer's first discard (Luzhou R10.3)
    "combo",        # `of` names patterns ("乌胡+对对胡"); when all apply, their fans are replaced by `fan`
)


PAIR_PLUS_OTHERS_CARD = ("peng", "kan")  # RuleSet.pair_plus_others_card


def parse_counts(text: str) -> tuple[int, int]:
    """'4' → (4, 4); '11-12' → (11, 12); '13-' → (13, 99)."""
    lo, sep, hi = text.strip().partition("-")
    try:
        low = int(lo)
        high = (int(hi) if hi.strip() else 99) if sep else low
    except ValueError:
        raise RuleSetError(f"counts {text!r}: write a number, a range like 11-12, or 13- for 13 or more")
    if low < 0 or high < low:
        raise RuleSetError(f"counts {text!r}: the range is empty")
    return low, high


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

    def validate(self) -> None:
        if self.code not in PATTERN_CODES:
            raise RuleSetError(f"pattern {self.name!r}: unknown code {self.code!r}")
        if not self.name.strip():
            raise RuleSetError("every pattern needs a name")
        if self.fan < 0 or self.step < 0 or (self.alone_fan is not None and self.alone_fan < 0):
            raise RuleSetError(f"pattern {self.name!r}: fans cannot be negative")
        if self.code.endswith("_count") and not self.ranges():
            raise RuleSetError(f"pattern {self.name!r}: a counting pattern needs counts")
        if self.code == "combo" and len([n for n in self.of.split("+") if n.strip()]) < 2:
            raise RuleSetError(f"pattern {self.name!r}: a combo names two or more patterns, like 乌胡+对对胡")


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

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        if not self.name.strip():
            raise RuleSetError("a rule set needs a name")
        if self.min_huxi < 0 or self.grade_step < 1 or self.grade_from < 0:
            raise RuleSetError("minimum hu-xi and the grade start must be ≥ 0, the grade step ≥ 1")
        if self.self_draw_grades < 0 or self.drawn_hands_to_rotate < 1:
            raise RuleSetError("self-draw grades must be ≥ 0 and drawn hands to rotate ≥ 1")
        if not self.player_counts or not set(self.player_counts) <= {2, 3, 4}:
            raise RuleSetError("player counts must be among 2, 3 and 4")
        if self.pair_plus_others_card not in PAIR_PLUS_OTHERS_CARD:
            raise RuleSetError("a pair completed by another player's card is a peng or a kan")
        names = [p.name for p in self.patterns]
        if len(names) != len(set(names)):
            raise RuleSetError("two patterns share a name")
        for p in self.patterns:
            p.validate()
            if p.code == "combo":
                missing = [n for n in p.of.split("+") if n.strip() and n.strip() not in names]
                if missing:
                    raise RuleSetError(f"combo {p.name!r} names unknown patterns: {', '.join(missing)}")
        for kind in dataclasses.fields(HuxiTable):
            pair = getattr(self.huxi, kind.name)
            if len(pair) != 2 or min(pair) < 0:
                raise RuleSetError(f"hu-xi {kind.name} must be two numbers ≥ 0 (small, big)")

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
            raise RuleSetError(str(e)) from None


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


def preset(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleSetError(f"unknown variant {name!r}; known: {', '.join(PRESETS)}") from None

"""Patterns (名堂, R8.2, R10): one small function per pattern code of `variants.PATTERN_CODES`.

Each function reads a row of the variant's fan table and the facts of a win, and returns the row's fan,
or None when the pattern does not apply. Counts use all the winner's cards, the winning card included.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .variants import PatternSpec


@dataclass(frozen=True, slots=True)
class Facts:
    """What the patterns look at: the winner's card counts and how the hand was won."""

    red: int
    big: int
    small: int
    all_sets: bool  # no sentence and no jiao among the 7 groups
    last_card: bool
    heavenly: bool
    earthly: bool


def _ranges(spec: PatternSpec) -> tuple[tuple[int, int], ...]:
    """A row's count ranges, cached by their text (hashing a str is done in C, a PatternSpec in Python)."""
    hit = _RANGES.get(spec.counts)
    if hit is None:
        hit = _RANGES[spec.counts] = spec.ranges()
    return hit


_RANGES: dict[str, tuple[tuple[int, int], ...]] = {}


def _counted(spec: PatternSpec, n: int) -> int | None:
    """Fan of a counting row: its fan, plus `step` per card above the low end of the matching range."""
    for low, high in _ranges(spec):
        if low <= n <= high:
            return spec.fan + spec.step * (n - low)
    return None


def red_count(spec: PatternSpec, facts: Facts) -> int | None:
    """红胡, 点胡, 红乌, 乌胡…: red cards within the row's counts."""
    return _counted(spec, facts.red)


def big_count(spec: PatternSpec, facts: Facts) -> int | None:
    """大: big cards within the row's counts."""
    return _counted(spec, facts.big)


def small_count(spec: PatternSpec, facts: Facts) -> int | None:
    """小: small cards within the row's counts."""
    return _counted(spec, facts.small)


def all_sets(spec: PatternSpec, facts: Facts) -> int | None:
    """对对胡: every group is a peng, wei, chou-wei, kan, pao or ti (and the jiang)."""
    return spec.fan if facts.all_sets else None


def heavenly(spec: PatternSpec, facts: Facts) -> int | None:
    """天胡 as a fan row (Luzhou, R10.3)."""
    return spec.fan if facts.heavenly else None


def earthly(spec: PatternSpec, facts: Facts) -> int | None:
    """地胡: the dealer's 下家 wins on the dealer's first discard (Luzhou, R10.3)."""
    return spec.fan if facts.earthly else None


def last_card(spec: PatternSpec, facts: Facts, others: bool) -> int | None:
    """海底: won on the last stock card; `alone_fan` when no other pattern applies (R10.1, R10.2)."""
    if not facts.last_card:
        return None
    return spec.fan if others or spec.alone_fan is None else spec.alone_fan


def combo_parts(spec: PatternSpec) -> frozenset[str]:
    """The pattern names a combo row replaces when all of them apply (乌胡+对对胡 → 10)."""
    return frozenset(n.strip() for n in spec.of.split("+") if n.strip())


SIMPLE: dict[str, Callable[[PatternSpec, Facts], int | None]] = {
    "red_count": red_count, "big_count": big_count, "small_count": small_count,
    "all_sets": all_sets, "heavenly": heavenly, "earthly": earthly,
}
# The Facts field each code reads; a combo reads only which other rows apply.
READS = {"red_count": "red", "big_count": "big", "small_count": "small", "all_sets": "all_sets",
         "last_card": "last_card", "heavenly": "heavenly", "earthly": "earthly", "combo": None}


def facts_read(rows: tuple[PatternSpec, ...]) -> tuple[int, ...]:
    """The places (in Facts' field order) of the facts `fans(rows, ·)` reads: facts that agree there
    give the same patterns."""
    read = {READS[p.code] for p in rows}
    return tuple(i for i, name in enumerate(Facts.__slots__) if name in read)


def fans(rows: tuple[PatternSpec, ...], facts: Facts) -> tuple[tuple[str, int], ...]:
    """The patterns that apply, as (name, fan) in the table's row order (R8.2: fans add up)."""
    found = {i: (p.name, f) for i, p in enumerate(rows)
             if p.code in SIMPLE and (f := SIMPLE[p.code](p, facts)) is not None}
    for i, p in enumerate(rows):
        if p.code == "combo":
            parts = combo_parts(p)
            hits = [j for j, (name, _) in found.items() if name in parts]
            if len(hits) == len(parts):
                for j in hits:
                    del found[j]
                found[i] = (p.name, p.fan)
    for i, p in enumerate(rows):
        if p.code == "last_card" and (f := last_card(p, facts, bool(found))) is not None:
            found[i] = (p.name, f)
    return tuple(found[i] for i in sorted(found))

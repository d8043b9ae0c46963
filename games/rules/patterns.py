"""Patterns (名堂, R8.2, R10): one small object per pattern code, all of them in REGISTRY.

A pattern object knows its code, the facts of a win it reads (by name, so scoring can memoise its fans
on those facts alone), what a row of the variant's fan table must give for it (`needs`), and its fan
rule. Counts use all the winner's cards, the winning card included. Adding a pattern is one class here
(decorated with `@register`) and its row in a preset (variants.py); PATTERN_CODES follows REGISTRY.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Protocol


class PatternSpec(Protocol):
    """What a pattern reads of its row in the fan table (variants.PatternSpec, which imports this module)."""

    name: str
    fan: int
    counts: str
    step: int
    alone_fan: int | None

    def ranges(self) -> tuple[tuple[int, int], ...]: ...

    def parts(self) -> tuple[str, ...]: ...


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


FACT_NAMES = tuple(f.name for f in dataclasses.fields(Facts))
Found = dict[int, tuple[str, int]]  # row index → (name, fan) of the rows that apply so far


class Pattern:
    """A pattern code. `stage` orders the rules: 0 reads only the facts; 1 reads the rows found at
    stage 0 (a combo replaces them); 2 reads whether any other row applies (海底's `alone_fan`)."""

    code: ClassVar[str]
    reads: ClassVar[tuple[str, ...]] = ()  # Facts fields
    needs: ClassVar[tuple[str, ...]] = ()  # PatternSpec fields a row must fill ("counts", "of")
    stage: ClassVar[int] = 0

    def apply(self, i: int, spec: PatternSpec, facts: Facts, found: Found) -> None:
        """The fan rule: when row i (`spec`) applies to these facts, found[i] = (its name, its fan)."""
        raise NotImplementedError


REGISTRY: dict[str, Pattern] = {}


def register(cls: type[Pattern]) -> type[Pattern]:
    REGISTRY[cls.code] = cls()
    return cls


class Counted(Pattern):
    """A count of the winner's cards within the row's counts: its fan, plus `step` per card above the
    low end of the matching range."""

    needs = ("counts",)

    def apply(self, i: int, spec: PatternSpec, facts: Facts, found: Found) -> None:
        n = getattr(facts, self.reads[0])
        for low, high in _ranges(spec):
            if low <= n <= high:
                found[i] = spec.name, spec.fan + spec.step * (n - low)
                return


class Flag(Pattern):
    """A yes/no fact of the win: the row's fan when it holds."""

    def apply(self, i: int, spec: PatternSpec, facts: Facts, found: Found) -> None:
        if getattr(facts, self.reads[0]):
            found[i] = spec.name, spec.fan


@register
class RedCount(Counted):
    """红胡, 点胡, 红乌, 乌胡…: red cards within the row's counts."""

    code, reads = "red_count", ("red",)


@register
class BigCount(Counted):
    """大: big cards within the row's counts."""

    code, reads = "big_count", ("big",)


@register
class SmallCount(Counted):
    """小: small cards within the row's counts."""

    code, reads = "small_count", ("small",)


@register
class AllSets(Flag):
    """对对胡: every group is a peng, wei, chou-wei, kan, pao or ti (and the jiang)."""

    code, reads = "all_sets", ("all_sets",)


@register
class LastCard(Pattern):
    """海底: won on the last stock card; `alone_fan` when no other pattern applies (R10.1, R10.2)."""

    code, reads, stage = "last_card", ("last_card",), 2

    def apply(self, i: int, spec: PatternSpec, facts: Facts, found: Found) -> None:
        if facts.last_card:
            found[i] = spec.name, spec.fan if found or spec.alone_fan is None else spec.alone_fan


@register
class Heavenly(Flag):
    """天胡 as a fan row: any heavenly hu (Luzhou, R10.3)."""

    code, reads = "heavenly", ("heavenly",)


@register
class Earthly(Flag):
    """地胡: the dealer's 下家 wins on the dealer's first discard (Luzhou, R10.3)."""

    code, reads = "earthly", ("earthly",)


@register
class Combo(Pattern):
    """`of` names patterns ("乌胡+对对胡"); when all of them apply, their fans are replaced by `fan`."""

    code, needs, stage = "combo", ("of",), 1

    def apply(self, i: int, spec: PatternSpec, facts: Facts, found: Found) -> None:
        parts = frozenset(spec.parts())
        hits = [j for j, (name, _) in found.items() if name in parts]
        if len(hits) == len(parts):
            for j in hits:
                del found[j]
            found[i] = spec.name, spec.fan


def _ranges(spec: PatternSpec) -> tuple[tuple[int, int], ...]:
    """A row's count ranges, cached by their text (hashing a str is done in C, a PatternSpec in Python)."""
    hit = _RANGES.get(spec.counts)
    if hit is None:
        if len(_RANGES) >= RANGES_CAPACITY:
            _RANGES.clear()
        hit = _RANGES[spec.counts] = spec.ranges()
    return hit


_RANGES: dict[str, tuple[tuple[int, int], ...]] = {}
RANGES_CAPACITY = 256  # the presets have 9 texts; custom rule sets add a few (cleared past it)


def facts_read(rows: tuple[PatternSpec, ...]) -> frozenset[str]:
    """The names of the facts `fans(rows, ·)` reads: facts that agree on them give the same patterns."""
    return frozenset(name for p in rows for name in REGISTRY[p.code].reads)


class Table:
    """A variant's fan table, its rows in the order their rules run: by stage, then as listed (built once
    per table: scoring keeps one per pattern tuple)."""

    def __init__(self, rows: tuple[PatternSpec, ...]) -> None:
        self.rows = rows
        self.plan = sorted(((i, spec, REGISTRY[spec.code]) for i, spec in enumerate(rows)),
                           key=lambda step: step[2].stage)

    def fans(self, facts: Facts) -> tuple[tuple[str, int], ...]:
        """The patterns that apply, as (name, fan) in the table's row order (R8.2: fans add up)."""
        found: Found = {}
        for i, spec, pattern in self.plan:
            pattern.apply(i, spec, facts, found)
        return tuple(found[i] for i in sorted(found))


def fans(rows: tuple[PatternSpec, ...], facts: Facts) -> tuple[tuple[str, int], ...]:
    """Table(rows).fans(facts), for a table scored once."""
    return Table(rows).fans(facts)

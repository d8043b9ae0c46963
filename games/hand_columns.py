"""The own hand in columns, the way players hold it (R3): each kan together, then the sentences and
jiao the player could keep, then pairs, then the loose cards in short stacks. Only a display: the
player may rearrange it in the page (table.js keeps that for the hand)."""
from __future__ import annotations

from functools import lru_cache

from games.rules import cards as C
from games.rules import chi_groups_with

MAX_COLUMNS = 8  # what a 360 px phone holds at 40 px apart
LOOSE_STACK = 3  # loose cards per column, raised while the columns do not fit


def columns(cards: list[int]) -> list[dict]:
    """[{"kind": "kan" | "sentence" | "pair" | "loose", "cards": [kinds…]}, …] covering `cards`."""
    return [{"kind": kind, "cards": list(kinds)} for kind, kinds in _columns(tuple(C.counts(cards)))]


@lru_cache(maxsize=4096)  # a hand changes on its owner's moves only, and is shown on every move
def _columns(counts: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    out = [("kan", (k,) * counts[k]) for k in C.KINDS if counts[k] >= 3]
    rest = tuple(0 if n >= 3 else n for n in counts)
    groups, loose = _keep(rest)
    out += [("sentence", tuple(g)) for g in groups]
    left = C.counts(loose)
    out += [("pair", (k, k)) for k in C.KINDS if left[k] == 2]
    singles = tuple(k for k in loose if left[k] == 1)
    size = LOOSE_STACK
    while len(out) + -(-len(singles) // size) > MAX_COLUMNS and size < len(singles):
        size += 1
    out += [("loose", singles[i:i + size]) for i in range(0, len(singles), size)]
    return tuple(out)


@lru_cache(maxsize=4096)
def _keep(counts: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(groups, loose cards) putting the most cards in sentences and jiao, then the most pairs among
    the rest: the lowest card either starts a group it belongs to or stays loose."""
    low = next((k for k in C.KINDS if counts[k]), None)
    if low is None:
        return (), ()
    skipped = list(counts)
    skipped[low] -= 1
    groups, loose = _keep(tuple(skipped))
    best = (groups, tuple(sorted((low, *loose))))
    for group in chi_groups_with(low):
        after = C.minus(counts, group)
        if after is not None:
            sub, sub_loose = _keep(after)
            candidate = ((group, *sub), sub_loose)
            if _score(candidate) > _score(best):
                best = candidate
    return best


def _score(split) -> tuple[int, int]:
    groups, loose = split
    left = C.counts(loose)
    return 3 * len(groups), sum(1 for n in left if n == 2)

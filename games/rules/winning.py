"""Winning splits (R7.1): holdings → the 7 groups (门子) with the most hu-xi.

Data layout, for speed: the hand is a count vector of 20. Kans (3 in hand) and unlaid ti (4 in hand)
are fixed groups, like the table's groups. The winning card joins the holdings in the ways R5/R7.1
allow for its source, which gives one to three *configurations* (fixed groups, free counts). The free
cards (at most 3 of a kind) split into sentences, jiao and at most one jiang. Jiao are the only groups
mixing sizes, so they are chosen first; then each size splits on its own, memoised on its 10 counts.
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from itertools import product

from .groups import FOUR_SAME, Group, HuxiTable, Kind

GROUPS = 7  # R7.1: exactly 7 groups


class Source(StrEnum):
    """Where the winning card came from (R7.3)."""

    OWN_DRAW = "own_draw"
    OTHER_DRAW = "other_draw"
    DISCARD = "discard"
    SHOWN = "shown"  # the dealer's shown card (R9.3): a heavenly hu


# R5.3 / R5.2: table groups a card of each source turns into a pao (or ti, for the owner's draw).
_PAO_FROM_TABLE = {
    Source.OWN_DRAW: frozenset({Kind.PENG}),  # a peng paos on any draw, the owner's too
    Source.OTHER_DRAW: frozenset({Kind.PENG, Kind.WEI, Kind.CHOUWEI}),
    Source.DISCARD: frozenset({Kind.WEI, Kind.CHOUWEI}),  # a discard never paos a peng (002)
    Source.SHOWN: frozenset(),  # R9.3: the shown card never makes a pao or ti for the others
}
_PAO_FROM_KAN = frozenset({Source.OTHER_DRAW, Source.DISCARD})
_PENG_FROM_PAIR = frozenset({Source.OTHER_DRAW, Source.DISCARD, Source.SHOWN})  # R7.1 [reading]
_OWN_WEI_KINDS = frozenset({Kind.WEI, Kind.CHOUWEI})
_TABLE_THREE = frozenset({Kind.PENG, Kind.WEI, Kind.CHOUWEI})

# A split is a tuple of (Kind, cards) pairs; Group objects are built only for the chosen one.
Raw = tuple[Kind, tuple[int, ...]]
Config = tuple[list[Raw], list[int]]


def hand_counts(hand: Sequence[int], card: int | None = None) -> list[int]:
    c = [0] * 20
    for k in hand:
        c[k] += 1
    if card is not None:
        c[card] += 1
    return c


def fixed_groups(table: Sequence[Group], counts: list[int]) -> tuple[list[Raw], list[int]]:
    """Table groups as they are, plus the hand's kans and unlaid ti (R7.1); the rest is free."""
    fixed: list[Raw] = [(g.kind, g.cards) for g in table]
    free = counts[:]
    for k in range(20):
        n = counts[k]
        if n >= 3:
            fixed.append((Kind.KAN if n == 3 else Kind.TI, (k,) * n))
            free[k] = 0
    return fixed, free


def configurations(table: Sequence[Group], hand: Sequence[int], card: int | None,
                   source: Source | None) -> list[Config]:
    """Every way the winning card may join the holdings for its source (R5, R7.1)."""
    counts = hand_counts(hand)
    fixed, free = fixed_groups(table, counts)
    if card is None:
        return [(fixed, free)]
    c = card
    in_hand = counts[c]
    at = next((i for i, (kind, cards) in enumerate(fixed)
               if cards[0] == c and (kind in _TABLE_THREE or kind == Kind.KAN)), None)
    kind_at = fixed[at][0] if at is not None else None

    def joined(kind: Kind) -> Config:
        return fixed[:at] + [(kind, (c,) * 4)] + fixed[at + 1:], free

    loose = fixed, free[:c] + [free[c] + 1] + free[c + 1:]
    if source is Source.OWN_DRAW:  # R7.1: ti / wei come first, then the holdings as they stand
        if in_hand == 2:
            return [(fixed + [(Kind.WEI, (c, c, c))], free[:c] + [0] + free[c + 1:])]
        if kind_at == Kind.KAN or kind_at in _OWN_WEI_KINDS:
            return [joined(Kind.TI)]
    options = [loose]
    if kind_at == Kind.KAN and source in _PAO_FROM_KAN or kind_at in _PAO_FROM_TABLE.get(source, ()):
        options.append(joined(Kind.PAO))
    if in_hand == 2 and source in _PENG_FROM_PAIR:
        options.append((fixed + [(Kind.PENG, (c, c, c))], free[:c] + [0] + free[c + 1:]))
    return options


@lru_cache(maxsize=4096)
def group_huxi(table: HuxiTable, kind: Kind, cards: tuple[int, ...]) -> int:
    return table.huxi(kind, cards)


def best_split(table: HuxiTable, fixed: list[Raw], free: Sequence[int]) -> tuple[int, tuple[Raw, ...]] | None:
    """The highest hu-xi 7-group split of one configuration, or None when it has no such split."""
    need = GROUPS - len(fixed)
    pair = any(kind in FOUR_SAME for kind, _ in fixed)  # R7.1: one jiang iff a pao or ti
    if need < pair or sum(free) != 3 * need - pair:
        return None
    found = free_split(tuple(free), pair, table.s123, table.s2710)
    if found is None:
        return None
    huxi = found[0]
    for kind, cards in fixed:
        huxi += group_huxi(table, kind, cards)
    return huxi, tuple(fixed) + found[1]


_JIANG_IN_ONE_SIZE = ((2, 0), (0, 2))  # card counts mod 3 per size: the jiang's size has 2 left
_NO_JIANG = ((0, 0),)


def _jiao_options(s: int, b: int) -> list[tuple[int, int]]:
    """(2 small + 1 big, 1 small + 2 big) counts that fit s small and b big cards of one value."""
    return [(x, y) for x in range(s // 2 + 1) for y in range(b // 2 + 1)
            if 2 * x + y <= s and x + 2 * y <= b]


@lru_cache(maxsize=1 << 16)
def free_split(free: tuple[int, ...], pair: bool, w123: tuple[int, int],
               w2710: tuple[int, int]) -> tuple[int, tuple[Raw, ...]] | None:
    """Best split of free cards into sentences, jiao and (iff `pair`) one jiang."""
    values = [v for v in range(10) if free[v] and free[v + 10] and free[v] + free[v + 10] >= 3]
    choices = [_jiao_options(free[v], free[v + 10]) for v in values]
    best = None
    for combo in product(*choices):
        small, big = list(free[:10]), list(free[10:])
        jiao: list[Raw] = []
        for v, (x, y) in zip(values, combo):
            small[v] -= 2 * x + y
            big[v] -= x + 2 * y
            jiao += [(Kind.JIAO, (v, v, v + 10))] * x + [(Kind.JIAO, (v, v + 10, v + 10))] * y
        rs, rb = sum(small) % 3, sum(big) % 3
        if (rs, rb) not in (_JIANG_IN_ONE_SIZE if pair else _NO_JIANG):
            continue
        a = _suit(tuple(small), rs == 2, w123[0], w2710[0])
        b = _suit(tuple(big), rb == 2, w123[1], w2710[1]) if a is not None else None
        if b is not None and (best is None or a[0] + b[0] > best[0]):
            best = (a[0] + b[0], tuple(jiao) + a[1] + tuple((k, tuple(x + 10 for x in cs)) for k, cs in b[1]))
    return best


@lru_cache(maxsize=1 << 16)
def _suit(vec: tuple[int, ...], pair: bool, w123: int, w2710: int) -> tuple[int, tuple[Raw, ...]] | None:
    """Best split of one size's cards (values 1..10 as indexes 0..9) into sentences (+ one jiang)."""
    i = next((i for i in range(10) if vec[i]), None)
    if i is None:
        return None if pair else (0, ())
    best = None

    def take(idx: tuple[int, ...], kind: Kind, gain: int, still_pair: bool) -> None:
        nonlocal best
        rest = list(vec)
        for j in idx:
            rest[j] -= 1
        sub = _suit(tuple(rest), still_pair, w123, w2710)
        if sub is not None and (best is None or sub[0] + gain > best[0]):
            best = (sub[0] + gain, ((kind, idx),) + sub[1])

    if i <= 7 and vec[i + 1] and vec[i + 2]:
        take((i, i + 1, i + 2), Kind.SENTENCE, w123 if i == 0 else 0, pair)
    if i == 1 and vec[6] and vec[9]:
        take((1, 6, 9), Kind.SENTENCE, w2710, pair)
    if pair and vec[i] >= 2:
        take((i, i), Kind.JIANG, 0, False)
    return best


def heavenly_sets(table: Sequence[Group], counts: list[int]) -> tuple[int, int]:
    """(ti, kan) for the mandatory heavenly hu (R9.1): a ti counts as a kan, a kan never as a ti."""
    ti = sum(1 for g in table if g.kind == Kind.TI) + counts.count(4)
    return ti, ti + counts.count(3)


def rest_arrangement(free: Sequence[int], table: HuxiTable) -> tuple[int, tuple[Raw, ...], tuple[int, ...]]:
    """R9.1 [reading]: the most hu-xi the loose cards give (一二三 / 二七十), and the cards left over."""
    huxi, groups, left = 0, [], list(free)
    for size in (0, 10):
        one, two, three, seven, ten = (left[size + v] for v in (0, 1, 2, 6, 9))
        w123, w2710 = table.s123[size // 10], table.s2710[size // 10]
        a, b = max(((a, b) for a in range(min(one, two, three) + 1) for b in range(min(two - a, seven, ten) + 1)),
                   key=lambda ab: ab[0] * w123 + ab[1] * w2710)
        huxi += a * w123 + b * w2710
        for idx, n in (((size, size + 1, size + 2), a), ((size + 1, size + 6, size + 9), b)):
            groups += [(Kind.SENTENCE, idx)] * n
            for j in idx:
                left[j] -= n
    rest = tuple(k for k in range(20) for _ in range(left[k]))
    return huxi, tuple(groups), rest

"""Winning splits (R7.1): holdings → the 7 groups (门子) with the most hu-xi.

Data layout, for speed. The hand is a count vector of 20. Kans (3 in hand) and unlaid ti (4 in hand)
are fixed groups, like the table's groups. The winning card joins the holdings in the ways R5 / R7.1
allow for its source: one to three *configurations* (fixed groups, free counts). The free cards split
into sentences, jiao and at most one jiang. Jiao are the only groups mixing sizes, so they are chosen
first; then each size splits on its own. A size's counts are packed into an int (one byte per value),
so a jiao choice is a subtraction and the per-size memo is keyed on a plain int.
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

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
_JOINABLE = frozenset({Kind.KAN, Kind.PENG, Kind.WEI, Kind.CHOUWEI})

# A split is a tuple of (Kind, cards) pairs, cards sorted; Group objects are built only for the chosen one.
Raw = tuple[Kind, tuple[int, ...]]
Config = tuple[list[Raw], list[int]]
Found = tuple[int, tuple[Raw, ...]]  # (hu-xi, split)


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
    if max(counts) >= 3:
        for k, n in enumerate(counts):
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
    at = kind_at = None  # the kan, peng or wei the card could join
    for i, (kind, cards) in enumerate(fixed):
        if cards[0] == c and kind in _JOINABLE:
            at, kind_at = i, kind
    if source is Source.OWN_DRAW:  # R7.1: ti / wei come first, then the holdings as they stand
        if counts[c] == 2:
            return [(fixed + [(Kind.WEI, (c, c, c))], _with(free, c, 0))]
        if kind_at == Kind.KAN or kind_at in _OWN_WEI_KINDS:
            return [(_replaced(fixed, at, Kind.TI, c), free)]
    options = [(fixed, _with(free, c, free[c] + 1))]
    if kind_at == Kind.KAN and source in _PAO_FROM_KAN or kind_at in _PAO_FROM_TABLE.get(source, ()):
        options.append((_replaced(fixed, at, Kind.PAO, c), free))
    if counts[c] == 2 and source in _PENG_FROM_PAIR:
        options.append((fixed + [(Kind.PENG, (c, c, c))], _with(free, c, 0)))
    return options


def _with(free: list[int], k: int, n: int) -> list[int]:
    out = free[:]
    out[k] = n
    return out


def _replaced(fixed: list[Raw], at: int, kind: Kind, c: int) -> list[Raw]:
    return fixed[:at] + [(kind, (c,) * 4)] + fixed[at + 1:]


def best_split(table: HuxiTable, fixed: list[Raw], free: Sequence[int]) -> Found | None:
    """The highest hu-xi 7-group split of one configuration, or None when it has no such split."""
    need = GROUPS - len(fixed)
    pair = False
    for kind, _ in fixed:
        if kind in FOUR_SAME:  # R7.1: one jiang iff a pao or ti
            pair = True
            break
    if need < pair or sum(free) != 3 * need - pair:
        return None
    solver = solver_for(table)
    found = solver.free_split(free, pair)
    if found is None:
        return None
    huxi, groups = found
    memo = solver.huxi
    for group in fixed:
        huxi += memo.get(group, 0)
    return huxi, tuple(fixed) + groups


def group_huxi(table: HuxiTable, kind: Kind, cards: tuple[int, ...]) -> int:
    return solver_for(table).huxi.get((kind, cards), 0)


def solver_for(table: HuxiTable) -> _Solver:
    """The solver of one hu-xi table, memoised by identity (the table is kept in the memo, so its id
    stays its own): hashing a HuxiTable field by field on every evaluation would cost more than it saves."""
    hit = _SOLVERS.get(id(table))
    if hit is None or hit[0] is not table:
        if len(_SOLVERS) > 64:
            _SOLVERS.clear()
        hit = _SOLVERS[id(table)] = table, _Solver(table)
    return hit[1]


_SOLVERS: dict[int, tuple[HuxiTable, _Solver]] = {}
_BYTE = tuple(1 << 8 * v for v in range(10))  # value index v of one size lives in byte v


def _jiao_options(v: int, s: int, b: int) -> tuple[tuple[int, int, int, int, tuple[Raw, ...]], ...]:
    """The jiao that fit s small and b big cards of value index v: x times 2 small + 1 big and
    y times 1 small + 2 big, as (small used, big used, small bytes, big bytes, groups)."""
    return tuple((2 * x + y, x + 2 * y, (2 * x + y) * _BYTE[v], (x + 2 * y) * _BYTE[v],
                  ((Kind.JIAO, (v, v, v + 10)),) * x + ((Kind.JIAO, (v, v + 10, v + 10)),) * y)
                 for x in range(s // 2 + 1) for y in range(b // 2 + 1) if 2 * x + y <= s and x + 2 * y <= b)


# _JIAO[v][s][b]: the jiao choices at value index v with s small and b big free cards (counts ≤ 4).
_JIAO = [[[_jiao_options(v, s, b) for b in range(5)] for s in range(5)] for v in range(10)]


class _Solver:
    """Best splits of free cards under one hu-xi table."""

    def __init__(self, table: HuxiTable) -> None:
        groups = [(kind, (k,) * n) for k in range(20) for kind, n in (
            (Kind.KAN, 3), (Kind.PENG, 3), (Kind.WEI, 3), (Kind.CHOUWEI, 3), (Kind.PAO, 4), (Kind.TI, 4))]
        groups += [(Kind.SENTENCE, (size + a, size + b, size + c))
                   for size in (0, 10) for a, b, c in ((0, 1, 2), (1, 6, 9))]
        self.huxi = {g: h for g in groups if (h := table.huxi(*g))}  # R4: every other group has none
        self.small = _Size(table.s123[0], table.s2710[0], 0)
        self.big = _Size(table.s123[1], table.s2710[1], 10)

    def free_split(self, free: Sequence[int], pair: bool) -> Found | None:
        """Best split of free cards into sentences, jiao and (iff `pair`) one jiang.

        Each choice of jiao leaves two sizes that split on their own; a choice whose leftover card
        counts cannot fit (3 a group, 2 for the jiang) is skipped before any search.
        """
        low, high = free[:10], free[10:]
        xs, xb = int.from_bytes(bytes(low), "little"), int.from_bytes(bytes(high), "little")
        ns, nb = sum(low), sum(high)
        choices = [(0, 0, 0, 0, ())]  # every choice of jiao, folded value by value: used counts, groups
        for v, s, b in zip(range(10), low, high):
            if s and b and s + b >= 3:
                choices = [(ds + es, db + eb, dxs + exs, dxb + exb, gs + hs)
                           for ds, db, dxs, dxb, gs in choices for es, eb, exs, exb, hs in _JIAO[v][s][b]]
        best = None
        for ds, db, dxs, dxb, jiao in choices:
            rs, rb = (ns - ds) % 3, (nb - db) % 3
            if (rs + rb != 2 or rs == 1) if pair else (rs or rb):
                continue
            a = self.small.best(xs - dxs, rs == 2)
            b = self.big.best(xb - dxb, rb == 2) if a is not None else None
            if b is not None and (best is None or a[0] + b[0] > best[0]):
                best = a[0] + b[0], jiao + a[1] + b[1]
        return best


_UNKNOWN = object()
_MEMO_SIZE = 1 << 16  # per size and hu-xi table; a full memo is dropped and refilled


class _Size:
    """Best splits of one size's cards into sentences and, iff `pair`, one jiang, memoised per packed
    counts. The lowest card left must start a group, so the search branches only there."""

    def __init__(self, w123: int, w2710: int, offset: int) -> None:
        self.memo: dict[int, Found | None] = {}
        k = offset
        # per lowest value index i: (bytes removed, group, hu-xi gained)
        self.runs = [(_BYTE[i] + _BYTE[i + 1] + _BYTE[i + 2], (Kind.SENTENCE, (k + i, k + i + 1, k + i + 2)),
                      w123 if i == 0 else 0) for i in range(8)]
        self.s2710 = (_BYTE[1] + _BYTE[6] + _BYTE[9], (Kind.SENTENCE, (k + 1, k + 6, k + 9)), w2710)
        self.pairs = [(2 * _BYTE[i], (Kind.JIANG, (k + i, k + i)), 0) for i in range(10)]

    def best(self, x: int, pair: bool) -> Found | None:
        key = x << 1 | pair
        memo = self.memo
        found = memo.get(key, _UNKNOWN)  # one lookup: safe if another thread clears the memo
        if found is not _UNKNOWN:
            return found
        if not x:
            found = None if pair else (0, ())
        else:
            found = None
            i = ((x & -x).bit_length() - 1) >> 3  # the lowest value held
            moves = []
            if i <= 7 and (x >> 8 * i + 8) & 255 and (x >> 8 * i + 16) & 255:
                moves.append((self.runs[i], pair))
            if i == 1 and (x >> 48) & 255 and (x >> 72) & 255:
                moves.append((self.s2710, pair))
            if pair and (x >> 8 * i) & 255 >= 2:
                moves.append((self.pairs[i], False))
            for (delta, group, gain), still_pair in moves:
                sub = self.best(x - delta, still_pair)
                if sub is not None and (found is None or sub[0] + gain > found[0]):
                    found = sub[0] + gain, (group,) + sub[1]
        if len(memo) > _MEMO_SIZE:
            memo.clear()
        memo[key] = found
        return found


def heavenly_sets(table: Sequence[Group], counts: list[int]) -> tuple[int, int]:
    """(ti, kan) for the mandatory heavenly hu (R9.1): a ti counts as a kan, a kan never as a ti."""
    ti = sum(1 for g in table if g.kind == Kind.TI) + counts.count(4)
    return ti, ti + counts.count(3)


def rest_arrangement(free: Sequence[int], table: HuxiTable) -> tuple[int, tuple[Raw, ...], tuple[int, ...]]:
    """R9.1 [reading]: the most hu-xi the loose cards give (一二三 / 二七十 as often as they fit); the
    cards left are then grouped where they can be, lowest first, for the player to see; the cards that
    fit no group come back on their own."""
    huxi, groups, left = 0, [], list(free)

    def take(kind: Kind, idx: tuple[int, ...], times: int = 1) -> None:
        groups.extend([(kind, idx)] * times)
        for j in idx:
            left[j] -= times

    for size in (0, 10):
        one, two, three, seven, ten = (left[size + v] for v in (0, 1, 2, 6, 9))
        w123, w2710 = table.s123[size // 10], table.s2710[size // 10]
        a, b = max(((a, b) for a in range(min(one, two, three) + 1) for b in range(min(two - a, seven, ten) + 1)),
                   key=lambda ab: ab[0] * w123 + ab[1] * w2710)
        huxi += a * w123 + b * w2710
        take(Kind.SENTENCE, (size, size + 1, size + 2), a)
        take(Kind.SENTENCE, (size + 1, size + 6, size + 9), b)
    rest = []
    for k in range(20):
        while left[k]:
            v, other = k % 10, (k + 10) % 20
            for kind, idx in ((Kind.SENTENCE, (k, k + 1, k + 2)), (Kind.JIAO, tuple(sorted((k, k, other)))),
                              (Kind.JIAO, tuple(sorted((k, other, other))))):
                if (kind == Kind.JIAO or v <= 7) and all(left[j] >= idx.count(j) for j in idx):
                    take(kind, idx)
                    break
            else:
                left[k] -= 1
                rest.append(k)
    return huxi, tuple(groups), tuple(rest)

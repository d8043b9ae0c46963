"""Winning splits (R7.1): holdings → the 7 groups (门子) with the most hu-xi.

Data layout, for speed. Counts are *packed*: the count of card kind k in bits 3k..3k+2 of an int
(small cards in bits 0-29, big in 30-59), so adding or taking cards is an addition, a memo key a small
int, and a hand is counted by one C-level sum.
Kans (3 in hand) and unlaid ti (4 in hand) are fixed groups, like the table's groups; what the fixed
groups add up to (hu-xi, groups, pao/ti, ...) is a *tally*, one byte a field, summed over the groups.
The winning card joins the holdings in the ways R5 / R7.1 allow for its source: one to three
*configurations* (fixed tally, free counts, the change the card makes to the fixed groups). The free
cards split into sentences, jiao and at most one jiang. Jiao are the only groups mixing sizes, so they
are chosen first; then each size splits on its own, memoised per packed counts. A group in a split is
a *record* made once per hu-xi table: (rank in the order a split is shown, Group, tally), so listing,
sorting and scoring a split never hashes a group.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from operator import mul

from . import cards as C
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
    None: frozenset(),  # a card of no source joins the holdings as it is
}
_PAO_FROM_KAN = frozenset({Source.OTHER_DRAW, Source.DISCARD})
_PAIR_FROM_OTHERS = frozenset({Source.OTHER_DRAW, Source.DISCARD, Source.SHOWN})  # R7.1 [reading]
PAIR_KINDS = {"peng": Kind.PENG, "kan": Kind.KAN}  # RuleSet.pair_plus_others_card → the group it makes
_OWN_WEI_KINDS = frozenset({Kind.WEI, Kind.CHOUWEI})
_JOINABLE = frozenset({Kind.KAN, Kind.PENG, Kind.WEI, Kind.CHOUWEI})
CHI_KINDS = frozenset({Kind.SENTENCE, Kind.JIAO})
# Enum members bound once: reading Kind.X or Source.X goes through EnumType.__getattr__ (0.1 µs).
_KAN, _TI, _PAO, _WEI, _OWN_DRAW = Kind.KAN, Kind.TI, Kind.PAO, Kind.WEI, Source.OWN_DRAW

# A record: (rank in the order a split is shown, group, tally). Raw: a group as (kind, cards).
Record = tuple[int, Group, int]
Raw = tuple[Kind, tuple[int, ...]]
Found = tuple[int, tuple[Record, ...]]  # (hu-xi, groups)
# A configuration: (tally of the fixed groups, packed free counts, change), the change the winning card
# makes to the fixed groups being None, (None, added group) or (replaced group, new group).
Config = tuple[int, int, tuple | None]

# Packed counts, 3 bits a kind (a deck has 4 copies): 20 kinds fit a machine word, so sum() adds
# them in C.
_ONE = tuple(1 << 3 * k for k in range(20))  # one card of kind k
_SMALL = (1 << 30) - 1  # the small cards' fields
_UNITS = sum(_ONE)  # bit 0 of every field
_RED = sum(7 << 3 * k for k in range(20) if C.is_red(k))  # the red kinds' fields


def unpacked(x: int) -> list[int]:
    """Packed counts as a count vector of 20."""
    return [x >> 3 * k & 7 for k in range(20)]


_unit_of = _ONE.__getitem__  # a card's packed count


def packed_cards(hand: Iterable[int]) -> int:
    """The packed counts of holdings given as a list of cards (evaluate's hands)."""
    return sum(map(_unit_of, hand))


def packed_counts(counts: Sequence[int]) -> int:
    """The packed counts of holdings given as a count vector (the turn loop's hands): no list of
    cards to build on the way."""
    return sum(map(mul, counts, _ONE))


def _count_table() -> list[int]:
    """How many cards packed counts x < 2 ** 15 (5 kinds) hold, for every x."""
    table = [0] * (1 << 15)
    for x in range(1, 1 << 15):
        table[x] = table[x >> 3] + (x & 7)
    return table


_COUNT = _count_table()


# Tally fields, one byte each (7 groups never overflow one).
_HUXI, _GROUPS, _FOURS, _CHI, _REDS, _BIGS, _CARDS = (8 * i for i in range(7))
# The order a split is shown in.
_SHOWN_ORDER = {k: i for i, k in enumerate(
    (Kind.TI, Kind.PAO, Kind.WEI, Kind.CHOUWEI, Kind.PENG, Kind.KAN, Kind.SENTENCE, Kind.JIAO, Kind.JIANG))}


def tally(huxi: int, kind: Kind, cards: tuple[int, ...]) -> int:
    """The tally of one group of this hu-xi."""
    return (huxi << _HUXI | 1 << _GROUPS | (kind in FOUR_SAME) << _FOURS | (kind in CHI_KINDS) << _CHI
            | sum(map(C.is_red, cards)) << _REDS | sum(map(C.is_big, cards)) << _BIGS | len(cards) << _CARDS)


def rank(kind: Kind, cards: tuple[int, ...]) -> int:
    """An int ordered as (place of the kind in a shown split, cards) would be, so a sort compares ints."""
    r = _SHOWN_ORDER[kind]
    for i in range(8):  # cards as digits 1-20 (0 past the last card), a shorter list first
        r = r << 5 | (cards[i] + 1 if i < len(cards) else 0)
    return r


def hand_counts(hand: Sequence[int], card: int | None = None) -> list[int]:
    c = [0] * 20
    for k in hand:
        c[k] += 1
    if card is not None:
        c[card] += 1
    return c


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
_FIELD = _ONE[:10]  # value index v of one size lives in field v


class _Records(dict):
    """The record of each (kind, cards) group under one hu-xi table, made on first use."""

    def __init__(self, huxi: dict[Raw, int]) -> None:
        super().__init__()
        self.huxi = huxi

    def __missing__(self, raw: Raw) -> Record:
        kind, cards = raw
        hit = self[raw] = rank(kind, cards), Group(kind, cards), tally(self.huxi.get(raw, 0), kind, cards)
        return hit


class _Solver:
    """Best splits under one hu-xi table."""

    def __init__(self, table: HuxiTable) -> None:
        groups = [(kind, (k,) * n) for k in range(20) for kind, n in (
            (Kind.KAN, 3), (Kind.PENG, 3), (Kind.WEI, 3), (Kind.CHOUWEI, 3), (Kind.PAO, 4), (Kind.TI, 4))]
        groups += [(Kind.SENTENCE, (size + a, size + b, size + c))
                   for size in (0, 10) for a, b, c in ((0, 1, 2), (1, 6, 9))]
        self.huxi = {g: h for g in groups if (h := table.huxi(*g))}  # R4: every other group has none
        self.records = records = _Records(self.huxi)
        # jiao[v][s][b]: the jiao choices at value index v with s small and b big free cards (a free count
        # is at most 3), "no jiao" first
        self.jiao = [[[self._jiao_options(v, s, b) for b in range(5)] for s in range(5)] for v in range(10)]
        self.small = _Size(records, table.s123[0], table.s2710[0], 0)
        self.big = _Size(records, table.s123[1], table.s2710[1], 10)

    def _jiao_options(self, v: int, s: int, b: int) -> tuple[tuple[int, int, int, tuple[Record, ...]], ...]:
        """The jiao that fit s small and b big cards of value index v: x times 2 small + 1 big and
        y times 1 small + 2 big, as (small cards used mod 3, small counts, big counts, groups). A jiao holds
        3 cards, so the big cards used are minus the small ones, mod 3."""
        low, high = self.records[Kind.JIAO, (v, v, v + 10)], self.records[Kind.JIAO, (v, v + 10, v + 10)]
        return tuple(((2 * x + y) % 3, (2 * x + y) * _FIELD[v], (x + 2 * y) * _FIELD[v], (low,) * x + (high,) * y)
                     for x in range(s // 2 + 1) for y in range(b // 2 + 1) if 2 * x + y <= s and x + 2 * y <= b)

    def configurations(self, table: Sequence[Group], counts: int, card: int | None,
                       source: Source | None, pair: str = "peng") -> tuple[list[Record], list[Config]]:
        """Every way the winning card may join the holdings (their packed counts) for its source (R5,
        R7.1), and the fixed groups before it does: the table's as they are, and the hand's kans and
        unlaid ti (R7.1). Another player's card joining a hand pair makes a peng, or a kan where `pair`
        (the rule set's pair_plus_others_card, R7.1 [reading]) says so; the hu-xi table values either."""
        records = self.records
        acc = 0
        fixed = []
        joins = None  # the kan, peng or wei the card could join
        for g in table:
            record = records[g.kind, g.cards]
            fixed.append(record)
            acc += record[2]
            if g.cards[0] == card and g.kind in _JOINABLE:
                joins = record
        sets = (counts >> 2 | counts >> 1 & counts) & _UNITS  # bit 3k: 3 or 4 of kind k
        free = counts & ~(sets * 7)
        while sets:  # kans and ti, by kind
            low = sets & -sets
            sets ^= low
            k = low.bit_length() // 3
            n = counts >> 3 * k & 7
            record = records[_KAN if n == 3 else _TI, (k,) * n]
            fixed.append(record)
            acc += record[2]
        if card is None:
            return fixed, [(acc, free, None)]
        c = card
        n = counts >> 3 * c & 7
        if n == 3:
            joins = records[_KAN, (c, c, c)]
        kind_at = joins and joins[1].kind
        if source is _OWN_DRAW:  # R7.1: ti / wei come first, then the holdings as they stand
            if n == 2:
                return fixed, [self._added(acc, free, _WEI, c)]
            if kind_at == _KAN or kind_at in _OWN_WEI_KINDS:
                return fixed, [self._four(acc, free, joins, _TI)]
        options = [(acc, free + _ONE[c], None)]
        if kind_at is not None and (kind_at == _KAN and source in _PAO_FROM_KAN
                                    or kind_at in _PAO_FROM_TABLE[source]):
            options.append(self._four(acc, free, joins, _PAO))
        if n == 2 and source in _PAIR_FROM_OTHERS:
            options.append(self._added(acc, free, PAIR_KINDS[pair], c))
        return fixed, options

    def _added(self, acc: int, free: int, kind: Kind, c: int) -> Config:
        """The hand's pair of c and the card as a new group of three."""
        record = self.records[kind, (c, c, c)]
        return acc + record[2], free - 2 * _ONE[c], (None, record)

    def _four(self, acc: int, free: int, was: Record, kind: Kind) -> Config:
        """The card making the fixed group `was` (a kan, peng or wei) a pao or ti."""
        record = self.records[kind, (was[1].cards[0],) * 4]
        return acc - was[2] + record[2], free, (was, record)

    def best_split(self, config: Config) -> tuple[int, bool, tuple[Record, ...]] | None:
        """(hu-xi, whether it is all sets (对对胡), groups of the free cards) of the highest hu-xi 7-group
        split of one configuration, or None when it has no such split.

        The free cards split into sentences, jiao and (iff a pao or ti, R7.1) one jiang. Each choice of
        jiao leaves two sizes that split on their own; a choice whose leftover card counts cannot fit
        (3 a group, 2 for the jiang) is skipped before any search.
        """
        acc, x, _ = config
        pair = acc >> _FOURS & 255 > 0
        need = GROUPS - (acc >> _GROUPS & 255)
        xs, xb = x & _SMALL, x >> 30
        ns, nb = _COUNT[xs & 32767] + _COUNT[xs >> 15], _COUNT[xb & 32767] + _COUNT[xb >> 15]
        n = ns + nb
        if need < pair or n != 3 * need - pair:
            return None
        held = (x | x >> 1 | x >> 2) & _UNITS
        both = held & held >> 30  # bit 3v: value index v held in both sizes, the only place for a jiao
        jiao = self.jiao
        choices = _NO_JIAO  # every choice of jiao, folded value by value
        while both:
            low = both & -both
            both ^= low
            shift = low.bit_length() - 1
            s, b = xs >> shift & 7, xb >> shift & 7
            if s + b >= 3:
                options = jiao[shift // 3][s][b]
                choices = options if choices is _NO_JIAO else [
                    ((c + d) % 3, dxs + exs, dxb + exb, gs + hs)
                    for c, dxs, dxb, gs in choices for d, exs, exb, hs in options]
        # per small cards used mod 3: None, or whether the small and the big cards left hold the jiang
        modes = _JIANG_AT[pair][ns % 3][nb % 3]
        small, big = self.small, self.big
        best = None
        for c, dxs, dxb, groups in choices:
            mode = modes[c]
            if mode is None:
                continue
            a = small[(xs - dxs) << 1 | mode[0]]
            b = big[(xb - dxb) << 1 | mode[1]] if a is not None else None
            if b is not None and (best is None or a[0] + b[0] > best[0]):
                best = a[0] + b[0], groups + a[1] + b[1]
        if best is None:
            return None
        # no sentence or jiao: none on the table, and the free cards are at most the jiang
        return (acc & 255) + best[0], not acc >> _CHI & 255 and n <= 2, best[1]

    @staticmethod
    def split(fixed: list[Record], config: Config, groups: tuple[Record, ...]) -> list[Record]:
        """Every group of a configuration's split: the fixed ones as the card changed them, then `groups`."""
        change = config[2]
        if change is None:
            return fixed + list(groups)
        old, record = change
        fixed = fixed[:]
        if old is not None:
            fixed.remove(old)
        return fixed + [record, *groups]


_NO_JIAO = ((0, 0, 0, ()),)


def _jiang_at(pair: bool, ns: int, nb: int) -> tuple[tuple[int, int] | None, ...]:
    """Per small cards taken by jiao, mod 3 (c): where the jiang is, as (in the small cards, in the big
    cards), when the cards left of each size (ns - c small, nb + c big, mod 3) can be whole groups, else
    None."""
    out = []
    for c in range(3):
        rs, rb = (ns - c) % 3, (nb + c) % 3
        fits = rs + rb == 2 and rs != 1 if pair else not (rs or rb)
        out.append((int(rs == 2), int(rb == 2)) if fits else None)
    return tuple(out)


_JIANG_AT = [[[_jiang_at(pair, ns, nb) for nb in range(3)] for ns in range(3)] for pair in (False, True)]


def cards_of(acc: int, x: int = 0) -> tuple[int, int, int]:
    """(red, big, small) cards of a tally and packed counts, as the patterns count them (R8.2, R10)."""
    red, small, big = x & _RED, x & _SMALL, x >> 30
    fixed_big = acc >> _BIGS & 255
    return ((acc >> _REDS & 255) + _COUNT[red & 32767] + _COUNT[red >> 15 & 32767] + _COUNT[red >> 30 & 32767]
            + _COUNT[red >> 45], fixed_big + _COUNT[big & 32767] + _COUNT[big >> 15],
            (acc >> _CARDS & 255) - fixed_big + _COUNT[small & 32767] + _COUNT[small >> 15])


def all_sets(acc: int) -> bool:
    """Whether the groups of a tally hold no sentence and no jiao (对对胡)."""
    return not acc >> _CHI & 255


_MEMO_SIZE = 1 << 16  # per size and hu-xi table; a full memo is dropped and refilled


class _Size(dict):
    """Best splits of one size's cards into sentences and, iff `pair`, one jiang, memoised by the key
    `packed counts << 1 | pair`: a missing key is solved by __missing__, so a known one costs one dict
    lookup (and is safe if another thread clears the memo). The lowest card left must start a group, so
    the search branches only there."""

    def __init__(self, records: _Records, w123: int, w2710: int, offset: int) -> None:
        super().__init__()
        k = offset
        # per lowest value index i: (counts removed, group, hu-xi gained)
        self.runs = [(_FIELD[i] + _FIELD[i + 1] + _FIELD[i + 2], records[Kind.SENTENCE, (k + i, k + i + 1, k + i + 2)],
                      w123 if i == 0 else 0) for i in range(8)]
        self.s2710 = (_FIELD[1] + _FIELD[6] + _FIELD[9], records[Kind.SENTENCE, (k + 1, k + 6, k + 9)], w2710)
        self.pairs = [(2 * _FIELD[i], records[Kind.JIANG, (k + i, k + i)], 0) for i in range(10)]

    def __missing__(self, key: int) -> Found | None:
        x, pair = key >> 1, key & 1
        if not x:
            found = None if pair else (0, ())
        else:
            found = None
            i = ((x & -x).bit_length() - 1) // 3  # the lowest value held
            moves = []
            if i <= 7 and (x >> 3 * i + 3) & 7 and (x >> 3 * i + 6) & 7:
                moves.append((self.runs[i], pair))
            if i == 1 and (x >> 18) & 7 and (x >> 27) & 7:
                moves.append((self.s2710, pair))
            if pair and (x >> 3 * i) & 7 >= 2:
                moves.append((self.pairs[i], 0))
            for (delta, group, gain), still_pair in moves:
                sub = self[(x - delta) << 1 | still_pair]
                if sub is not None and (found is None or sub[0] + gain > found[0]):
                    found = sub[0] + gain, (group,) + sub[1]
        if len(self) > _MEMO_SIZE:
            self.clear()
        self[key] = found
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

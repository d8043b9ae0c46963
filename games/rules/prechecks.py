"""Cheap necessary conditions for a win, tested before scoring.evaluate is asked (speed only).

Both functions may say "maybe" for holdings that cannot win; they never say "no" for holdings that can.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from . import cards as C
from . import winning as W
from .groups import NEIGHBOURS, Group, Kind

# The kinds that share no sentence or jiao with k (R3), as bitmasks.
_APART = tuple(~sum(1 << j for j in NEIGHBOURS[k]) for k in C.KINDS)

# The partners of every kind at once, as bitmasks of kinds: bytes.translate marks the kinds held once,
# held twice and usable (1 or 2 copies: a kan is never split) as "0"/"1" text, read by int(text, 2).
_ONCE = bytes(b"01"[n == 1] for n in range(256))
_TWICE = bytes(b"01"[n == 2] for n in range(256))
_USABLE = bytes(b"01"[0 < n < 3] for n in range(256))
_SIZE = (1 << 10) - 1  # one size's kinds


def _near(usable: int, other_twice: int) -> int:
    """The value indices (bit v) of one size for which the hand holds the two other cards of a group
    holding one copy of v: a sentence v-2 v-1 v, v-1 v v+1, v v+1 v+2 or 二七十 of usable cards, or a
    jiao with two of the other size."""
    u = usable
    a1, a6, a9 = u >> 1 & 1, u >> 6 & 1, u >> 9 & 1  # 二, 七, 十
    return ((u << 2 & u << 1 | u << 1 & u >> 1 | u >> 1 & u >> 2) & _SIZE
            | (a6 & a9) << 1 | (a1 & a9) << 6 | (a1 & a6) << 9 | other_twice)


@lru_cache(maxsize=1 << 10)  # its hits are re-reads within a move: 65% at 512 entries as unbounded
def _singles(counts: bytes) -> tuple[int, int, int, int]:
    """(loose singles, kinds a copy of which two cards of the hand complete a group with, kinds held
    once or twice, kinds held twice), as bitmasks of kinds, from the hand's counts as bytes (quick to
    hash). A seat's hand seldom changes: cached. claims.can_chi reads the last two."""
    b = counts[::-1]  # the text of a bitmask starts with its highest bit
    usable, twice = int(b.translate(_USABLE), 2), int(b.translate(_TWICE), 2)
    near = _near(usable & _SIZE, twice >> 10) | _near(usable >> 10, twice & _SIZE) << 10
    return int(b.translate(_ONCE), 2) & ~near, near, usable, twice


def usable_twice(hand: Sequence[int]) -> tuple[int, int]:
    """(kinds held once or twice, kinds held twice) as bitmasks: the cards a chi may use (R6.2)."""
    return _singles(bytes(hand))[2:]


def loose_singles(hand: Sequence[int]) -> int:
    """Bitmask of the single cards no sentence or jiao of the hand can hold (R7.1). Kan cards (3 or 4
    copies) are never split, so they complete nothing."""
    return _singles(bytes(hand))[0]


def huxi_bound(rules, table: Sequence[Group], hand: Sequence[int], card: int | None) -> int:
    """An upper bound of the hu-xi any split could reach (R4): table groups, hand kans, the special
    sentences the hand could hold at most, and the best place the winning card could take."""
    huxi = W.solver_for(rules.huxi).huxi  # R4, by (kind, cards)

    def hx(kind: Kind, cards: tuple[int, ...]) -> int:
        return huxi.get((kind, cards), 0)

    total = sum(hx(g.kind, g.cards) for g in table)
    free = list(hand)
    for k in C.KINDS:
        if hand[k] >= 3:
            total += hx(Kind.TI if hand[k] == 4 else Kind.KAN, (k,) * hand[k])
            free[k] = 0
    bonus = 0
    if card is not None:
        four = max(hx(Kind.PAO, (card,) * 4), hx(Kind.TI, (card,) * 4))
        for g in table:
            if g.cards[0] == card and g.kind in (Kind.PENG, Kind.WEI, Kind.CHOUWEI):
                bonus = max(bonus, four - hx(g.kind, g.cards))
        if hand[card] == 3:
            bonus = max(bonus, four - hx(Kind.KAN, (card,) * 3))
        elif hand[card] == 2:
            bonus = max(bonus, hx(Kind.PENG, (card,) * 3), hx(Kind.WEI, (card,) * 3))
        elif hand[card] < 2:
            free[card] += 1
    for base in (0, 10):
        one, two, three, seven, ten = (free[base + v - 1] for v in (1, 2, 3, 7, 10))
        total += min(one, two, three) * hx(Kind.SENTENCE, (base, base + 1, base + 2))
        total += min(two, seven, ten) * hx(Kind.SENTENCE, (base + 1, base + 6, base + 9))
    return total + bonus


def win_candidates(hand: bytes) -> tuple[int, ...]:
    """The kinds may_win could say "maybe" to for these holdings (as bytes), by its loose-singles test
    alone, which needs no hu-xi: none when more than two singles are loose, else those sharing a group
    with each. A caller trying every kind tries these instead."""
    loose = _singles(hand)[0]
    if loose.bit_count() > 2:
        return ()
    return tuple(k for k in C.KINDS if not loose & _APART[k])


def may_win(rules, table: Sequence[Group], hand: Sequence[int], card: int | None) -> bool:
    loose, near, _, _ = _singles(bytes(hand))
    if card is None:
        if loose:
            return False
    else:
        # A loose single can only be won with the winning card in its group, and a group holds two
        # cards besides it: every loose single must share a group with the card, two at most.
        if loose & _APART[card] or loose.bit_count() > 2:
            return False
        if hand[card] == 0 and not near >> card & 1 and not any(
                g.cards[0] == card and g.kind in (Kind.PENG, Kind.WEI, Kind.CHOUWEI) for g in table):
            return False  # the card itself would be loose, unless it joins a table group
    return huxi_bound(rules, table, hand, card) >= rules.min_huxi

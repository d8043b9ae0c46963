"""Cheap necessary conditions for a win, tested before scoring.evaluate is asked (speed only).

Both functions may say "maybe" for holdings that cannot win; they never say "no" for holdings that can.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from . import cards as C
from . import winning as W
from .groups import NEIGHBOURS, THREE_SAME, Group, Kind

# The kinds that share a sentence or jiao with k (R3), k included, as bitmasks.
_NEAR = tuple(sum(1 << j for j in NEIGHBOURS[k]) for k in C.KINDS)
_ALL = (1 << 20) - 1

# The partners of every kind at once, as bitmasks of kinds: bytes.translate marks the kinds held twice,
# held at all and usable (1 or 2 copies: a kan is never split) as "0"/"1" text, read by int(text, 2).
_TWICE = bytes(b"01"[n == 2] for n in range(256))
_USABLE = bytes(b"01"[0 < n < 3] for n in range(256))
_HELD = bytes(b"01"[n > 0] for n in range(256))
_SET = bytes(b"01"[n >= 3] for n in range(256))  # kan_kinds': the kinds held 3 or 4 times (kan, ti)
_FREE = bytes(n if n < 3 else 0 for n in range(256))  # huxi_bound's: a count less its kan or ti
_SPECIAL = itemgetter(0, 1, 2, 6, 9, 10, 11, 12, 16, 19)  # 一二三七十 and 壹贰叁柒拾: the special sentences' cards
_SIZE = (1 << 10) - 1  # one size's kinds


def _both(*values: int) -> int:
    """The bitmask of these value indices (0…9) in both sizes."""
    return sum(1 << v | 1 << (v + 10) for v in values)


# _sentence_near's terms, each true at the value indices it may be true at: shifts that run across the
# sizes fall outside these masks.
_AFTER_TWO, _BETWEEN, _BEFORE_TWO = _both(*range(2, 10)), _both(*range(1, 9)), _both(*range(8))
_ER, _QI, _SHI = _both(1), _both(6), _both(9)  # 二, 七, 十


def _sentence_near(u: int) -> int:
    """The kinds a copy of which two usable cards (the bitmask u) complete a sentence with: v-2 v-1 v,
    v-1 v v+1, v v+1 v+2 or 二七十 (both sizes at once)."""
    return (u << 2 & u << 1 & _AFTER_TWO | u << 1 & u >> 1 & _BETWEEN | u >> 1 & u >> 2 & _BEFORE_TWO
            | u >> 5 & u >> 8 & _ER | u << 5 & u >> 3 & _QI | u << 8 & u << 3 & _SHI)


# _sentence_near of one size's usable cards, for every bitmask of them: hand_facts looks both sizes up
# (a miss of its cache comes with nearly every new hand).
_SENTENCE_NEAR = tuple(map(_sentence_near, range(1 << 10)))


class Facts(NamedTuple):
    """What the claim checks ask of a hand, as bitmasks of kinds (hand_facts)."""

    loose: int  # loose singles: held once, and no two other cards of the hand make a group with it
    near: int  # kinds a copy of which two cards of the hand complete a group with
    usable: int  # held once or twice: the cards a chi may use and a seat may discard (a kan never)
    twice: int  # held twice
    wins_with: int  # kinds the loose singles allow winning with (win_card_test)
    fits: int  # of those, the kinds held or near: may_win's card test passes without a table group


@lru_cache(maxsize=1 << 10)  # its hits are re-reads within a move: 65% at 512 entries as unbounded
def hand_facts(counts: bytes) -> Facts:
    """The hand's Facts, from its counts as bytes (quick to hash: the turn loop keeps its hands as
    bytes, so this is their own key). A seat's hand seldom changes: cached."""
    b = counts[::-1]  # the text of a bitmask starts with its highest bit
    usable, twice = int(b.translate(_USABLE), 2), int(b.translate(_TWICE), 2)
    # near: the hand holds the two other cards of a group holding one copy of the kind: a sentence of
    # usable cards (_sentence_near, per size), or a jiao with two of the other size
    near = (_SENTENCE_NEAR[usable & _SIZE] | _SENTENCE_NEAR[usable >> 10] << 10
            | twice >> 10 | (twice & _SIZE) << 10)
    loose = (usable ^ twice) & ~near  # held once, and no group of the hand for it
    if loose.bit_count() > 2:  # win_card_test's answer: nothing to win with, so nothing fits
        return _facts(Facts, (loose, near, usable, twice, 0, 0))
    wins_with = win_card_test(loose)
    return _facts(Facts, (loose, near, usable, twice, wins_with, wins_with & (int(b.translate(_HELD), 2) | near)))


_facts = tuple.__new__  # Facts(…) without the named tuple's __new__, a Python function: one per new hand


def win_card_test(loose: int) -> int:
    """The kinds a hand with these loose singles could win with (as a bitmask): a loose single can only
    be won with the winning card in its group, and a group holds two cards besides it, so every loose
    single must share a group with the card, two at most."""
    if loose.bit_count() > 2:
        return 0
    out = _ALL
    while loose:
        low = loose & -loose
        out &= _NEAR[low.bit_length() - 1]
        loose ^= low
    return out


def usable_kinds(hand: Sequence[int]) -> int:
    """Bitmask of the kinds held once or twice (Facts.usable), uncached: for a hand read once, as a
    seat's hand on its turn to discard is."""
    return int(bytes(hand)[::-1].translate(_USABLE), 2)


def kan_kinds(hand: Sequence[int]) -> int:
    """Bitmask of the kinds held three or four times (a kan, or a ti not yet laid), uncached."""
    return int(bytes(hand)[::-1].translate(_SET), 2)


def loose_singles(hand: Sequence[int]) -> int:
    """Bitmask of the single cards no sentence or jiao of the hand can hold (R7.1). Kan cards (3 or 4
    copies) are never split, so they complete nothing."""
    return hand_facts(bytes(hand)).loose


class _Bound(NamedTuple):
    """One hu-xi table's figures that huxi_bound reads, per kind (R4)."""

    kan: tuple[int, ...]  # a kan in hand (3 copies); a ti (4) counts as a ti
    ti: tuple[int, ...]
    four: tuple[int, ...]  # the best a fourth copy makes: pao or ti
    three: tuple[int, ...]  # the best a third copy makes with a pair in hand: peng or wei
    s123: tuple[int, int]  # 一二三 and 二七十, per size
    s2710: tuple[int, int]


@lru_cache(maxsize=64)  # by solver (winning.solver_for): one per hu-xi table in use
def _bound(solver) -> _Bound:
    hx = solver.huxi

    def per_kind(kind: Kind, n: int) -> tuple[int, ...]:
        return tuple(hx.get((kind, (k,) * n), 0) for k in C.KINDS)

    pao, ti, peng, wei = per_kind(Kind.PAO, 4), per_kind(Kind.TI, 4), per_kind(Kind.PENG, 3), per_kind(Kind.WEI, 3)
    return _Bound(per_kind(Kind.KAN, 3), ti, tuple(map(max, pao, ti)), tuple(map(max, peng, wei)),
                  tuple(hx.get((Kind.SENTENCE, (b, b + 1, b + 2)), 0) for b in (0, 10)),
                  tuple(hx.get((Kind.SENTENCE, (b + 1, b + 6, b + 9)), 0) for b in (0, 10)))


def huxi_bound(rules, table: Sequence[Group], hand: Sequence[int], card: int | None) -> int:
    """An upper bound of the hu-xi any split could reach (R4): table groups, hand kans, the special
    sentences the hand could hold at most, and the best place the winning card could take. The hand is
    read as bytes (the turn loop's own): kans found by a bitmask, the special sentences' cards picked in
    one call, as may_win asks it of most seats its loose-singles test lets through."""
    solver = W.solver_for(rules.huxi)
    huxi, bound = solver.huxi, _bound(solver)  # R4, by (kind, cards); per kind
    total = bonus = 0
    for g in table:
        h = huxi.get((g.kind, g.cards), 0)
        total += h
        if g.cards[0] == card and g.kind in THREE_SAME:
            bonus = max(bonus, bound.four[card] - h)
    hand = bytes(hand)
    sets = kan_kinds(hand)
    while sets:
        low = sets & -sets
        sets ^= low
        k = low.bit_length() - 1
        total += bound.ti[k] if hand[k] == 4 else bound.kan[k]
    free = hand.translate(_FREE)
    if card is not None:
        n = hand[card]
        if n == 3:
            bonus = max(bonus, bound.four[card] - bound.kan[card])
        elif n == 2:
            bonus = max(bonus, bound.three[card])
        elif n < 2:
            free = bytearray(free)
            free[card] += 1
    one, two, three, seven, ten, big_one, big_two, big_three, big_seven, big_ten = _SPECIAL(free)
    (s123, big_s123), (s2710, big_s2710) = bound.s123, bound.s2710
    return (total + bonus + min(one, two, three) * s123 + min(two, seven, ten) * s2710
            + min(big_one, big_two, big_three) * big_s123 + min(big_two, big_seven, big_ten) * big_s2710)



def win_candidates(hand: bytes) -> tuple[int, ...]:
    """The kinds may_win could say "maybe" to for these holdings (as bytes), by its loose-singles test
    alone, which needs no hu-xi: none when more than two singles are loose, else those sharing a group
    with each. A caller trying every kind tries these instead."""
    wins_with = hand_facts(hand).wins_with
    return tuple(k for k in C.KINDS if wins_with >> k & 1)


def may_win(rules, table: Sequence[Group], hand: Sequence[int], card: int | None) -> bool:
    facts = hand_facts(bytes(hand))
    if card is None:
        if facts.loose:
            return False
    elif not facts.fits >> card & 1:  # no loose single left over, and the card in a group of the hand
        if hand[card] or not facts.wins_with >> card & 1 or not any(
                g.cards[0] == card and g.kind in THREE_SAME for g in table):
            return False  # the card itself would be loose, unless it joins a table group
    return huxi_bound(rules, table, hand, card) >= rules.min_huxi

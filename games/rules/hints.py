"""Winning-card hints (听牌提示): which cards would win a seat's holdings, and with what hu-xi (R7).

Only what the seat itself knows goes in: its own hand, its own table groups, the cards every seat sees
(face-up table cards, the piles, a card in flight) to count the copies still unseen, its own passed hu
(R7.4) and the rule set. Nothing hidden from the seat is read, so a hint can never leak a card.

A card is tried from each source it could come from (R7.3): a card drawn by the seat itself, one drawn
by another seat, and (Luzhou, R10.3) a discard. The hu-xi differ by source: an own draw joining a pair
becomes a wei and a kan a ti (R5.2, R5.4, R7.1); another seat's card makes a peng or a pao.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import cards as C
from . import prechecks
from .claims import passed_hu_blocks, skipped_peng_blocks
from .groups import Group
from .scoring import Source, Win, evaluate
from .state import HandState, owes_discard
from .views import FACE_DOWN

__all__ = ["Hints", "WinningCard", "seat_hints", "unseen_copies", "winning_cards"]


@dataclass(frozen=True, slots=True)
class WinningCard:
    card: int
    wins: tuple[tuple[Source, Win], ...]  # each source the card would win from, and that win
    left: int  # copies the seat has not seen (R1: four of each kind)


@dataclass(frozen=True, slots=True)
class Hints:
    waits: tuple[WinningCard, ...]  # the seat holds one card short of a win: these cards win
    ready_discards: frozenset[int]  # the seat must discard: discarding these kinds keeps it ready (听牌)


def sources(rules) -> tuple[Source, ...]:
    """Where a winning card may come from (R7.3): a card from the stock, drawn by the seat or another
    seat; a discard only where the variant allows it (R6.5, R10.3)."""
    return (Source.OWN_DRAW, Source.OTHER_DRAW) + ((Source.DISCARD,) if rules.discard_win else ())


def winning_cards(rules, table: Sequence[Group], hand: Sequence[int], *, barred: frozenset[int] = frozenset(),
                  left: Sequence[int] | None = None) -> tuple[WinningCard, ...]:
    """Every card kind that would win these holdings (hand as counts) and from which sources, best
    hu-xi first; `barred` kinds may not be won on (R7.4), `left` are the unseen copies per kind (a kind
    with none left cannot come)."""
    left = left if left is not None else [C.COPIES - hand[k] for k in C.KINDS]
    return _ranked(_wins(rules, tuple(table), bytes(hand), barred), left)


def _ranked(found: tuple[tuple[int, tuple], ...], left: Sequence[int]) -> tuple[WinningCard, ...]:
    """The winning kinds that still have an unseen copy, best hu-xi first."""
    out = [WinningCard(k, wins, left[k]) for k, wins in found if left[k] > 0]
    out.sort(key=lambda w: (-max(win.huxi for _, win in w.wins), w.card))
    return tuple(out)


@lru_cache(maxsize=1 << 12)  # a seat's holdings change on its own moves; the hints are read on every move
def _wins(rules, table: tuple[Group, ...], hand: bytes, barred: frozenset[int]) -> tuple[tuple[int, tuple], ...]:
    """Every kind that would win these holdings and from which sources, whatever is left of it (the
    copies unseen change with every card shown; which kinds win does not)."""
    cards = C.from_counts(hand)
    kinds = sources(rules)
    found = []
    for k in prechecks.win_candidates(hand):
        if k in barred or not prechecks.may_win(rules, table, hand, k):
            continue
        wins = tuple((s, w) for s in kinds if isinstance(w := evaluate(rules, table, cards, k, s), Win))
        if wins:
            found.append((k, wins))
    return tuple(found)


@lru_cache(maxsize=1 << 12)
def _holdings(rules, table: tuple[Group, ...], hand: bytes,
              barred: frozenset[int]) -> tuple[bool, tuple[tuple[int, tuple], ...]]:
    """(whether the holdings owe a discard, what wins): with no discard owed, _wins of the holdings;
    owing one (R6.5), each kind whose discard leaves winning holdings (never a kan card), with _wins
    of what is left. One lookup per seat and move, whatever else the move showed (the unseen copies,
    applied after)."""
    if not owes_discard(hand, table):
        return False, _wins(rules, table, hand, barred)
    ready = []
    for k in C.KINDS:
        if 0 < hand[k] < 3:
            after = bytearray(hand)
            after[k] -= 1
            found = _wins(rules, table, bytes(after), barred)
            if found:
                ready.append((k, found))
    return True, tuple(ready)


def unseen_copies(state: HandState, seat: int) -> list[int]:
    """Per kind, the copies `seat` has not seen: four less its hand, its own table groups, the face-up
    cards of the others' groups (never their face-down ones), the piles and a card in flight."""
    seen = list(state.hands[seat])
    for s, groups in enumerate(state.tables):
        for g in groups:
            shown = g.cards if s == seat or g.kind not in FACE_DOWN else g.cards[:len(g.cards) - FACE_DOWN[g.kind]]
            for k in shown:
                seen[k] += 1
    for pile in state.piles:
        for k in pile:
            seen[k] += 1
    w = state.window
    if w is not None and w.in_flight:
        seen[w.card] += 1
    return [max(0, C.COPIES - n) for n in seen]


def seat_hints(state: HandState, seat: int) -> Hints | None:
    """The hints of one seat now: None when the hand is over, the seat sits out or may not hu at all
    (R10.3); otherwise its waits (when it owes no discard) or the discards that keep it ready."""
    if state.finished or seat not in state.order or skipped_peng_blocks(state, seat):
        return None
    hand, table = state.hands[seat], state.tables[seat]
    barred = frozenset(k for k, _ in (state.passed_hu[seat] if state.passed_hu else ())
                       if passed_hu_blocks(state, seat, k) is not None)  # R7.4
    left = unseen_copies(state, seat)
    owes, found = _holdings(state.rules, tuple(table), bytes(hand), barred)
    if not owes:
        return Hints(_ranked(found, left), frozenset())
    return Hints((), frozenset(k for k, wins in found if any(left[w] > 0 for w, _ in wins)))

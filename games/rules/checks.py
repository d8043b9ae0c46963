"""Invariants of every hand state, for `cli simulate --check` and the property tests.

- the 80 cards are all somewhere, exactly four of each kind (R1);
- an unfinished hand has a seat to act (or a held window to release), and every seat asked has a
  legal action;
- the state round-trips through JSON exactly;
- no seat view shows a card hidden from that seat: scrambling everything hidden from it leaves its
  view unchanged.
"""
from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import NamedTuple

from . import cards as C
from .groups import Group, Kind
from .deal import dealt
from .hand import HU, HandState, apply, deal, legal_actions, release
from .views import seat_view


def all_cards(state: HandState) -> list[int]:
    cards = [k for h in state.hands for k in C.from_counts(h)]
    cards += [k for t in state.tables for g in t for k in g.cards]
    cards += [k for p in state.piles for k in p] + list(state.stock) + list(state.removed)
    if state.window and state.window.in_flight:
        cards.append(state.window.card)
    return cards


def basic_violation(state: HandState) -> str | None:
    """The cheap invariants: the cards are conserved and someone can act. None when they hold."""
    if C.counts(all_cards(state)) != [C.COPIES] * 20:
        return f"cards not conserved: {C.fmt(all_cards(state))}"
    if not state.finished:
        if not state.to_act and not state.awaiting_release:
            return "unfinished hand with nobody to act"
        for seat in state.to_act:
            if not legal_actions(state, seat):
                return f"seat {seat} must act but has no legal action"
    return None


def violation(state: HandState) -> str | None:
    """The first broken invariant, in words, or None."""
    broken = basic_violation(state)
    if broken:
        return broken
    text = json.dumps(state.to_json(), ensure_ascii=False)
    if HandState.from_json(json.loads(text)) != state:
        return "the JSON round trip changed the state"
    for seat in state.order:
        if seat_view(state, seat) != seat_view(scrambled(state, seat), seat):
            return f"seat {seat}'s view shows something hidden from it"
    return None


def scrambled(state: HandState, seat: int) -> HandState:
    """The state with everything hidden from `seat` shuffled: other hands (until the hand is over),
    the stock and removed cards, and the card of other seats' wei."""
    rng = random.Random(state.move_no)
    others = [] if state.finished else [s for s in range(state.players) if s != seat]
    pool = [k for s in others for k in C.from_counts(state.hands[s])] + list(state.stock) + list(state.removed)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        n = sum(hands[s])
        hands[s], pool = tuple(C.counts(pool[:n])), pool[n:]
    stock, removed = tuple(pool[:len(state.stock)]), tuple(pool[len(state.stock):])
    tables = tuple(t if s == seat or state.finished else tuple(_hide(g) for g in t)
                   for s, t in enumerate(state.tables))
    return replace(state, hands=tuple(hands), stock=stock, removed=removed, tables=tables)


def _hide(group: Group) -> Group:
    if group.kind != Kind.WEI:
        return group
    return Group(Kind.WEI, ((group.cards[0] + 1) % 20,) * 3)


class Played(NamedTuple):
    state: HandState
    log: list  # (seat, Action) in the order applied
    events: list  # every Event, from the deal on
    states: tuple = ()  # replay(steps=True): the state after the deal, then after each move of the log


def chooser(rng: random.Random):
    """`rng.choice` as one call: CPython's Random.choice takes the index from _randbelow, which draws
    getrandbits of the length's bit length until one is below the length. Self-play picks twice a move,
    and the two calls of choice were a tenth of its calls: the same draws, so the same hands
    (tests/rules/test_golden_selfplay.py, and a test against rng.choice)."""
    getrandbits = rng.getrandbits

    def choice(seq):
        n = len(seq)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]

    return choice


def random_hand(rules, seed: int, dealer: int = 0, players: int = 3, check=None,
                hu_first: bool = False, held: bool = False) -> Played:
    """Play one hand with random legal choices (seeded).
    `check` (violation or basic_violation) runs after every move; AssertionError at the first break.
    `hu_first`: a seat that may hu always does (more hands end in a win). `held`: a held hand, where
    a window is released once nobody is left to decide (the log holds the seats' moves only)."""
    rng = random.Random(seed)
    log = []
    if check is None and not held:  # nothing reads the states between moves: play in place
        play = dealt(rules, seed=seed, dealer=dealer, players=players)
        choice, step = chooser(rng), play.step
        while play.result is None:
            seat = choice(play.to_act)
            legal = legal_actions(play, seat)
            action = HU if hu_first and HU in legal else choice(legal)
            log.append((seat, action))
            step(seat, action)
        return Played(play.freeze(), log, play.events)
    state, events = deal(rules, seed=seed, dealer=dealer, players=players, held=held)
    while True:
        if check:
            broken = check(state)
            if broken:
                raise AssertionError(f"seed {seed}, move {state.move_no}: {broken}")
        if state.finished:
            return Played(state, log, events)
        if not state.to_act:
            state, more = release(state)
            events += more
            continue
        seat = rng.choice(state.to_act)
        legal = legal_actions(state, seat)
        action = HU if hu_first and HU in legal else rng.choice(legal)
        log.append((seat, action))
        state, more = apply(state, seat, action)
        events += more


def replay(rules, seed: int, dealer: int, players: int, log, *, steps: bool = False,
           held: bool = False) -> Played:
    """The hand again from its seed and its action log of (seat, Action or its wire form): the one way a
    hand is re-played (docs/design.md#seeded-determinism). `steps` keeps every state on the way, for replays
    shown move by move. A `held` hand's releases are not in the log: a held window resolves on its
    decisions alone, so when it was released never changes the hand, and the replay releases it once
    nobody is left to decide (the state after a move is then the one after its release)."""
    state, events = deal(rules, seed=seed, dealer=dealer, players=players, held=held)
    state = _released(state, events)
    states = [state]
    for seat, action in log:
        state, more = apply(state, seat, action)
        events += more
        state = _released(state, events)
        if steps:
            states.append(state)
    return Played(state, list(log), events, tuple(states) if steps else ())


def _released(state: HandState, events: list) -> HandState:
    """The state after every release due once nobody is left to decide (a held hand's replay)."""
    while state.awaiting_release and not state.to_act:
        state, more = release(state)
        events += more
    return state

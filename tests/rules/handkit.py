"""Scenario helpers for the hand state machine tests: set up a table from card strings, play moves."""
from __future__ import annotations

from games.rules import cards as C
from games.rules.hand import apply, legal_actions, setup
from games.rules.variants import preset


def start(*hands: str, stock: str = "", dealer: int = 0, variant: str = "changde"):
    """A table from card strings, in seat order (the dealer's last card is the shown card). Every card
    not named is removed from play, so a scenario names only the cards that matter."""
    parsed = [C.parse(h) for h in hands]
    named = [k for h in parsed for k in h] + C.parse(stock)
    rest = [k for k, n in enumerate(C.counts(named)) for _ in range(C.COPIES - n)]
    return setup(preset(variant), dealer=dealer, hands=parsed, stock=C.parse(stock), removed=rest)


def play(state, *moves):
    """Apply moves written as (seat, "verb", cards…); return the state and every event."""
    events = []
    for seat, *wire in moves:
        state, more = apply(state, seat, list(wire))
        events += more
    return state, events


def legal(state, seat) -> list[str]:
    return [a.text for a in legal_actions(state, seat)]


def said(events) -> list[str]:
    """Events as short lines: "1 chi 四五六"."""
    return [f"{'' if e.seat is None else e.seat} {e.move} {C.fmt(e.cards)}".strip() for e in events]


def hand(state, seat) -> str:
    return C.fmt(C.from_counts(state.hands[seat]))


def table(state, seat) -> list[str]:
    return [f"{g.kind.value} {g.text}" for g in state.tables[seat]]

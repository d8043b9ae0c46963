"""No hidden card reaches a seat's page (docs/design.md#hidden-cards-never-leave-their-seat;
R3 'shown' column): every fragment a seat is sent —
on the page and over the socket — is the same whatever the cards hidden from that seat are.

At every move of a whole hand, the hands of the other seats, the stock, the card of their wei and
their draws are scrambled (games.rules.checks.scrambled, plus the event log); each seat's fragments
must not change. A leak of any of those, in any form (text, attribute, count), breaks the equality.
"""
import copy

import pytest

from games.live import fragments
from games import selectors
from games import rooms
from games.models import Seat
from games.rules import cards as C
from games.rules.checks import scrambled
from games.rules.views import seat_view

from .tablekit import DRAWN_SEED, WIN_SEED, deal_seed, play_one  # noqa: F401

HIDDEN_CARD_MOVES = ("draw", "wei")  # another seat's draw is never shown; a wei is three face-down cards


def _other_card(text: str) -> str:
    return "".join(C.char((k + 7) % 20) for k in C.parse(text))


def scrambled_hand(hand, seat: int):
    """The Hand row as it would be had the other seats' hidden draws and wei been other cards."""
    other = copy.copy(hand)
    other.events = [
        {**row, "cards": _other_card(row["cards"])}
        if row["seat"] not in (seat, None) and row["move"] in HIDDEN_CARD_MOVES else row
        for row in hand.events
    ]
    return other


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [WIN_SEED, DRAWN_SEED])
def test_each_seats_fragments_do_not_depend_on_the_cards_hidden_from_it(defaults, make_user, deal_seed, seed):
    deal_seed(seed)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = rooms.quick_match(user=user)
    by_seat = {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    checked = 0
    for _ in range(200):
        hand = selectors.current_hand(table)
        for seat in by_seat:
            snap = selectors.snapshot(table.pk, seat)
            if snap.state.finished:
                continue  # once the hand is over every hand is shown (R3)
            hidden = scrambled(snap.state, seat)
            assert hidden != snap.state or not any(snap.state.stock)  # the scramble really changes cards
            twin = copy.copy(snap)
            twin.shared = {}  # its own: the real snapshot's fragments made no part of the twin's
            twin.state, twin.view, twin.hand = hidden, seat_view(hidden, seat), scrambled_hand(hand, seat)
            assert fragments.render_all(twin) == fragments.render_all(snap), f"seat {seat} sees a hidden card at move {hand.move_no}"
            checked += 1
        if hand.finished:
            break
        play_one(table, by_seat)
    assert hand.finished and checked > 30

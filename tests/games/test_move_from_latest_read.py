"""A person's move reads no table, hand or seat row when this process's latest read (games.live) is still
the table's (services.tables.locked_from_latest_read): one small locking statement checks the version
and the hand's move number; anything else, or a change behind the read's back, reads the rows."""
from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from games import bots, live, services
from games.models import Seat, Table
from games.rules import HandState
from games.selectors import current_hand

from .test_consumers import coin_table  # noqa: F401
from .tablekit import deal_seed  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)  # the latest read is kept at commit


def _move(table, seats):
    """Play the bots' choice for the person to act; the SQL statements of the move."""
    hand = current_hand(table)
    state = HandState.from_json(hand.state)
    seat = state.to_act[0]
    wire = {"action": bots.choose_action(state, seat).text, "move_no": state.public_move_no}
    with CaptureQueriesContext(connection) as capture:
        services.action_submit(table=table, user=seats[seat], wire=wire)
    return seat, [q["sql"] for q in capture.captured_queries]


def _reads(statements: list[str], table_name: str) -> list[str]:
    return [s for s in statements if s.lstrip().upper().startswith("SELECT") and f'FROM "{table_name}"' in s]


def test_a_move_after_a_move_reads_no_hand_and_no_seat(coin_table):
    table, seats = coin_table
    _move(table, seats)  # the first: this process has no read of the table yet, it reads the rows
    for _ in range(4):
        _, statements = _move(table, seats)
        assert _reads(statements, "games_hand") == [] and _reads(statements, "games_seat") == [], statements
        data = [s for s in statements if not s.startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))]
        assert len(data) <= 6, data  # the lock, the people, the log row, the hand, the version (+ a variant once)


def test_a_change_behind_the_latest_read_is_read_from_the_rows(coin_table):
    """Another process turned the next mover's auto-play on (the version counted, this process's read
    not told): the move reads the seats, sees it, and turns it off as a person's move does."""
    table, seats = coin_table
    _move(table, seats)
    mover = HandState.from_json(current_hand(table).state).to_act[0]
    Seat.objects.filter(table=table, position=mover).update(auto_play=True)
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    assert live.latest(table.pk).seats[mover].auto_play is False
    seat, statements = _move(table, seats)
    assert seat == mover and _reads(statements, "games_seat")
    assert Seat.objects.get(table=table, position=mover).auto_play is False


def test_the_latest_read_is_never_changed_by_a_move(coin_table):
    """The read is shared by every socket of the process: a move works on copies of its rows."""
    table, seats = coin_table
    _move(table, seats)
    read = live.latest(table.pk)
    version, move_no, state = read.version, read.hand.move_no, read.hand.state
    _move(table, seats)
    assert (read.version, read.hand.move_no, read.hand.state) == (version, move_no, state)
    assert live.latest(table.pk).hand.move_no > move_no


def test_a_players_rows_are_read_anew_at_each_move(coin_table):
    """Coins and settings change without a table version (the lobby's bonus, the profile): each move
    reads the people's rows, so the table's next read shows them."""
    table, seats = coin_table
    _move(table, seats)
    type(seats[1]).objects.filter(pk=seats[1].pk).update(coins=F("coins") + 7)
    _move(table, seats)
    assert live.latest(table.pk).seats[1].user.coins == type(seats[1]).objects.get(pk=seats[1].pk).coins

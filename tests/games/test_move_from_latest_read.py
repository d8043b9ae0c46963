"""A person's move reads no table, hand or seat row when this process's latest read (games.reads) is still
the table's (games.play.tables.locked_from_latest_read): one small locking statement checks the version
and the hand's move number; anything else, or a change behind the read's back, reads the rows."""
from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from games import bots
from games import reads
from games import table_owner
from games import play
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
        play.action_submit(table=table, user=seats[seat], wire=wire)
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
        assert _reads(statements, "accounts_user") == [], statements  # the people are read at the hand's end
        assert len(data) <= 5, data  # the lock, the log row, the hand, the version (+ a variant once)


def test_a_change_behind_the_latest_read_is_read_from_the_rows(coin_table):
    """Another process turned the next mover's auto-play on (the version counted, this process's read
    not told): the move reads the seats, sees it, and turns it off as a person's move does."""
    table, seats = coin_table
    _move(table, seats)
    mover = HandState.from_json(current_hand(table).state).to_act[0]
    Seat.objects.filter(table=table, position=mover).update(auto_play=True)
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    assert reads.latest(table.pk).seats[mover].auto_play is False
    seat, statements = _move(table, seats)
    assert seat == mover and _reads(statements, "games_seat")
    assert Seat.objects.get(table=table, position=mover).auto_play is False


def test_the_latest_read_is_never_changed_by_a_move(coin_table):
    """The read is shared by every socket of the process: a move works on copies of its rows."""
    table, seats = coin_table
    _move(table, seats)
    read = reads.latest(table.pk)
    version, move_no, state = read.version, read.hand.move_no, read.hand.state
    _move(table, seats)
    assert (read.version, read.hand.move_no, read.hand.state) == (version, move_no, state)
    assert reads.latest(table.pk).hand.move_no > move_no


def test_the_hands_end_reads_the_people_anew(coin_table):
    """Coins change without a table version (the lobby's bonus, an admin's grant): a move uses the
    people as the process read them, the hand's end (which pays by the coins) reads their rows, and
    the table's read after it shows them."""
    table, seats = coin_table
    _move(table, seats)
    type(seats[1]).objects.filter(pk=seats[1].pk).update(coins=F("coins") + 7)
    _move(table, seats)
    assert reads.latest(table.pk).seats[1].user.coins != type(seats[1]).objects.get(pk=seats[1].pk).coins
    while not current_hand(table).finished:
        _, statements = _move(table, seats)
    assert _reads(statements, "accounts_user")
    coins = type(seats[1]).objects.get(pk=seats[1].pk).coins
    assert reads.latest(table.pk).seats[1].user.coins == coins


def test_a_persons_row_changed_elsewhere_counts_a_new_version_of_their_table(coin_table):
    """A reward, a setting, a new name (table_owner.person_changed): after commit each table the person sits
    at counts a new version, so the next move reads the rows and the read shows the person anew."""
    table, seats = coin_table
    _move(table, seats)
    version = Table.objects.get(pk=table.pk).version
    with transaction.atomic():
        type(seats[1]).objects.filter(pk=seats[1].pk).update(coins=F("coins") + 7)
        table_owner.person_changed(seats[1].pk)
        assert Table.objects.get(pk=table.pk).version == version  # after commit, not in its transaction
    assert Table.objects.get(pk=table.pk).version == version + 1
    _, statements = _move(table, seats)
    coins = type(seats[1]).objects.get(pk=seats[1].pk).coins
    assert _reads(statements, "games_seat") and reads.latest(table.pk).seats[1].user.coins == coins


def test_the_ready_clicks_and_the_next_deal_leave_this_processs_read_of_the_table(coin_table):
    """Each "next" click and the deal it brings keep what they wrote as this process's read (as a move
    does): the sockets' update after each reads no row."""
    from games import selectors

    table, seats = coin_table
    while not current_hand(table).finished:
        _move(table, seats)
    for position in (0, 1, 2):
        play.next_ready(table=table, user=seats[position])
        version = Table.objects.get(pk=table.pk).version
        with CaptureQueriesContext(connection) as capture:
            snap = selectors.snapshot(table.pk, position, version=version)
        assert capture.captured_queries == [] and snap.version == version
        assert snap.seats[position].ready is (position < 2)  # the third click deals: nobody is ready then
    assert snap.hand.number == 2 and not snap.state.finished
    assert snap.state == HandState.from_json(current_hand(table).state)
    assert all(s.client_seed == "" and s.dissolve_vote is None for s in snap.seats.values())

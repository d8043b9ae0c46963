"""Reading a table inside a service's transaction: locked rows in the lock order (see the package)."""
from __future__ import annotations

import copy

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils.translation import gettext as _

from games import reads
from games.models import Hand, Seat, Table
from games.rules import HandState
from games.selectors import current_hand
from games.errors import Refused


def locked_table(table) -> Table:
    """The table row, locked: the first lock every service takes."""
    return (Table.objects.select_for_update(of=("self",)).select_related("tier", "variant")
            .get(pk=getattr(table, "pk", table)))


def locked_hand(table) -> Hand | None:
    """The table's current hand, locked (after the table)."""
    return current_hand(table, lock=True)


def locked_table_with_hand(table) -> tuple[Table, Hand | None]:
    """The table row, locked, and its current hand, in one statement (the move path). Every write of a
    hand happens under its table's lock, so the table's lock guards the hand read with it. The variant
    (35 columns) is not read: a move never needs it (a deal does, and reads it then)."""
    hand = (Hand.objects.select_for_update(of=("table",)).select_related("table__tier")
            .filter(table_id=getattr(table, "pk", table)).order_by("-number").first())
    return (hand.table, hand) if hand else (locked_table(table), None)


def locked_from_latest_read(table) -> tuple[Table, Hand, list[Seat], HandState] | None:
    """The move path's rows without reading them: one small statement locks the table row and reads its
    version and its current hand's id and move number; when they are those of this process's latest
    read (games.reads), that read's table, hand and seats are copied (the read is shared) and its parsed
    state used. Every committed change of a table's seats or hand counts a new table version or hand
    move, so equal numbers mean the same rows. The people's rows (coins, settings) change without: a
    move uses them as read, the hand's end reads them anew (people_read), and a change of a person's
    row outside the table counts a new version of each table they sit at (notify.person_changed).
    None: no such read here, read the rows."""
    table_id = getattr(table, "pk", table)
    read = reads.latest(table_id)
    if read is None or read.hand is None or read.state is None:
        return None
    lock = " FOR UPDATE OF t" if connection.features.has_select_for_update_of else ""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT t.version, h.id, h.move_no FROM {Table._meta.db_table} t "
                       f"LEFT JOIN {Hand._meta.db_table} h ON h.table_id = t.id WHERE t.id = %s "
                       f"ORDER BY h.number DESC LIMIT 1{lock}", [table_id])
        row = cursor.fetchone()
    if row != (read.version, read.hand.pk, read.hand.move_no):
        return None
    table, hand = copy.copy(read.table), copy.copy(read.hand)
    hand.table = table
    return table, hand, [copy.copy(read.seats[p]) for p in sorted(read.seats)], read.state


def people_read(seats: list[Seat]) -> None:
    """The seated people's rows as they are now, on `seats` (copies: the latest read keeps its own)."""
    people = get_user_model().objects.in_bulk([s.user_id for s in seats if s.user_id])
    for s in seats:
        if s.user_id:
            s.user = people[s.user_id]


def seats_of(table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).select_related("user").order_by("position"))


def seat_of(table, user, seats: list[Seat] | None = None) -> Seat:
    """The user's seat (among `seats` when they were read already), or Refused: a person acts only for
    their own seat."""
    if user is None or not user.is_authenticated:
        seat = None
    elif seats is not None:
        seat = next((s for s in seats if s.user_id == user.pk), None)
    else:
        seat = Seat.objects.filter(table=table, user=user).first()
    if seat is None:
        raise Refused(_("You do not have a seat at this table."))
    return seat


def free_positions(table, seats) -> list[int]:
    taken = {s.position for s in seats}
    return [p for p in range(table.player_count) if p not in taken]


def deadline_clear(hand: Hand | None) -> None:
    """Nothing more is due for this hand (a new hand, an emptied table, a dissolved room)."""
    if hand and hand.deadline:
        hand.deadline = None
        hand.save(update_fields=["deadline"])

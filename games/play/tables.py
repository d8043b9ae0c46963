"""Reading a table inside a service's transaction: locked rows in the lock order (see the package)."""
from __future__ import annotations

import copy

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from games import table_owner
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
    """The move path's rows without reading them: when this process's latest read is the table as it is
    (games.table_owner.trusted_read, one small statement that locks the table row), that read's table,
    hand and seats are copied (the read is shared) and its parsed state used. The people's rows (coins,
    settings) change without a version of the table: a move uses them as read, the hand's end reads
    them anew (people_read), and a change of a person's row outside the table counts a new version of
    each table they sit at (table_owner.person_changed). None: no such read here, read the rows."""
    read = table_owner.trusted_read(getattr(table, "pk", table))
    if read is None:
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

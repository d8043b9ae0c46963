"""Presence at a table: which seated people have a page of the table open. A coin table's person
whose pages all closed (the lobby link, the back button, a closed tab) does not play its next hand:
the deal frees the seat like a leave (games.play.hands.hand_start), so nobody is dealt in and
played by auto-play while away, and a table left to bots ends.

Counted per seat by the table's socket (TableConsumer connect and disconnect, in any process). A
process that dies leaves its sockets counted: those people count as present (auto-play, as before)
until their seat is freed otherwise. A person who never opened the page (left_at empty) is present.

Presence changes count no table version (a page opening or closing changes nothing any page shows), so
this process's latest read (games.live) may hold it stale: whoever decides on it reads it anew
(presence_read), as the hand's end reads the people's coins anew."""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from games.models import Hand, Seat, Table


@transaction.atomic
def seat_presence(*, table_id: int, user, opened: bool) -> None:
    """One of the person's pages at the table opened, or closed; the last to close notes when."""
    mine = Seat.objects.filter(table_id=table_id, user=user)
    if opened:
        mine.update(sockets=F("sockets") + 1, left_at=None)
        return
    mine.update(sockets=Greatest(F("sockets") - 1, 0))
    mine.filter(sockets=0, left_at__isnull=True).update(left_at=timezone.now())


def presence_read(seats: list[Seat]) -> None:
    """The seats' presence as it is now, on `seats` (copies of the latest read: it keeps its own)."""
    now = dict((pk, (n, at)) for pk, n, at in
               Seat.objects.filter(pk__in=[s.pk for s in seats]).values_list("pk", "sockets", "left_at"))
    for s in seats:
        s.sockets, s.left_at = now.get(s.pk, (s.sockets, s.left_at))


def gone(table: Table, seat: Seat, last: Hand | None) -> bool:
    """Whether this seat's person left the coin table after playing its last hand: no page of it open
    (a person seated since, whose page may not be open yet, is not)."""
    return (table.kind == Table.Kind.COIN and seat.user_id is not None and last is not None
            and _closed(seat) and seat.user_id in (last.seating or []))


AWAY_FROM_VOTE = timedelta(minutes=2)


def away(seat: Seat, now) -> bool:
    """A private room's dissolve vote does not wait for a person whose pages of the table all closed
    AWAY_FROM_VOTE ago (a friend who left for good, or never taps 准备, is no lock on the room; a
    locked phone's short absence is not enough)."""
    return _closed(seat) and seat.left_at <= now - AWAY_FROM_VOTE


def _closed(seat: Seat) -> bool:
    return seat.left_at is not None and seat.sockets == 0

"""What the end of a club, or of a membership, does to the club's tables: dissolving or disabling a club
ends the series of each of its open tables (games.play.room_close: a waiting one closes, one in play
ends as an agreed dissolve, the hands played kept for the records); a removed member's seat plays on
under auto-play (托管) until its series ends. Called with the club's row locked (clubs.services), then
each table is locked in turn: the club before its tables, as a tap takes them."""
from __future__ import annotations

from django.db import transaction

from clubs import live_events
from clubs.models import Club
from games.models import Seat, Table
from games.play import autoplay_set, room_close

OPEN = (Table.Status.WAITING, Table.Status.PLAYING)


def tables_end(club: Club) -> None:
    for table in Table.objects.filter(club_link__club=club, status__in=OPEN).order_by("pk"):
        room_close(table=table)


def seats_auto_played(club: Club, user) -> None:
    """The removed person's seats at the club's open tables switch to auto-play, kept on ("I'm back"
    refused): the others' series plays on to its end."""
    seats = Seat.objects.filter(user=user, auto_play_kept=False, table__club_link__club=club, table__status__in=OPEN)
    for table_id in seats.order_by("table_id").values_list("table_id", flat=True):
        autoplay_set(table=table_id, user=user, on=True, kept=True)


@transaction.atomic
def club_disable(*, club: Club) -> Club:
    """The site's admin disables a club: its tables end their series, its lobby says it is disabled,
    nobody taps or joins; its records stay for its members."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    tables_end(club)
    if not club.disabled:
        club.disabled = True
        club.save(update_fields=["disabled"])
    live_events.closed(club.pk)
    return club


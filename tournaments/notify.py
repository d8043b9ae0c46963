"""A tournament's channel-layer event, typed as the table's are (games.events, registered there so sockets
parse it), sent after commit (games.notify) to the group `tournament.<id>`: what its page's live part
shows changed (`TournamentChanged`: a registration, a withdrawal, a cancellation, a round seated or
ended, the end (a club's tournament tells the club's lobby of these too), and every counted change of one of its tables). It carries numbers only; each process
reads and renders a change once (tournaments.live, games.live.group_fanout).

A tournament table's change reaches here through games.room_hooks (registered in tournaments.apps), so
games never imports tournaments: which tournament a private room belongs to is looked up once per
process and kept (games.room_hooks.OwnerOf)."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import ClassVar

from clubs.live_events import changed as club_lobby_changed
from games import events, notify, room_hooks
from tournaments.models import RoundSeat


@events.register
@dataclass(frozen=True)
class TournamentChanged:
    """What the tournament's page shows changed; `serial` tells one change from another (a process
    renders each once, however many of its sockets hear it)."""
    TYPE: ClassVar[str] = "tournament.changed"
    tournament_id: int
    serial: int


def group(tournament_id: int) -> str:
    return f"tournament.{tournament_id}"


def changed(tournament_id: int, *, after_commit: bool = True, club_id: int | None = None) -> None:
    """The tournament's page changed (in this transaction, or now when `after_commit` is False); a
    club's tournament (`club_id`) tells the club's lobby too, which lists it (not for its tables' moves:
    the lobby shows entrants, state and round only)."""
    notify.group_send(group(tournament_id), TournamentChanged(tournament_id, secrets.randbits(62)),
                      after_commit=after_commit)
    if club_id is not None:
        club_lobby_changed(club_id, after_commit=after_commit)


TOURNAMENT_OF = room_hooks.OwnerOf(
    lambda table_id: RoundSeat.objects.filter(table_id=table_id).values_list("round__tournament_id", flat=True).first())
forget = TOURNAMENT_OF.forget  # tests: table ids are reused from one test to the next


def table_changed(table_id: int, version: int) -> None:
    """games.room_hooks: a private room changed (committed). A tournament's table tells its page (the
    points of a hand that ended; its page's fanout batches the moves)."""
    tournament_id = TOURNAMENT_OF(table_id)
    if tournament_id is not None:
        changed(tournament_id, after_commit=False)

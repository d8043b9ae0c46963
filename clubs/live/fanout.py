"""The club lobby's one read and one render per change per process (games.live.group_fanout, as
games.live.fanout does for a table): a `ClubChanged` serial is handled once by the process, whatever
the number of its sockets at the lobby, and a batch is followed by a pause of CLUB_LOBBY_GAP_SECONDS
(the moves of hands at the club's tables, each a change, cost a process at most a few reads a second).
"""
from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from clubs import selectors
from clubs.live import presence
from clubs.live_events import ClubChanged
from clubs.models import Club
from games.live.group_fanout import GroupFanout
from tournaments import selectors as tournament_selectors

TEMPLATES = ("clubs/_announcement.html", "clubs/_rule_sets.html", "clubs/_tables.html", "tournaments/_club.html",
             "clubs/_latest.html", "clubs/_online.html")


def lobby_of(club: Club) -> dict:
    """What the lobby's fragments show: the club's (clubs.selectors.lobby, the people online from the
    cache) and its tournaments (tournaments.selectors.club_list: the live layer sits above both)."""
    return {**selectors.lobby(club, presence.online(club.pk)), "tournaments": tournament_selectors.club_list(club.pk)}


def read(club_id: int) -> dict | None:
    """The lobby as it is (None: the club is gone)."""
    club = Club.objects.filter(pk=club_id).first()
    return None if club is None else lobby_of(club)


def render(lobby: dict, language: str) -> dict[str, str]:
    """Each of the lobby's fragments, out of band, in `language`: fragment id → HTML."""
    out = {}
    with translation.override(language):
        for name in TEMPLATES:
            html = render_to_string(name, {**lobby, "oob": True})
            for part in html.split("</section>"):
                if 'id="' in part:
                    out[part.split('id="', 1)[1].split('"', 1)[0]] = part.strip() + "</section>"
    return out


# read and render looked up when called (tests count them by replacing the module's functions)
FANOUT = GroupFanout("club", lambda club_id: read(club_id), lambda lobby, language: render(lobby, language),
                     lambda: settings.CLUB_LOBBY_GAP_SECONDS)
forget, watch, unwatch, frames = FANOUT.forget, FANOUT.watch, FANOUT.unwatch, FANOUT.frames


async def snapshot(socket) -> None:
    """A (re)connected or resyncing socket: every fragment, read anew."""
    await FANOUT.snapshot(socket.club_id, socket)


async def changed(socket, event: ClubChanged) -> None:
    if event.club_id == socket.club_id:
        FANOUT.changed(event.club_id, event.serial)

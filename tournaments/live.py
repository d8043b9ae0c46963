"""A tournament page's websocket (/ws/tournament/<id>/, docs/protocol.md#a-tournaments-standings): the
round's standings and tables, pushed as they change, on the machinery every live socket shares
(games.live.sockets.LiveSocket: language, typed events, calm failures, flood limits).

It only listens: it joins the group `tournament.<id>`, whose one event (tournaments.notify.
TournamentChanged) comes for a registration, a round seated or ended, the end, and every counted change
of one of its tables (games.room_hooks). Each change is read and rendered once per process and language,
for all its sockets at the tournament (games.live.group_fanout), a batch at most every REFRESH_SECONDS,
and a socket is sent the live part only when it differs from what its page holds. A tournament page's
socket counts as a spectator's of its address (games.live.spectator_count: at most
SPECTATOR_SOCKETS_PER_ADDRESS over all tables and tournaments). Nothing a seat hides is in it: names,
points and the tables' watch links, as the page shows."""
from __future__ import annotations

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.urls import path
from django.utils import translation

from games.live.consumers import MAX_ID
from games.live.group_fanout import GroupFanout
from games.live.sockets import LiveSocket, language
from paohuzi_site import ids  # noqa: F401 - the <id:…> converter
from tournaments import notify, selectors
from tournaments.models import Tournament

NOT_FOUND = 4404  # no such tournament (or a club's, and the visitor no member): the code of paohuzi_site.websocket.NOT_FOUND (no socket at this path)
REFRESH_SECONDS = 1.0  # the pause after a batch: a table's moves come often, the standings move when a hand ends
FRAGMENT = "tournament-live"


def read(tournament_id: int) -> dict | None:
    """The page's live part as it is (None: the tournament is gone)."""
    tournament = Tournament.objects.select_related("plan").filter(pk=tournament_id).first()
    return None if tournament is None else selectors.page(tournament)


def render(context: dict, language: str) -> dict[str, str]:
    with translation.override(language):
        return {FRAGMENT: render_to_string("tournaments/_live.html", {**context, "oob": True})}


# read and render looked up when called (tests count them by replacing the module's functions)
FANOUT = GroupFanout("tournament", lambda tid: read(tid), lambda context, lang: render(context, lang),
                     lambda: REFRESH_SECONDS)
forget = FANOUT.forget


class StandingsConsumer(LiveSocket):
    ready = False

    @property
    def place(self) -> str:
        return f"tournament {getattr(self, 'tournament_id', '?')}"

    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.language, self.sent = language(self.scope), {}
        self.limits_start()
        if not 0 < self.tournament_id <= MAX_ID or not await database_sync_to_async(self._visible)():
            await self.close(code=NOT_FOUND)
            return
        if not await self.watcher_admitted():
            return
        self.groups_joined = [notify.group(self.tournament_id)]
        await self.channel_layer.group_add(self.groups_joined[0], self.channel_name)
        await self.accept()
        FANOUT.watch(self.tournament_id, self)
        await FANOUT.snapshot(self.tournament_id, self)

    def _visible(self) -> bool:
        """The tournament exists and the visitor may see it (a club's: its members only, as its page)."""
        found = Tournament.objects.select_related("plan").filter(pk=self.tournament_id).first()
        return found is not None and selectors.member_of_club(found.plan, self.scope.get("user"))

    async def disconnect(self, code):
        FANOUT.unwatch(getattr(self, "tournament_id", None), self)
        await self.watcher_left()
        if getattr(self, "groups_joined", None):
            await self.channel_layer.group_discard(self.groups_joined[0], self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """The page sends nothing that matters: whatever arrives is ignored, within the flood limits."""
        await self.within_limit()

    async def tournament_changed(self, event: notify.TournamentChanged):
        if event.tournament_id == self.tournament_id:
            FANOUT.changed(event.tournament_id, event.serial)


websocket_urlpatterns = [path("ws/tournament/<id:tournament_id>/", StandingsConsumer.as_asgi())]

"""A tournament page's websocket (/ws/tournament/<id>/, docs/protocol.md#a-tournaments-standings): the
round's standings and tables, pushed as they change. It only listens: it joins the group
`tournament.<id>` (told of a registration, a round seated or ended, the end) and the groups `table.<id>`
of the current round's tables (their thin events: a hand ended is a change of the standings), and at
most once every REFRESH_SECONDS renders the page's live part and sends it when it differs from what it
sent last. Nothing a seat hides is in it: names, points and the tables' watch links, as the page shows."""
from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.urls import path
from django.utils import translation

from games.live.consumers import MAX_ID
from games.live.sockets import language as socket_language
from paohuzi_site import ids  # noqa: F401 - the <id:…> converter
from tournaments import selectors
from tournaments.models import Tournament

NOT_FOUND = 4404  # no such tournament: the code of paohuzi_site.websocket.NOT_FOUND (no socket at this path)
REFRESH_SECONDS = 1.0  # a table's moves come often; the standings change when a hand ends


class StandingsConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.language = socket_language(self.scope)
        self.tables: set[int] = set()
        self.sent, self.pending = None, None
        if not 0 < self.tournament_id <= MAX_ID or not await database_sync_to_async(
                Tournament.objects.filter(pk=self.tournament_id).exists)():
            await self.close(code=NOT_FOUND)
            return
        await self.channel_layer.group_add(f"tournament.{self.tournament_id}", self.channel_name)
        await self.accept()
        await self.refresh()

    async def disconnect(self, code):
        if self.pending:
            self.pending.cancel()
        if getattr(self, "sent", None) is not None or getattr(self, "tables", None):
            for group in [f"tournament.{self.tournament_id}", *(f"table.{t}" for t in self.tables)]:
                await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """The page sends nothing that matters: whatever arrives is ignored."""

    async def refresh(self):
        html, tables = await database_sync_to_async(self._render)()
        for gone in self.tables - tables:
            await self.channel_layer.group_discard(f"table.{gone}", self.channel_name)
        for new in tables - self.tables:
            await self.channel_layer.group_add(f"table.{new}", self.channel_name)
        self.tables = tables
        if html != self.sent:
            self.sent = html
            await self.send(text_data=html)

    def _render(self) -> tuple[str, set[int]]:
        with translation.override(self.language):
            tournament = Tournament.objects.select_related("plan").get(pk=self.tournament_id)
            context = selectors.page(tournament)
            html = render_to_string("tournaments/_live.html", {**context, "oob": True})
        return html, {tv.table_id for tv in context["tables"] if tv.status == "playing"}

    def _soon(self, delay: float) -> None:
        if self.pending is None or self.pending.done():
            self.pending = asyncio.get_running_loop().create_task(self._later(delay))

    async def _later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.refresh()

    # the events of the groups it joined
    async def tournament_changed(self, event):
        self._soon(0)

    async def table_changed(self, event):
        self._soon(REFRESH_SECONDS)

    async def table_private(self, event):
        """A held claim window's private step: nothing the standings show."""

    async def watchers_changed(self, event):
        """A table's spectator count: not shown here."""

    async def table_chat(self, event):
        """A table's quick chat: not shown here."""


websocket_urlpatterns = [path("ws/tournament/<id:tournament_id>/", StandingsConsumer.as_asgi())]

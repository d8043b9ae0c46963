"""A spectator's websocket (/ws/watch/<id>/): the table's public view, live.

A TableConsumer without a seat: it hears the table's thin "table.changed" events (no HTML travels
through the layer), renders the public view (games.rules.public_view) from this process's one read of
that version (games.reads) with the same fragments, versions and sync as a seat, and sends only what
changed, to this socket alone. It never renders a seat's view, and refuses every op but "sync" calmly,
changing nothing. A private room is watched by its invite link (the code rides in the socket's URL);
a table that stops being watchable (a player who turned watching off sat down) closes the socket.
One address keeps at most SPECTATOR_SOCKETS_PER_ADDRESS spectator sockets open over all tables
(games.live.spectator_count): past that the page is told why and the socket closed.
"""
from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts import throttles

from games.live import spectator_count
from games import selectors
from games import reads
from games.live import registry
from games.live.consumers import MAX_ID, NOT_SEATED, TableConsumer, since_asked
from games.live.sockets import TOO_MANY_HERE  # noqa: F401 - a spectator's close codes too (docs/protocol.md)

NOT_WATCHABLE = NOT_SEATED  # the table may not be watched (by this visitor): the page does not reconnect


def _code(scope) -> str:
    return parse_qs(scope.get("query_string", b"").decode("latin-1")).get("code", [""])[0]


class SpectatorConsumer(TableConsumer):
    async def connect(self):
        self.user = self.scope.get("user")
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        allowed = 0 < self.table_id <= MAX_ID and await database_sync_to_async(self._may_watch)(_code(self.scope))
        if not allowed:
            await self.close(code=NOT_WATCHABLE)
            return
        self.position = None
        self._socket_state("")
        if not await self.watcher_admitted():
            return
        self.groups_joined = [f"table.{self.table_id}"]  # thin events only: each socket renders its own frames
        await self.channel_layer.group_add(self.groups_joined[0], self.channel_name)
        await self.accept()
        registry.watch(self.table_id, self)
        await self.deliver(*await database_sync_to_async(self._resync)(since_asked(self.scope)))
        await self._count(+1)

    def _may_watch(self, code: str) -> bool:
        try:
            read = reads.table_read(self.table_id)
        except reads.Table.DoesNotExist:
            return False
        private = read.table.kind == reads.Table.Kind.PRIVATE
        if private and not throttles.invite_lookup(throttles.socket_ip(self.scope)):
            return False  # the socket would confirm a guessed code: an invite look-up, like the watch page
        return selectors.may_watch(read.table, read.seats.values(), code)

    async def disconnect(self, code):
        registry.unwatch(getattr(self, "table_id", None), self)
        await self.watcher_left()
        if getattr(self, "groups_joined", None):
            await self.channel_layer.group_discard(self.groups_joined[0], self.channel_name)
            await self._count(-1)

    async def _count(self, by: int):
        """Count this spectator in or out, and tell every page at the table (seats too) the new count."""
        event = await database_sync_to_async(spectator_count.event)(self.table_id, by)
        await self.channel_layer.group_send(self.groups_joined[0], event)

    async def receive(self, text_data=None, bytes_data=None):
        """Only "sync" (a full snapshot) is answered; any other op is refused calmly: a spectator never acts."""
        if await self._message(text_data) is not None:
            await self.send_flash(gettext_lazy("You are watching this table: spectators cannot play."), level="info")

    def _render(self, version: int | None, move_no: int | None = None):
        """(the changed fragments of the public view, when the table's next step is due, whether it may
        still be watched: TableConsumer.refresh closes the socket when not, after sending why). A private
        step of a held claim window (`move_no`) changes nothing public: nothing is sent."""
        with translation.override(self.language):
            snap = selectors.snapshot(self.table_id, None, self.origin, version, move_no)
            if not selectors.watchable(snap.table, snap.seats.values()):
                why = gettext_lazy("This table can no longer be watched.")
                return render_to_string("games/_flash.html", {"message": str(why), "oob": True}), None, False
            html = self._diffed(snap, move_no)
        return html, snap.due, True

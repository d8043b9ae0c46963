"""The table's websocket (DESIGN: one move, end to end).

One consumer per open table page: an authenticated user with a seat at the table. It joins the groups
`table.<id>` and `user.<id>`, sends a full snapshot of the seat's fragments on every (re)connect, passes
each message to one service, and on the thin "table.changed" event (with the table's new version)
renders its own seat's view from this process's one read of that version (games.live) and sends only
the fragments that changed. Every frame carries the version; a gap (a missed event) or the page's
"sync" brings a full snapshot. Each snapshot tells games.table_clock when the table's next step is due.
"""
from __future__ import annotations

import json
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy

from . import fragments, selectors, services, table_clock


NOT_SEATED = 4403  # close code: not logged in, or no seat at this table (the extension does not reconnect)


def _language(scope) -> str:
    """The page's language, passed in the socket's URL (?lang=), so fragments match the page."""
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    try:
        return translation.get_supported_language_variant(asked or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


def _origin(scope) -> str:
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1")
    return f"{'https' if scope.get('scheme') == 'wss' else 'http'}://{host}" if host else ""


# op → service call for the user; "act" passes the whole message on (action + move_no).
OPS = {
    "act": lambda table, user, msg: services.action_submit(table=table, user=user, wire=msg),
    "autoplay_on": lambda table, user, msg: services.autoplay_set(table=table, user=user, on=True),
    "autoplay_off": lambda table, user, msg: services.autoplay_set(table=table, user=user, on=False),
    "next": lambda table, user, msg: services.next_ready(table=table, user=user),
    "bots": lambda table, user, msg: services.bots_fill(table=table, user=user),
    "dissolve_yes": lambda table, user, msg: services.dissolve_vote(table=table, user=user, agree=True),
    "dissolve_no": lambda table, user, msg: services.dissolve_vote(table=table, user=user, agree=False),
}


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.user = self.scope.get("user")
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.position = await database_sync_to_async(selectors.seat_position)(self.table_id, self.user)
        if self.position is None:
            await self.close(code=NOT_SEATED)
            return
        self.language, self.origin = _language(self.scope), _origin(self.scope)
        self.sent: dict[str, str] = {}  # fragment id → the data it was last sent with
        self.version: int | None = None  # the table's version this socket's page shows
        self.flash = False
        self.groups_joined = [f"table.{self.table_id}", f"user.{self.user.pk}"]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        table_clock.watch(self.table_id, self)
        await self.refresh()

    async def disconnect(self, code):
        table_clock.unwatch(getattr(self, "table_id", None), self)
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            msg = json.loads(text_data or "")
            if msg.get("op") == "sync":  # the page missed a frame: a full snapshot
                self.sent.clear()
                await self.refresh()
                return
            op = OPS[msg.get("op", "act")]
        except (ValueError, KeyError, AttributeError):
            await self.send_flash(gettext_lazy("The page sent a message the table does not understand."))
            return
        try:
            await database_sync_to_async(self._perform)(op, msg)
        except services.Stale as e:  # harmless: show the table as it is now, and why, calmly
            await self.send_flash(str(e), full=True, level="info")
        except services.Refused as e:
            await self.send_flash(str(e))

    def _perform(self, op, msg):
        """The service call, in the page's language (its refusals are shown to this player)."""
        with translation.override(self.language):
            op(self.table_id, self.user, msg)

    async def table_changed(self, event):
        version = event.get("version")
        if version is not None and self.version is not None:
            if version <= self.version:
                return  # shown already: the read for an earlier event was this recent
            if version > self.version + 1:
                self.sent.clear()  # a missed event: send a full snapshot
        await self.refresh(version)

    async def user_changed(self, event):
        html = await database_sync_to_async(self._coins_html)()
        await self.send(text_data=html)

    # ---- rendering (each seat renders its own view)

    async def refresh(self, version: int | None = None):
        html, due, seated = await database_sync_to_async(self._render)(version)
        if html:
            await self.send(text_data=html)
        if not seated:  # this socket's seat may be another's now: it must never render that seat's view
            await self.close(code=NOT_SEATED)
            return
        table_clock.wake_at(self.table_id, due)

    def _render(self, version: int | None):
        """(the changed fragments, when the table's next step is due, whether the user still has the
        seat), as of `version` or later (None: read anew). A user who lost the seat (R11: short of the
        room's coins at the deal, or up in another tab) is sent the page's replacement that says why and
        where to play instead."""
        with translation.override(self.language):
            snap = selectors.snapshot(self.table_id, self.position, self.origin, version)
            seat = snap.seats.get(self.position)
            if seat is None or seat.user_id != self.user.pk:
                self.user.refresh_from_db(fields=["coins"])
                html = render_to_string("games/_unseated.html",
                                        {"u": selectors.unseated(snap.table, self.user), "oob": True})
                return html, None, False
            html = fragments.render_changed(snap, self.sent, self.version)
            self.version = snap.version
            if self.flash:
                html += render_to_string("games/_flash.html", {"message": "", "oob": True})
                self.flash = False
        return html, snap.due, True

    def _coins_html(self) -> str:
        self.user.refresh_from_db(fields=["coins"])
        with translation.override(self.language):
            return render_to_string("games/_coins.html", {"user": self.user, "oob": True})

    async def send_flash(self, message, full: bool = False, level: str = "error"):
        """Show why a request was refused, in the page (an empty message clears the box; a lazy one is
        translated into the page's language here); `full` re-sends every fragment first."""
        if full:
            self.sent.clear()
            await self.refresh()
        with translation.override(self.language):
            html = render_to_string("games/_flash.html", {"message": str(message), "level": level, "oob": True})
        await self.send(text_data=html)
        self.flash = True

"""What every live socket of the site shares (the table's, the spectator's, the club lobby's): the
page's language (?lang=), typed channel-layer events only (games.events.parse), a failure in a handler
logged once and answered calmly (never taking the socket down, which would skip disconnect), disconnect
run once even when Daphne cancels a busy socket's task, sends to a page that closed meanwhile ignored,
and the flood limits (games.live.socket_limits: a token bucket per socket; the page is told once, a socket
that keeps on is closed), and the cap of a watcher's sockets per address (a spectator's, a tournament
page's: games.live.spectator_count). A subclass names itself (`place`), its log, its flash template and how it
answers a failed message (`failed`).
"""
from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts import throttles
from games import events
from games.live import socket_limits, spectator_count

# Close codes the htmx ws extension does not reconnect on (it reconnects after 1006, 1011, 1012, 1013 only).
FLOODING = 4429  # the socket kept sending past its limit
TRY_AGAIN = 1013  # the server could not open the socket now: the extension reconnects
TOO_MANY_HERE = 4408  # SPECTATOR_SOCKETS_PER_ADDRESS are open from this address: nor does it reconnect


def query(scope, name: str) -> str:
    return parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name, [""])[0]


def language(scope) -> str:
    """The page's language, passed in the socket's URL (?lang=), so fragments match the page."""
    asked = query(scope, "lang")
    try:
        return translation.get_supported_language_variant(asked or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


class LiveSocket(AsyncWebsocketConsumer):
    logger = logging.getLogger("paohuzi.table")
    flash_template = "games/_flash.html"

    @property
    def place(self) -> str:
        """What the socket is open on, for the log."""
        return "?"

    def limits_start(self) -> None:
        self.bucket, self.dropped, self.flash = socket_limits.message_bucket(), 0, False

    async def watcher_admitted(self) -> bool:
        """Count this watcher's socket for its address; past SPECTATOR_SOCKETS_PER_ADDRESS (over all the
        tables and tournaments it watches) nothing is counted, the page is told why and it is closed."""
        self.address = throttles.socket_ip(self.scope)
        if await database_sync_to_async(spectator_count.place_take)(self.address):
            return True
        self.address = None  # not counted: nothing to free
        await self.accept()
        await self.close_for(TOO_MANY_HERE, gettext_lazy(
            "Too many tables are being watched from your address: close one of them to watch this one."))
        return False

    async def watcher_left(self) -> None:
        """The watcher's socket closed: room for another from its address (once)."""
        if getattr(self, "address", None) is not None:
            address, self.address = self.address, None
            await database_sync_to_async(spectator_count.place_free)(address)

    async def __call__(self, scope, receive, send):
        """Daphne cancels a socket's task when its page has been gone for application_close_timeout
        (10 s) while the task is still busy (opening, behind a burst of opens on the database thread):
        disconnect is then run here, or the socket's groups and places would hold it for good."""
        try:
            await super().__call__(scope, receive, send)
        except asyncio.CancelledError:
            if not getattr(self, "left", False):
                await self.disconnect(None)
            raise

    async def websocket_disconnect(self, message):
        self.left = True  # disconnect runs once
        await super().websocket_disconnect(message)

    async def dispatch(self, message):
        """Each message to its handler, as Channels' dispatch does but for its close_old_connections
        first: that is a hop to the one database thread per message, queued behind every table's work,
        for nothing here, where every database call goes through database_sync_to_async, which closes
        old connections around it anyway. Channel-layer events are typed (games.events) or dropped."""
        try:
            handler = getattr(self, get_handler_name(message))
            if not message["type"].startswith("websocket."):
                message = events.parse(message)
                if message is None:
                    return
            await handler(message)
        except StopConsumer:
            raise
        except Exception:
            kind = message.get("type") if isinstance(message, dict) else type(message).__name__
            self.logger.exception("%s: a socket's %s failed", self.place, kind)
            await self.failed(kind)

    async def failed(self, kind: str) -> None:
        """A handler failed: an opening socket is closed for the page to retry; a message is answered."""
        if kind == "websocket.connect":
            await self.close(code=TRY_AGAIN)
        elif kind == "websocket.receive" and getattr(self, "groups_joined", None):
            await self.send_flash(gettext_lazy("That did not work; please try again."))

    async def send(self, text_data=None, bytes_data=None, close=False):
        """A page that closed while it was being answered is no failure: there is nobody to tell, and
        its disconnect (which cleans up) comes next. Daphne raises Disconnected for such a send."""
        try:
            await super().send(text_data, bytes_data, close)
        except Disconnected:
            self.logger.debug("%s: a socket closed before its answer", self.place)

    async def within_limit(self) -> bool:
        """Whether an incoming message is within the socket's limit; past it the page is told once, and
        a socket that goes on is closed."""
        if self.bucket.take():
            return True
        self.dropped += 1
        if self.dropped == 1:
            await self.send_flash(gettext_lazy("Too many clicks at once: wait a moment."))
        elif self.dropped >= settings.TABLE_FLOOD_DROPS:
            await self.close_for(FLOODING, gettext_lazy("This page sent too many messages and was disconnected."))
        return False

    async def close_for(self, code: int, why):
        """Tell the page why, then close with a code the page does not reconnect on."""
        await self.send_flash(why)
        await self.close(code=code)

    async def send_flash(self, message, level: str = "error"):
        """Show why a request was refused, in the page (an empty message clears the box; a lazy one is
        translated into the page's language here)."""
        with translation.override(self.language):
            html = render_to_string(self.flash_template, {"message": str(message), "level": level, "oob": True})
        await self.send(text_data=html)
        self.flash = True

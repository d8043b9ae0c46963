"""The club lobby's websocket (/ws/clubs/<number>/, docs/protocol.md#the-club-lobby-socket): members only.

On connect: a member of an open club is counted (at most CLUB_SOCKETS_PER_USER sockets per person and
club over all processes: games.live.socket_limits, the newest kept), joins the group `club.<id>`, is
marked online (clubs.live.presence) and sent every fragment of the lobby. Then each change of the lobby
(clubs.live_events.ClubChanged) brings the fragments that changed (clubs.live.fanout: one read and one
render per change per process). A member removed (or who left) is closed at once, a dissolved or
disabled club's sockets too, each with the page told why in its language. The page sends only
{"op": "sync"} (every fragment again); the table's flood limits apply (games.live.sockets).
"""
from __future__ import annotations

import asyncio
import json
import logging

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from django.conf import settings
from django.utils.translation import gettext_lazy

from clubs import live_events
from clubs.live import fanout, presence
from clubs.models import Membership
from games import events
from games.live import socket_limits
from games.live.sockets import LiveSocket, language

logger = logging.getLogger("paohuzi.clubs")

NOT_A_MEMBER = 4403  # not logged in, no club with this number, or not (or no longer) a member
CLUB_CLOSED = 4410  # the club was dissolved or disabled
OPENED_ELSEWHERE = 4409  # the person opened this lobby in more windows than CLUB_SOCKETS_PER_USER
MAX_MESSAGE = 200  # characters: the page sends {"op": "sync"} only


def _cache(fn):
    """A cache call off the database thread (the cache may be Redis: a network round trip)."""
    return sync_to_async(fn, thread_sensitive=False)


class ClubConsumer(LiveSocket):
    logger = logger
    ready = False

    @property
    def place(self) -> str:
        return f"club {getattr(self, 'number', '?')}"

    async def connect(self):
        self.user = self.scope.get("user")
        self.number = self.scope["url_route"]["kwargs"]["number"]
        self.language, self.sent = language(self.scope), {}
        self.limits_start()
        found = await database_sync_to_async(self._member_place)() if self._plausible() else None
        if found is None:
            await self.close(code=NOT_A_MEMBER)
            return
        if found == CLUB_CLOSED:
            await self.accept()
            await self.close_for(CLUB_CLOSED, gettext_lazy("This club has been closed."))
            return
        self.club_id, pushed_out = found
        self.placed = True
        for channel in pushed_out:  # the person's oldest sockets at this lobby, in whichever process
            try:
                await self.channel_layer.send(channel, events.message(events.SocketPushedOut()))
            except ChannelFull:
                logger.warning("club %s: a socket pushed out could not be told", self.number)
        self.groups_joined = [live_events.group(self.club_id)]
        await self.channel_layer.group_add(self.groups_joined[0], self.channel_name)
        await self.accept()
        fanout.watch(self.club_id, self)
        if await _cache(presence.arrive)(self.club_id, self.user.pk, self.channel_name):
            await self._tell_changed()
        await fanout.snapshot(self)
        self.renewing = asyncio.ensure_future(self._renew())

    def _plausible(self) -> bool:
        return bool(self.user and self.user.is_authenticated and self.number.isdigit() and len(self.number) == 6)

    def _member_place(self):
        """(club id, the person's sockets this one pushes past the cap), CLUB_CLOSED, or None: not a member."""
        mine = Membership.objects.select_related("club").filter(club__number=self.number, user_id=self.user.pk).first()
        if mine is None:
            return None
        if mine.club.disabled:
            return CLUB_CLOSED
        place = f"club{mine.club_id}"
        return mine.club_id, socket_limits.admit(place, self.user.pk, self.channel_name,
                                                 cap=settings.CLUB_SOCKETS_PER_USER)

    async def _renew(self):
        """Every third of CLUB_PRESENCE_SECONDS: this socket is still here (an entry not renewed expires)."""
        while True:
            await asyncio.sleep(settings.CLUB_PRESENCE_SECONDS / 3)
            try:
                if await _cache(presence.renew)(self.club_id, self.user.pk, self.channel_name):
                    await self._tell_changed()
            except Exception:
                logger.exception("club %s: renewing presence failed", self.number)

    async def _tell_changed(self):
        await self.channel_layer.group_send(self.groups_joined[0],
                                            events.message(live_events.change(self.club_id)))

    async def disconnect(self, code):
        fanout.unwatch(getattr(self, "club_id", None), self)
        if getattr(self, "renewing", None):
            self.renewing.cancel()
        if getattr(self, "placed", False):
            await database_sync_to_async(socket_limits.leave)(f"club{self.club_id}", self.user.pk, self.channel_name)
        if getattr(self, "groups_joined", None):
            await self.channel_layer.group_discard(self.groups_joined[0], self.channel_name)
            if await _cache(presence.depart)(self.club_id, self.channel_name):
                await self._tell_changed()

    async def receive(self, text_data=None, bytes_data=None):
        if not await self.within_limit():
            return
        try:
            op = json.loads(text_data or "").get("op") if len(text_data or "") <= MAX_MESSAGE else None
        except (ValueError, AttributeError):
            op = None
        if op == "sync":
            await fanout.snapshot(self)
        else:
            await self.send_flash(gettext_lazy("The page sent a message the club lobby does not understand."))

    async def club_changed(self, event: live_events.ClubChanged):
        await fanout.changed(self, event)

    async def club_member_gone(self, event: live_events.ClubMemberGone):
        if event.user_id == self.user.pk:
            await self._end(NOT_A_MEMBER, gettext_lazy("You are no longer a member of this club."))

    async def club_closed(self, event: live_events.ClubClosed):
        await self._end(CLUB_CLOSED, gettext_lazy("This club has been closed."))

    async def socket_pushed_out(self, event: events.SocketPushedOut):
        if getattr(self, "placed", False):  # admit took it off the list
            self.placed = False
            await self._end(OPENED_ELSEWHERE, gettext_lazy(
                "This club is open in another window, so this one was closed."))

    async def _end(self, code: int, why):
        """Out of this process's renders first (a change's batch, already under way for the others,
        sends a removed member nothing more), then the page is told why and the socket closed."""
        fanout.unwatch(self.club_id, self)
        self.ready = False
        await self.close_for(code, why)

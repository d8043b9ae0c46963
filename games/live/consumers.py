"""The table's websocket (docs/design.md#one-move-end-to-end).

One consumer per open table page: an authenticated user with a seat at the table. It joins the groups
`table.<id>` and `user.<id>`, sends a full snapshot of the seat's fragments on every (re)connect, passes
each message to one service (its events are sent from the event loop after: notify.on_db_thread), and
on the thin "table.changed" event (with the table's new version) gets its seat's view rendered from
this process's one read of that version (games.reads), in the one database hop the process makes for
all its sockets at the table (games.live.fanout), and sent only the fragments that changed. Channel-layer
events are typed (games.events) and say who may see them: a socket outside an event's audience does
nothing for it. Every frame carries the version; a page that comes back knowing a version (a reconnect's
?since=, a "sync" with since) is sent what changed since, when this process's short history knows that
version (games.live.history), else a full snapshot. Each snapshot tells games.clock.timer when the
table's next step is due.
"""
from __future__ import annotations

import logging
from contextlib import nullcontext

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy

from games import errors, events, notify, play, reads, rooms, selectors
from games.live import chat, fanout, fragment_html, fragments, history, messages, registry, socket_limits, spectator_count
from games.live.sockets import LiveSocket, language as _language, query as _query
from games.live.sockets import FLOODING, TRY_AGAIN  # noqa: F401 - the table's close codes too (docs/protocol.md)
from money import tiers

logger = logging.getLogger("paohuzi.table")

# Close codes the htmx ws extension does not reconnect on (it reconnects after 1006, 1011, 1012, 1013 only).
NOT_SEATED = 4403  # not logged in, or no seat at this table
OPENED_ELSEWHERE = 4409  # the user opened this table in more windows than TABLE_SOCKETS_PER_USER
MAX_ID = 2 ** 63 - 1  # a table id the database can hold


def since_asked(scope) -> int | None:
    """The version a reconnecting page shows (?since=, static/js/table.js), or None."""
    asked = _query(scope, "since")
    return int(asked) if asked.isdigit() and len(asked) <= 18 else None


def _speaking(language: str):
    """translation.override(language), or nothing when it is the active language already: the socket's
    request and each socket's render on the move path, mostly all in one language (an override is two
    thread-local writes and a catalogue lookup each way)."""
    return nullcontext() if translation.get_language() == language else translation.override(language)


def _origin(scope) -> str:
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1")
    return f"{'https' if scope.get('scheme') == 'wss' else 'http'}://{host}" if host else ""


# op → service call for the user (games.live.messages.OPS; "sync" and "chat" are the consumer's own).
OPS = {
    "act": lambda table, user, msg: play.action_submit(table=table, user=user, wire=msg.wire()),
    "autoplay_on": lambda table, user, msg: play.autoplay_set(table=table, user=user, on=True),
    "autoplay_off": lambda table, user, msg: play.autoplay_set(table=table, user=user, on=False),
    "next": lambda table, user, msg: play.next_ready(table=table, user=user),
    "bots": lambda table, user, msg: rooms.bots_fill(table=table, user=user, level=msg.action or "normal"),
    "dissolve_yes": lambda table, user, msg: play.dissolve_vote(table=table, user=user, agree=True),
    "dissolve_no": lambda table, user, msg: play.dissolve_vote(table=table, user=user, agree=False),
    "seed": lambda table, user, msg: play.client_seed_set(table=table, user=user, seed=msg.seed),
}


class TableConsumer(LiveSocket):
    logger = logger

    @property
    def place(self) -> str:
        return f"table {getattr(self, 'table_id', '?')}"

    async def connect(self):
        self.user = self.scope.get("user")
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.position, pushed_out = (await database_sync_to_async(self._seat_and_place)()
                                     if 0 < self.table_id <= MAX_ID else (None, []))
        if self.position is None:
            await self.close(code=NOT_SEATED)
            return
        self._socket_state(_origin(self.scope))
        for channel in pushed_out:  # the user's oldest sockets at the table, in whichever process
            try:
                await self.channel_layer.send(channel, events.message(events.SocketPushedOut()))
            except ChannelFull:  # the in-memory layer: that socket is 100 messages behind
                logger.warning("table %s: a socket pushed out could not be told", self.table_id)
        self.groups_joined = [f"table.{self.table_id}", f"user.{self.user.pk}"]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await database_sync_to_async(play.seat_presence)(table_id=self.table_id, user=self.user, opened=True)
        registry.watch(self.table_id, self)
        frame = await database_sync_to_async(self._first_frame)()
        if frame is None:
            await self.socket_pushed_out({})
        else:
            await self.deliver(*frame)

    def _first_frame(self):
        """The socket's first snapshot (_frame); None for a socket pushed out since it was counted:
        of many opened at once, most are by the time the database thread comes to theirs, and a
        snapshot each (the one thread's work for every table) would be rendered for nobody."""
        if not socket_limits.counted(self.table_id, self.user.pk, self.channel_name):
            return None
        return self._resync(since_asked(self.scope))

    def _seat_and_place(self) -> tuple[int | None, list[str]]:
        """The user's seat at the table, and the user's sockets there this one pushes past the cap
        (games.live.socket_limits.admit: it is counted as the newest), in one database hop."""
        position = selectors.seat_position(self.table_id, self.user)
        if position is None:
            return None, []
        self.placed = True
        return position, socket_limits.admit(self.table_id, self.user.pk, self.channel_name)

    async def disconnect(self, code):
        registry.unwatch(getattr(self, "table_id", None), self)
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        if getattr(self, "groups_joined", None):
            await database_sync_to_async(play.seat_presence)(table_id=self.table_id, user=self.user, opened=False)
        if getattr(self, "placed", False):  # counted in the user's list at the table, and not pushed out
            await database_sync_to_async(socket_limits.leave)(self.table_id, self.user.pk, self.channel_name)

    def _socket_state(self, origin: str) -> None:
        """What a socket of a table page (a seat's or a spectator's) starts with."""
        self.language, self.origin = _language(self.scope), origin
        self.sent: dict = {}  # fragment id → the digest of the data it was last sent with (fragments.render_changed)
        self.version: int | None = None  # the table's version this socket's page shows
        self.limits_start()

    async def _message(self, text_data):
        """The incoming message, within the socket's limit and valid, for the caller to act on; None
        when there is nothing more to do: dropped or refused (the page is told), or "sync" (answered
        here with a full snapshot)."""
        if not await self.within_limit():
            return None
        try:
            msg = messages.parse(text_data)
        except messages.BadMessage:
            await self.send_flash(gettext_lazy("The page sent a message the table does not understand."))
            return None
        if msg.op == "sync":  # the page missed a frame: what changed since `since`, or a full snapshot
            await self.deliver(*await database_sync_to_async(self._resync)(msg.since))
            return None
        return msg

    async def receive(self, text_data=None, bytes_data=None):
        msg = await self._message(text_data)
        if msg is None:
            return
        if msg.op == "chat":
            await self._chat(msg.phrase)
            return
        sockets = registry.watchers(self.table_id)
        try:  # the frames rendered in the request's hop are delivered before its events go out
            await notify.on_db_thread(self._perform, OPS[msg.op], msg, sockets, then=fanout.deliver)
        except errors.Stale as e:  # harmless (a repeated or late click): what changed, and why, calmly
            await self.refresh(self.version)
            await self.send_flash(str(e), level="info")
        except errors.Refused as e:
            await self.send_flash(str(e))

    async def _chat(self, phrase: str):
        """A quick-chat say to everyone at the table (games.live.chat): no service, no database, no
        version; the seat's turn is taken off the database thread (the cache may be Redis)."""
        if not await sync_to_async(chat.turn_take, thread_sensitive=False)(self.table_id, self.position):
            await self.send_flash(gettext_lazy("One quick message every few seconds: wait a moment."), level="info")
            return
        await self.channel_layer.group_send(f"table.{self.table_id}",
                                            events.message(events.TableChat(self.position, phrase)))

    async def table_chat(self, event: events.TableChat):
        """Someone at the table said a phrase (everyone's to see): this page shows it in its own
        language; an id that is none of the table's phrases is dropped."""
        if event.audience.includes(self.position) and event.phrase in chat.IDS:
            with translation.override(self.language):
                await self.send(text_data=fragment_html.chat_line(event.seat, event.phrase))

    def _perform(self, op, msg, sockets):
        """The service call, in the page's language (its refusals are shown to this player); then, in the
        same database hop, the change rendered for `sockets`, this process's at the table
        (games.live.fanout.render_committed): their "table.changed" finds them up to date."""
        with _speaking(self.language):
            op(self.table_id, self.user, msg)
        return fanout.render_committed(self.table_id, sockets)

    async def table_changed(self, event: events.TableChanged):
        await fanout.catch_up(self, event)

    async def socket_pushed_out(self, event: events.SocketPushedOut | None):
        """The user opened TABLE_SOCKETS_PER_USER newer sockets at this table (in any process)."""
        if self.placed:  # admit took it off the list
            self.placed = False
            await self.close_for(OPENED_ELSEWHERE, gettext_lazy(
                "This table is open in another window, so this one was closed."))

    async def table_private(self, event: events.TablePrivate):
        """A private step of a held claim window: no new version; the seat that decided only (its
        event's audience: the others' sockets neither read nor render), and a frame only if its own
        view changed, never one that would tell the others a claim was decided."""
        if event.audience.includes(self.position):
            await fanout.catch_up(self, event)

    async def watchers_changed(self, event: events.WatchersChanged):
        """The table's spectator count changed (games.live.spectators): every page at the table shows it."""
        await self.send(text_data=spectator_count.html(event.count, self.language))

    async def user_changed(self, event: events.UserChanged):
        html = await database_sync_to_async(self._coins_html)()
        await self.send(text_data=html)

    # ---- rendering (each socket its own seat's view; games.live.fanout batches a change's renders)

    def behind(self, event: events.TableChanged | events.TablePrivate) -> bool:
        """Whether this socket's page needs the change (games.live.fanout): it is in the event's
        audience, and the event is of a newer version, or within the version it shows a private step.
        A socket still sending its first snapshot (no version yet) reads anew anyway."""
        if self.version is None or not event.audience.includes(self.position):
            return False
        if isinstance(event, events.TablePrivate):
            return event.version == self.version
        return event.version > self.version

    def render_change(self, event: events.TableChanged | events.TablePrivate):
        """_frame for a change (games.live.fanout). After a missed event (a gap) too, `sent` is what
        the page holds: the frame carries every change since, diffed against the version it shows.
        A render that failed half way leaves `sent` unknown: the next frame is a full snapshot."""
        try:
            return self._frame(event.version, getattr(event, "move_no", None))
        except Exception:
            self.sent.clear()
            raise

    def _resync(self, since: int | None):
        """A frame for a page that shows `since` (a reconnect, a sync): what changed since, when this
        process's history knows what the page holds at `since` (games.live.history), else a full
        snapshot read anew; with the spectator count either way. A replay is of the table's stored
        version, from this process's latest read when it is that recent (games.reads: the history
        exists because this process renders the table), which one small statement tells."""
        kept = history.at(self.table_id, since, self.audience()) if since is not None else None
        if kept is None:
            self.sent = {}
            return self._frame(None, count=True)
        self.sent, self.version = kept, since
        return self._frame(reads.stored_version(self.table_id), count=True)

    def audience(self) -> tuple:
        """What this socket's fragments depend on besides the table (games.live.history's key)."""
        return self.position, self.language, self.origin

    async def refresh(self, version: int | None = None):
        await self.deliver(*await database_sync_to_async(self._frame)(version))

    async def deliver(self, html: str, due, seated: bool):
        """Send a rendered update; a socket whose user lost the seat is closed after it."""
        if html:
            await self.send(text_data=html)
        if not seated:  # this socket's seat may be another's now: it must never render that seat's view
            await self.close(code=NOT_SEATED)
            return
        registry.wake_at(self.table_id, due)

    def _frame(self, version: int | None, move_no: int | None = None, count: bool = False):
        """_render's answer; a full snapshot and a resync (`count`) also carry the spectator count, which
        the table's read does not hold (games.live.spectator_count), so a page that reconnects shows it
        without waiting for the next spectator to come or go."""
        count = count or not self.sent
        html, due, seated = self._render(version, move_no)
        if count and seated:
            html += spectator_count.html(spectator_count.count(self.table_id), self.language)
        return html, due, seated

    def _render(self, version: int | None, move_no: int | None = None):
        """(the changed fragments, when the table's next step is due, whether the user still has the
        seat), as of `version` or later (None: read anew); `move_no`: a private step's, when only what
        changed is sent (nothing when nothing did, not even the version). A user who lost the seat (R11: short of the
        room's coins at the deal, or up in another tab) is sent the page's replacement that says why and
        where to play instead."""
        with _speaking(self.language):
            snap = selectors.snapshot(self.table_id, self.position, self.origin, version, move_no)
            seat = snap.seats.get(self.position)
            if seat is None or seat.user_id != self.user.pk:
                self.user.refresh_from_db(fields=["coins"])
                html = render_to_string("games/_unseated.html",
                                        {"u": tiers.unseated(snap.table, self.user), "oob": True})
                return html, None, False
            html = self._diffed(snap, move_no)
            if self.flash:
                html += render_to_string("games/_flash.html", {"message": "", "oob": True})
                self.flash = False
        return html, snap.due, True

    def _diffed(self, snap, move_no: int | None) -> str:
        """fragments.render_changed for this socket, the version it now shows, and what its page holds
        at that version kept in the table's history (a private step's, which may or may not have reached
        a page, withdraws the version's entry instead)."""
        html = fragments.render_changed(snap, self.sent, self.version, quiet=move_no is not None)
        self.version = snap.version
        if move_no is None:
            history.record(self.table_id, snap.version, self.audience(), self.sent)
        elif html:
            history.withdraw(self.table_id, snap.version, self.audience())
        return html

    def _coins_html(self) -> str:
        self.user.refresh_from_db(fields=["coins"])
        with translation.override(self.language):
            return render_to_string("games/_coins.html", {"user": self.user, "oob": True})

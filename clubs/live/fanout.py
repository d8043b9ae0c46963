"""One read and one render per change per process (as games.live.fanout does for a table): of a
process's sockets at a club lobby, the first to hear of a change (a `ClubChanged` serial) reads the
lobby once (clubs.selectors.lobby), renders its fragments once per language among them, and sends each
socket only the fragments that differ from what its page holds; the others find the serial handled.
Changes that come while a batch waits for the one before it to finish join it, and a batch is
followed by a pause of CLUB_LOBBY_GAP_SECONDS before the next reads (the moves of hands at the club's
tables, each a change, cost a process at most a few reads a second, not one each). The batch is a task
of its own, which the socket does not wait for: it hears the next event meanwhile, and one that closes
leaves the others their frames.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict

from channels.db import database_sync_to_async
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from clubs import selectors
from clubs.live import presence
from clubs.live_events import ClubChanged
from clubs.models import Club

logger = logging.getLogger("paohuzi.clubs")

SEEN_KEPT = 1000  # the serials this process remembers having handled
TEMPLATES = ("clubs/_announcement.html", "clubs/_rule_sets.html", "clubs/_tables.html", "clubs/_latest.html",
             "clubs/_online.html")

_SOCKETS: dict[int, set] = {}  # club id → this process's sockets at its lobby
_SEEN: OrderedDict = OrderedDict()  # (club id, serial) already handled
_QUEUED: set[int] = set()  # clubs whose next batch waits and has not read yet
_LOCKS: dict[int, asyncio.Lock] = {}
_BATCHES: set[asyncio.Task] = set()


def forget() -> None:
    """Tests: each runs its own event loop."""
    _SOCKETS.clear(), _SEEN.clear(), _QUEUED.clear(), _LOCKS.clear(), _BATCHES.clear()


def watch(club_id: int, socket) -> None:
    _SOCKETS.setdefault(club_id, set()).add(socket)


def unwatch(club_id: int | None, socket) -> None:
    sockets = _SOCKETS.get(club_id)
    if sockets is not None:
        sockets.discard(socket)
        if not sockets:
            del _SOCKETS[club_id]
            _LOCKS.pop(club_id, None)


def read(club_id: int) -> dict | None:
    """The lobby as it is (None: the club is gone), with the people online from the cache."""
    club = Club.objects.filter(pk=club_id).first()
    return None if club is None else selectors.lobby(club, presence.online(club_id))


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


def frame(socket, fragments: dict[str, str]) -> str:
    """The fragments whose HTML differs from what the socket's page holds (all of them on a first
    frame), and the page now holds them."""
    html = []
    for fid, part in fragments.items():
        digest = hashlib.blake2b(part.encode(), digest_size=12).digest()
        if socket.sent.get(fid) != digest:
            socket.sent[fid] = digest
            html.append(part)
    return "".join(html)


def frames(club_id: int, sockets, full: bool = False) -> list[tuple]:
    """On the database thread: one read, one render per language, each socket's frame (`full`: every
    fragment, whatever the page holds)."""
    if full:
        for socket in sockets:
            socket.sent = {}
    lobby = read(club_id)
    if lobby is None:
        return []
    rendered: dict[str, dict] = {}
    out = []
    for socket in sockets:
        if socket.language not in rendered:
            rendered[socket.language] = render(lobby, socket.language)
        out.append((socket, frame(socket, rendered[socket.language])))
    return out


async def snapshot(socket) -> None:
    """A (re)connected or resyncing socket: every fragment, read anew."""
    for sock, html in await database_sync_to_async(frames)(socket.club_id, [socket], True):
        await sock.send(text_data=html)
    socket.ready = True


async def changed(socket, event: ClubChanged) -> None:
    key = (event.club_id, event.serial)
    if key in _SEEN or event.club_id != socket.club_id:
        return
    _SEEN[key] = True
    while len(_SEEN) > SEEN_KEPT:
        _SEEN.popitem(last=False)
    if event.club_id in _QUEUED:
        return  # a batch that has not read yet will show this change too
    _QUEUED.add(event.club_id)
    batch = asyncio.ensure_future(_batch(event.club_id))  # not awaited: the socket hears the next event
    _BATCHES.add(batch)  # meanwhile, which joins this batch while it waits (the loop keeps a weak reference)
    batch.add_done_callback(_BATCHES.discard)


async def _batch(club_id: int) -> None:
    lock = _LOCKS.setdefault(club_id, asyncio.Lock())
    async with lock:
        _QUEUED.discard(club_id)
        sockets = [s for s in _SOCKETS.get(club_id, ()) if s.ready]  # one still opening reads anew anyway
        if not sockets:
            return
        try:
            sent = await database_sync_to_async(frames)(club_id, sockets)
        except Exception:
            logger.exception("club %s: rendering the lobby's change failed", club_id)
            for socket in sockets:
                socket.sent.clear()  # its next frame is every fragment
            return
        for socket, html in sent:
            if html:
                await socket.send(text_data=html)
        await asyncio.sleep(settings.CLUB_LOBBY_GAP_SECONDS)  # changes meanwhile join the next batch

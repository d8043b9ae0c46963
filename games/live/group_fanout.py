"""One read and one render per change per process, for a page whose sockets all see the same thing (a
club lobby: clubs.live.fanout; a tournament's standings: tournaments.live), as games.live.fanout does for
a table. Of a process's sockets on one place (a club, a tournament: its `key`), the first to hear of a
change (an event with a `serial`) starts a batch; the others find the serial handled. The batch reads
the place once (`read`), renders its fragments once per language among the sockets (`render`: fragment
id → HTML) and sends each socket only the fragments that differ from what its page holds. Changes that
come while a batch waits for the one before it join it, and a batch is followed by a pause (`gap`
seconds) before the next reads: a burst of changes (the moves at a place's tables, each a change) costs
a process at most a few reads a second. The batch is a task of its own, which the socket does not wait
for: it hears the next event meanwhile, and one that closes leaves the others their frames.

A socket has `language`, `sent` (fragment id → digest of what its page holds) and `ready` (its first
frame sent: a batch leaves out one still opening, which reads anew anyway).
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable

from channels.db import database_sync_to_async

logger = logging.getLogger("paohuzi.live")

SEEN_KEPT = 1000  # the serials a fanout remembers having handled


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


class GroupFanout:
    def __init__(self, name: str, read: Callable, render: Callable, gap: Callable[[], float]):
        """`read(key)` the place as it is (None: gone), `render(data, language)` its fragments, `gap()`
        the pause after a batch (a function: the settings are read when it runs)."""
        self.name, self.read, self.render, self.gap = name, read, render, gap
        self.sockets: dict[int, set] = {}  # key → this process's sockets there
        self.seen: OrderedDict = OrderedDict()  # (key, serial) already handled
        self.queued: set[int] = set()  # keys whose next batch waits and has not read yet
        self.locks: dict[int, asyncio.Lock] = {}
        self.batches: set[asyncio.Task] = set()  # the loop keeps only a weak reference to a task

    def forget(self) -> None:
        """Tests: each runs its own event loop."""
        self.sockets.clear(), self.seen.clear(), self.queued.clear(), self.locks.clear(), self.batches.clear()

    def watch(self, key: int, socket) -> None:
        self.sockets.setdefault(key, set()).add(socket)

    def unwatch(self, key: int | None, socket) -> None:
        sockets = self.sockets.get(key)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self.sockets[key]
                self.locks.pop(key, None)

    def frames(self, key: int, sockets, full: bool = False) -> list[tuple]:
        """On the database thread: one read, one render per language, each socket's frame (`full`: every
        fragment, whatever the page holds)."""
        if full:
            for socket in sockets:
                socket.sent = {}
        data = self.read(key)
        if data is None:
            return []
        rendered: dict[str, dict] = {}
        out = []
        for socket in sockets:
            if socket.language not in rendered:
                rendered[socket.language] = self.render(data, socket.language)
            out.append((socket, frame(socket, rendered[socket.language])))
        return out

    async def snapshot(self, key: int, socket) -> None:
        """A (re)connected or resyncing socket: every fragment, read anew."""
        for sock, html in await database_sync_to_async(self.frames)(key, [socket], True):
            await sock.send(text_data=html)
        socket.ready = True

    def changed(self, key: int, serial: int) -> None:
        """A socket heard of change `serial` at `key`: the process's first to hear it starts a batch."""
        if (key, serial) in self.seen:
            return
        self.seen[(key, serial)] = True
        while len(self.seen) > SEEN_KEPT:
            self.seen.popitem(last=False)
        if key in self.queued:
            return  # a batch that has not read yet will show this change too
        self.queued.add(key)
        batch = asyncio.ensure_future(self._batch(key))  # not awaited: the socket hears the next event
        self.batches.add(batch)  # meanwhile, which joins this batch while it waits
        batch.add_done_callback(self.batches.discard)

    async def _batch(self, key: int) -> None:
        lock = self.locks.setdefault(key, asyncio.Lock())
        async with lock:
            self.queued.discard(key)
            sockets = [s for s in self.sockets.get(key, ()) if s.ready]
            if not sockets:
                return
            try:
                sent = await database_sync_to_async(self.frames)(key, sockets)
            except Exception:
                logger.exception("%s %s: rendering a change failed", self.name, key)
                for socket in sockets:
                    socket.sent.clear()  # its next frame is every fragment
                return
            for socket, html in sent:
                if html:
                    await socket.send(text_data=html)
            await asyncio.sleep(self.gap())  # changes meanwhile join the next batch

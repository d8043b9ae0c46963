"""One database hop per change per process (docs/design.md#one-read-per-change).

Each socket at a table hears of the table's new version on its own. The first of this process's sockets
to hear of it brings every socket of the process at that table up to date in ONE database_sync_to_async
call: one read of the table (games.reads), the fragments every viewer sees alike rendered once (the memo
in games.live.fragments), each socket's own fragments for it, then each socket is sent its frame. The
others, when their event comes, find their page shows that version already. (A hop per socket cost a
thread round trip each, and the process has one database thread for everything.) A change made by a
socket's own request is rendered in that request's hop (render_committed): its event finds nothing to do.
"""
from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

from games import events, reads
from games.live import registry

logger = logging.getLogger("paohuzi.table")

_PENDING: dict[tuple[int, events.TableChanged | events.TablePrivate], asyncio.Task] = {}


async def catch_up(socket, event: events.TableChanged | events.TablePrivate) -> None:
    """Bring this process's sockets at `socket`'s table that are in the event's audience to its version
    (a private step of a held claim window: to its move number within it): the first call for a change
    starts its render, later ones wait for it, then render `socket` itself if that render left it out (it
    was still opening then). The render is a task of its own, shielded: a socket that closes meanwhile
    leaves the others their frames."""
    key = (socket.table_id, event)
    batch = _PENDING.get(key)
    if batch is None and not any(s.behind(event) for s in registry.watchers(socket.table_id)):
        return  # every page shows it already (the change's own request rendered them: render_committed)
    if batch is None:
        batch = _PENDING[key] = asyncio.ensure_future(_render_all(*key))
        batch.add_done_callback(lambda done: _PENDING.pop(key) if _PENDING.get(key) is done else None)
        await asyncio.shield(batch)
        return
    await asyncio.shield(batch)
    await _send([socket], event)


async def _render_all(table_id: int, event) -> None:
    await _send(registry.watchers(table_id), event)


async def _send(sockets, event) -> None:
    """Those of `sockets` whose page needs the change: rendered in one database hop, then sent."""
    sockets = [s for s in sockets if s.behind(event)]
    if sockets:
        await deliver(list(zip(sockets, await database_sync_to_async(_render)(sockets, event))))


def render_committed(table_id: int, sockets) -> list[tuple]:
    """On the database thread, right after a socket's request committed a change of the table: the
    frames of those of `sockets` whose page is behind the read the change left (games.reads), as
    (socket, frame) for `deliver`; the change's own hop renders them, a hop fewer than its event's.
    A change that left no read (or a private step: no new version) is left to its event."""
    read = reads.latest(table_id)
    if read is None:
        return []
    event = events.TableChanged(read.version)
    behind = [s for s in sockets if s.behind(event)]
    return list(zip(behind, _render(behind, event))) if behind else []


async def deliver(frames: list[tuple]) -> None:
    for socket, frame in frames:
        if frame is not None:
            await socket.deliver(*frame)


def _render(sockets, event) -> list[tuple | None]:
    """Each socket's frame (None for one whose render failed: logged; the socket's next frame is a
    full snapshot)."""
    frames = []
    for socket in sockets:
        try:
            frames.append(socket.render_change(event))
        except Exception:
            logger.exception("table %s: rendering a socket's update failed", socket.table_id)
            frames.append(None)
    return frames

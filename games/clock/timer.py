"""One timer per table per process (docs/design.md#timers-deadlines-and-the-sweeper).

Every socket of a table learns the table's next deadline with each snapshot and asks to be woken then;
a process keeps one timer per table for all of them, so a deadline costs one `table_tick` per process,
not one per socket (the tick's lock makes it happen once across processes; the sweeper covers tables
nobody watches). The timer lives while a socket of this process watches the table: the sockets are
live play's (games.live.registry), which starts a table's timer and stops it when the last one leaves.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from channels.db import database_sync_to_async
from django.utils import timezone

from games import notify, reads
from games.clock import tick

logger = logging.getLogger("paohuzi.table")
MIN_WAIT = timedelta(milliseconds=100)  # between two ticks of one table

CatchUp = Callable[[int, int], Awaitable[None]]  # (table id, version): bring the table's sockets to it


@dataclass
class _Timer:
    catch_up: CatchUp
    due: object = None
    task: asyncio.Task | None = None

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.task, self.due = None, None


_TIMERS: dict[int, _Timer] = {}


def forget() -> None:
    """Drop every timer without touching its task (tests: each runs its own event loop)."""
    _TIMERS.clear()


def wake_at(table_id: int, due, catch_up: CatchUp) -> None:
    """The table's next step is due at `due` (None: nothing is planned). After a tick that changed
    nothing here, `catch_up` brings the table's sockets to the version it reads."""
    timer = _TIMERS.get(table_id)
    if timer is None:
        if due is None:
            return
        timer = _TIMERS[table_id] = _Timer(catch_up)
    if due == timer.due and timer.task is not None:
        return
    timer.stop()
    if due is not None:
        timer.due, timer.task = due, asyncio.ensure_future(_tick_at(table_id, timer, due))


def stop(table_id: int) -> None:
    """Nobody of this process watches the table any more."""
    timer = _TIMERS.pop(table_id, None)
    if timer is not None:
        timer.stop()


async def _tick_at(table_id: int, timer: _Timer, due) -> None:
    await asyncio.sleep(max(0.0, (due - timezone.now()).total_seconds()))
    try:
        later = await notify.on_db_thread(tick.table_tick, table_id=table_id)
    except Exception:  # a failed tick must not stop the table's sockets; the sweeper retries
        logger.exception("table %s: applying a deadline failed", table_id)
        later = None
    if timer.task is asyncio.current_task():  # no change came in meanwhile to plan the next one
        timer.task, timer.due = None, None
        await _catch_up(table_id, timer)
        # A socket's update meanwhile planned the next step from a read newer than `later` (a move made
        # while this caught up): keep that one. Else wait for `later` (another process may have been first).
        if later is not None and timer.task is None and _TIMERS.get(table_id) is timer:
            wake_at(table_id, max(later, timezone.now() + MIN_WAIT), timer.catch_up)


async def _catch_up(table_id: int, timer: _Timer) -> None:
    """No change reached this process's sockets: another process may have applied what was due (the
    embedded default's sweeper cannot reach them through the in-memory layer). One read of its version;
    each socket that shows an older version catches up from it. The version alone is read: most ticks
    applied the step themselves, and this process keeps that read (reads.remember_on_commit), so a full
    read here was a second one for nothing (a fifth of the server's time at a bot table)."""
    version = await database_sync_to_async(reads.stored_version)(table_id)
    if version is not None:
        await timer.catch_up(table_id, version)

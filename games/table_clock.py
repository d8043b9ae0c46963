"""One timer per table per process (docs/design.md#timers-deadlines-and-the-sweeper).

Every socket of a table learns the table's next deadline with each snapshot and asks to be woken then;
a process keeps one timer per table for all of them, so a deadline costs one `table_tick` per process,
not one per socket (the tick's lock makes it happen once across processes; the sweeper covers tables
nobody watches). The timer lives while a socket of this process watches the table.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import timedelta

from channels.db import database_sync_to_async
from django.utils import timezone

from . import live, services
from .services import notify

logger = logging.getLogger("paohuzi.table")
MIN_WAIT = timedelta(milliseconds=100)  # between two ticks of one table


@dataclass
class _Clock:
    watchers: set = field(default_factory=set)
    due: object = None
    task: asyncio.Task | None = None

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.task, self.due = None, None


_CLOCKS: dict[int, _Clock] = {}


def forget() -> None:
    """Drop every clock without touching its task (tests: each runs its own event loop)."""
    _CLOCKS.clear()


def watch(table_id: int, watcher: object) -> None:
    _CLOCKS.setdefault(table_id, _Clock()).watchers.add(watcher)


def watchers(table_id: int) -> list:
    """The sockets of this process at the table (games.fanout renders their updates together)."""
    clock = _CLOCKS.get(table_id)
    return list(clock.watchers) if clock else []


def unwatch(table_id: int, watcher: object) -> None:
    """The watcher's socket closed; the last one out stops the table's timer."""
    clock = _CLOCKS.get(table_id)
    if clock is None:
        return
    clock.watchers.discard(watcher)
    if not clock.watchers:
        clock.stop()
        del _CLOCKS[table_id]


def wake_at(table_id: int, due) -> None:
    """The table's next step is due at `due` (None: nothing is planned)."""
    clock = _CLOCKS.get(table_id)
    if clock is None or (due == clock.due and clock.task is not None):
        return
    clock.stop()
    if due is not None:
        clock.due, clock.task = due, asyncio.ensure_future(_tick_at(table_id, clock, due))


async def _tick_at(table_id: int, clock: _Clock, due) -> None:
    await asyncio.sleep(max(0.0, (due - timezone.now()).total_seconds()))
    try:
        later = await notify.on_db_thread(services.table_tick, table_id=table_id)
    except Exception:  # a failed tick must not stop the table's sockets; the sweeper retries
        logger.exception("table %s: applying a deadline failed", table_id)
        later = None
    if clock.task is asyncio.current_task():  # no change came in meanwhile to plan the next one
        clock.task, clock.due = None, None
        await _catch_up(table_id, clock)
        # A socket's update meanwhile planned the next step from a read newer than `later` (a move made
        # while this caught up): keep that one. Else wait for `later` (another process may have been first).
        if later is not None and clock.task is None:
            wake_at(table_id, max(later, timezone.now() + MIN_WAIT))


async def _catch_up(table_id: int, clock: _Clock) -> None:
    """No change reached this process's sockets: another process may have applied what was due (the
    embedded default's sweeper cannot reach them through the in-memory layer). One read of its version;
    each socket that shows an older version catches up from it. The version alone is read: most ticks
    applied the step themselves, and this process keeps that read (live.remember_on_commit), so a full
    read here was a second one for nothing (a fifth of the server's time at a bot table)."""
    version = await database_sync_to_async(live.stored_version)(table_id)
    watcher = next(iter(clock.watchers), None)
    if watcher is not None and version is not None:  # any one: it brings them all up to date (games.fanout)
        await watcher.table_changed({"type": "table.changed", "version": version})

"""The table sockets of this process (live play): who watches which table. A change is rendered once
for all of a table's sockets (games.live.fanout), and the table's timer (games.clock.timer) runs while
one of them is open: the last one out stops it.
"""
from __future__ import annotations

from games import events
from games.clock import timer

_WATCHERS: dict[int, set] = {}


def forget() -> None:
    """Drop every table's sockets (tests: each runs its own event loop)."""
    _WATCHERS.clear()


def watch(table_id: int, watcher: object) -> None:
    _WATCHERS.setdefault(table_id, set()).add(watcher)


def watchers(table_id: int) -> list:
    """The sockets of this process at the table (games.live.fanout renders their updates together)."""
    return list(_WATCHERS.get(table_id, ()))


def unwatch(table_id: int, watcher: object) -> None:
    """The watcher's socket closed; the last one out stops the table's timer."""
    sockets = _WATCHERS.get(table_id)
    if sockets is None:
        return
    sockets.discard(watcher)
    if not sockets:
        del _WATCHERS[table_id]
        timer.stop(table_id)


def wake_at(table_id: int, due) -> None:
    """The table's next step is due at `due` (None: nothing is planned): its timer ticks then."""
    if table_id in _WATCHERS:
        timer.wake_at(table_id, due, _catch_up)


async def _catch_up(table_id: int, version: int) -> None:
    watcher = next(iter(_WATCHERS.get(table_id, ())), None)
    if watcher is not None:  # any one: it brings them all up to date (games.live.fanout)
        await watcher.table_changed(events.TableChanged(version))

"""One database hop per change per process (games.live.fanout) and events sent from the event loop
(notify.on_db_thread), where a cancelled or late caller must lose nothing."""
from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading

import pytest
from channels.layers import get_channel_layer

from games.live import fanout
from games.clock import timer
from games.live import registry
from games import notify
from games.events import TableChanged

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


class Socket:
    """A stand-in for a table socket: the version its page shows, the frames it was sent; `hold` (a
    threading.Event) keeps its render on the database thread until it is set."""

    def __init__(self, version: int | None, hold: threading.Event | None = None):
        self.table_id, self.version, self.frames, self.hold = 7, version, [], hold
        self.rendering = threading.Event()

    def behind(self, event):
        return self.version is not None and event.version > self.version

    def render_change(self, event):
        self.rendering.set()
        if self.hold is not None:
            assert self.hold.wait(5)
        self.version = event.version
        return f"frame {event.version}", None, True

    async def deliver(self, html, due, seated):
        self.frames.append(html)


def held(fn):
    """`fn`, held until released: (the call, started, release), the last two threading.Events (a test
    knows the call is under way, and lets it finish, instead of guessing how long it takes)."""
    started, release = threading.Event(), threading.Event()

    def call():
        started.set()
        assert release.wait(5)
        return fn()
    return call, started, release


async def test_a_socket_that_opened_during_a_changes_render_renders_itself_after():
    release = threading.Event()
    first, opening = Socket(1, hold=release), Socket(None)  # the second is still sending its first snapshot
    for s in (first, opening):
        registry.watch(7, s)
    batch = asyncio.ensure_future(fanout.catch_up(first, TableChanged(2)))
    assert await asyncio.to_thread(first.rendering.wait, 5)  # version 2 is rendering, without the opening socket
    opening.version = 1  # its snapshot was of version 1, and its event for 2 comes now
    late = asyncio.ensure_future(fanout.catch_up(opening, TableChanged(2)))
    await asyncio.sleep(0)  # it finds the render under way and waits for it
    assert not opening.rendering.is_set()
    release.set()
    await asyncio.wait_for(asyncio.gather(batch, late), 5)
    assert first.frames == ["frame 2"] and opening.frames == ["frame 2"]
    for s in (first, opening):
        registry.unwatch(7, s)


async def test_every_socket_of_a_table_gets_its_frame_from_one_render_whoever_asks():
    sockets = [Socket(4) for _ in range(3)]
    for s in sockets:
        registry.watch(7, s)
    await asyncio.gather(*(fanout.catch_up(s, TableChanged(5)) for s in sockets))
    assert [s.frames for s in sockets] == [["frame 5"]] * 3
    for s in sockets:
        registry.unwatch(7, s)


async def test_a_caller_cancelled_while_its_request_runs_still_sends_the_events_it_commits():
    """A table's timer is replaced while its tick runs on the database thread: the tick still commits,
    so its event must still go out (else the pages never learn of the change)."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("table.7", channel)

    tick, started, release = held(
        lambda: notify._group_send("table.7", {"type": "table.changed", "version": 9}))  # as at its commit
    call = asyncio.ensure_future(notify.on_db_thread(tick))
    assert await asyncio.to_thread(started.wait, 5)
    call.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await call
    assert call.cancelled()
    release.set()  # the tick commits only now, after its caller was cancelled
    assert await asyncio.wait_for(layer.receive(channel), 5) == {"type": "table.changed", "version": 9}
    await layer.group_discard("table.7", channel)


async def left_to_finish(fn) -> list[dict]:
    """`fn` through on_db_thread, its caller cancelled while it runs (Daphne kills a socket's handler
    that outlives its close): what the loop was asked to report of it, once it is done and collected."""
    loop, reported = asyncio.get_running_loop(), []
    loop.set_exception_handler(lambda loop, context: reported.append(context))
    fn, started, release = held(fn)
    try:
        orphans = set(notify._ORPHANS)
        call = asyncio.ensure_future(notify.on_db_thread(fn))
        assert await asyncio.to_thread(started.wait, 5)
        call.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await call
        (left,) = notify._ORPHANS - orphans  # the call goes on without its caller
        release.set()
        await asyncio.wait_for(asyncio.wait([left]), 5)
        await asyncio.sleep(0)  # its done callbacks have run
        assert left not in notify._ORPHANS
        del call, left
        gc.collect()
        await asyncio.sleep(0)
    finally:
        loop.set_exception_handler(None)
    return reported


async def test_a_refusal_whose_caller_was_cancelled_is_not_reported_as_a_lost_error(caplog):
    """A hostile page's move is refused after its socket went: nobody to tell, nothing to log (it was
    "Task exception was never retrieved" with a traceback in Daphne's log)."""
    from games.errors import Refused

    def refused():
        raise Refused("not your turn")

    with caplog.at_level(logging.WARNING):
        assert await left_to_finish(refused) == []
    assert not caplog.records


async def test_a_failure_whose_caller_was_cancelled_is_logged_once(caplog):
    def broken():
        raise RuntimeError("a bug")

    with caplog.at_level(logging.WARNING):
        assert await left_to_finish(broken) == []
    assert [r.exc_info[1].args for r in caplog.records] == [("a bug",)]


async def test_a_step_planned_while_a_tick_caught_up_is_kept(monkeypatch):
    """A tick returns when the table's next step is due as of its end; a move made while the tick's
    process caught its sockets up plans a newer one, which the tick's older answer must not replace
    (a bot's move two minutes late was seen: the person's deadline won)."""
    from datetime import timedelta

    from django.utils import timezone

    from games import reads
    from games.clock import tick as clock_tick

    now = timezone.now()
    fresh, stale = now + timedelta(seconds=30), now + timedelta(seconds=120)
    monkeypatch.setattr(clock_tick, "table_tick", lambda **kw: stale)
    monkeypatch.setattr(reads, "stored_version", lambda table_id: 3)

    class Watcher:
        async def table_changed(self, event):
            registry.wake_at(7, fresh)  # its update of a move made meanwhile

    watcher = Watcher()
    registry.watch(7, watcher)
    registry.wake_at(7, now)  # due at once
    tick = timer._TIMERS[7].task
    await asyncio.wait_for(tick, 5)  # the tick, its catch-up and its planning are done
    assert timer._TIMERS[7].task is not tick
    assert timer._TIMERS[7].due == fresh
    registry.unwatch(7, watcher)

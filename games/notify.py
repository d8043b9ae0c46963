"""Notify after commit (docs/design.md#publish-after-commit: send to the channel layer only after
commit, or consumers read stale rows): a thin event; each consumer renders its own view. Which table
event is sent when is games.table_owner's; this is the transport.

A table socket's own request runs on the process's one database thread; sending from there would hold
that thread until the event loop ran the send (a round trip per event, measured at ~1.5 ms a move under
load). So a socket's request runs through `on_db_thread`, which sends its events from the event loop once
the request is done; everything else (views, the sweeper, tests) sends them at commit.
"""
from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from games import events
from games.errors import Refused

logger = logging.getLogger("paohuzi.notify")


def on_commit(table_id: int, event: events.Event) -> None:
    """Send the table's consumers `event` after commit."""
    transaction.on_commit(lambda: send(table_id, event))


def send(table_id: int, event: events.Event) -> None:
    """`event` to the table's group now, as the channel layer carries it (games.events.message)."""
    _group_send(f"table.{table_id}", events.message(event))


def group_send(group: str, event: events.Event, *, after_commit: bool = True) -> None:
    """`event` to another live page's group (a club lobby's: clubs.live_events), after commit (or now,
    for a change that commits nothing, such as presence)."""
    if after_commit:
        transaction.on_commit(lambda: _group_send(group, events.message(event)))
    else:
        _group_send(group, events.message(event))


def user_changed(user_id: int) -> None:
    """After commit, tell the user's pages that their account (coins) changed."""
    transaction.on_commit(lambda: _group_send(f"user.{user_id}", events.message(events.UserChanged())))


_HELD: ContextVar[list | None] = ContextVar("notify_held", default=None)


async def on_db_thread(fn, *args, then=None, **kwargs):
    """`fn` on the database thread (database_sync_to_async, whose thread sees this context): the events
    it commits are kept meanwhile and sent from the event loop once it is done, failed or not; first,
    when it succeeded, `then(its result)` (a socket's request delivers the frames it rendered, so this
    process's sockets hear of the change before the event's other listeners are woken). Shielded:
    a caller cancelled meanwhile (a table's timer replaced while its tick runs, a socket's handler killed
    after its close) leaves the call and its sending to finish, or the thread would commit a change
    nobody is told of; its outcome is then nobody's to hear (_orphan_done)."""
    call = asyncio.ensure_future(_run_then_send(fn, args, kwargs, then))
    try:
        return await asyncio.shield(call)
    except asyncio.CancelledError:
        _ORPHANS.add(call)  # the loop keeps only a weak reference to a task
        call.add_done_callback(_orphan_done)
        raise


_ORPHANS: set[asyncio.Task] = set()  # calls whose caller was cancelled, until each is done


def _orphan_done(call: asyncio.Task) -> None:
    """A call whose caller was cancelled is done: a refusal has nobody to tell; a failure is logged once
    (else asyncio reports "Task exception was never retrieved" whenever the task is collected)."""
    _ORPHANS.discard(call)
    error = None if call.cancelled() else call.exception()
    if error is not None and not isinstance(error, Refused):
        logger.error("a request whose caller was cancelled failed", exc_info=error)


async def _run_then_send(fn, args, kwargs, then):
    box: list[tuple[str, dict]] = []
    token = _HELD.set(box)
    try:
        result = await database_sync_to_async(fn)(*args, **kwargs)
        if then is not None:
            await then(result)
        return result
    finally:
        _HELD.reset(token)
        layer = get_channel_layer()
        for group, event in box:
            await layer.group_send(group, event)


def _group_send(group: str, event: dict) -> None:
    box = _HELD.get()
    if box is not None:
        box.append((group, event))
    else:
        async_to_sync(get_channel_layer().group_send)(group, event)

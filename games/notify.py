"""Notify after commit (docs/design.md#publish-after-commit: send to the channel layer only after
commit, or consumers read stale rows): a thin event; each consumer renders its own view.

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
from django.db import connection, transaction

from games.models import Seat, Table
from games.errors import Refused

logger = logging.getLogger("paohuzi.notify")


def table_changed(table) -> None:
    """The table (its locked row) changed: count a new version, and after commit tell the table's
    consumers which version it is (a consumer that sees a gap re-sends a full snapshot)."""
    with connection.cursor() as cursor:  # one statement, and right even if `table` is a stale copy
        cursor.execute(f"UPDATE {Table._meta.db_table} SET version = version + 1 WHERE id = %s RETURNING version",
                       [table.pk])
        table.version = cursor.fetchone()[0]
    event = {"type": "table.changed", "version": table.version}
    transaction.on_commit(lambda: _group_send(f"table.{table.pk}", event))


def table_private(table, move_no: int) -> None:
    """A private step of a held claim window (claim privacy: a decision before the release): no new
    version, which every seat would see; after commit the table's consumers re-read the hand at this
    move number, and only a socket whose own view changed (the seat that decided) is sent a frame."""
    event = {"type": "table.private", "version": table.version, "move_no": move_no}
    transaction.on_commit(lambda: _group_send(f"table.{table.pk}", event))


def person_changed(user_id: int) -> None:
    """A person's row changed outside their tables' transactions (coins from a reward, a setting, their
    name), which a move does not read (games.play.tables.locked_from_latest_read): after commit,
    each table they have a seat at counts a new version and is told, so every process reads their row
    at its next change. After commit, in a statement of its own: the change's transaction may hold the
    person's row, and the lock order takes a table before a person only inside a table's change."""
    transaction.on_commit(lambda: _seated_tables_recount(user_id))


def _seated_tables_recount(user_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {Table._meta.db_table} SET version = version + 1 WHERE id IN "
                       f"(SELECT table_id FROM {Seat._meta.db_table} WHERE user_id = %s) RETURNING id, version",
                       [user_id])
        rows = cursor.fetchall()
    for table_id, version in rows:
        _group_send(f"table.{table_id}", {"type": "table.changed", "version": version})


def user_changed(user_id: int) -> None:
    """After commit, tell the user's pages that their account (coins) changed."""
    transaction.on_commit(lambda: _group_send(f"user.{user_id}", {"type": "user.changed"}))


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

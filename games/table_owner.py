"""The one owner of each table's version and its events (docs/design.md#one-owner-per-table), as
lila's round actor owns a game: every service that writes a table, its seats or its hand commits
through `commit` (which counts the version and queues the event after commit), keeps the rows it wrote
as this process's read through `remember`, and the move path trusts that read only through
`trusted_read`. Tests fail on a write of those rows in a transaction where this module counted
nothing (tests/owner_guard.py); the columns below are the only ones written without it."""
from __future__ import annotations

from django.db import connection, transaction

from games import events, notify, reads, room_hooks
from games.models import Hand, Seat, Table
from games.rules import HandState

# Columns written without a new version, the reason for each: nothing a read of the table shows.
UNCOUNTED = {
    Seat._meta.db_table: {
        "sockets": "presence (games.play.presence): a page opening or closing; read anew where it matters",
        "left_at": "presence (games.play.presence): when the last page closed; read anew where it matters",
        "client_seed": "a seat's client seed (games.play.fair.client_seed_set): only the next deal reads it",
    },
}

COUNT = f"UPDATE {Table._meta.db_table} SET version = version + 1"  # the only statement that counts one


def commit(table, *, private_move_no: int | None = None, decided: int | None = None) -> None:
    """The table (its locked row) changed in this transaction: count a new version, and after commit
    tell the table's consumers which version it is (a consumer that sees a gap re-sends a full
    snapshot). `private_move_no`: a private step of a held claim window (claim privacy) at that hand
    move number instead: no new version, which every seat would see; the new move number tells the
    reads it is a change, and only the sockets of the seat that `decided` (None, a release: each
    seat's) re-read and render (games.events.TablePrivate's audience)."""
    if private_move_no is not None:
        notify.on_commit(table.pk, events.TablePrivate(table.version, private_move_no, decided))
        return
    with connection.cursor() as cursor:  # one statement, and right even if `table` is a stale copy
        cursor.execute(f"{COUNT} WHERE id = %s RETURNING version", [table.pk])
        table.version = cursor.fetchone()[0]
    notify.on_commit(table.pk, events.TableChanged(table.version))
    if getattr(table, "kind", None) == Table.Kind.PRIVATE:  # a club's lobby may show it (games.room_hooks)
        room_hooks.private_room_changed(table.pk, table.version)


def remember(table: Table, seats, hand: Hand, state: HandState) -> None:
    """After commit, the rows as this transaction wrote them are this process's latest read of the
    table (at the version `commit` counted in it)."""
    reads.remember_on_commit(table, seats, hand, state)


def trusted_read(table_id: int) -> reads.TableRead | None:
    """This process's latest read of the table, when it is the table as it is: one small statement
    locks the table row and reads its version and its current hand's id and move number, which every
    committed change of the table's rows counts (`commit`). None: no such read here, read the rows."""
    read = reads.latest(table_id)
    if read is None or read.hand is None or read.state is None:
        return None
    lock = " FOR UPDATE OF t" if connection.features.has_select_for_update_of else ""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT t.version, h.id, h.move_no FROM {Table._meta.db_table} t "
                       f"LEFT JOIN {Hand._meta.db_table} h ON h.table_id = t.id WHERE t.id = %s "
                       f"ORDER BY h.number DESC LIMIT 1{lock}", [table_id])
        row = cursor.fetchone()
    return read if row == (read.version, read.hand.pk, read.hand.move_no) else None


def person_changed(user_id: int) -> None:
    """A person's row changed outside their tables' transactions (coins from a reward, a setting, their
    name), which a move does not read (games.play.tables.locked_from_latest_read): after commit,
    each table they have a seat at counts a new version and is told, so every process reads their row
    at its next change. After commit, in a statement of its own: the change's transaction may hold the
    person's row, and the lock order takes a table before a person only inside a table's change."""
    transaction.on_commit(lambda: _seated_tables_count(user_id))


def _seated_tables_count(user_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"{COUNT} WHERE id IN (SELECT table_id FROM {Seat._meta.db_table} WHERE user_id = %s) "
                       f"RETURNING id, version", [user_id])
        rows = cursor.fetchall()
    for table_id, version in rows:
        notify.send(table_id, events.TableChanged(version))

"""The one-owner guard (docs/design.md#one-owner-per-table), installed for every test by conftest:
a transaction of project code that writes games_table, games_seat or games_hand (ORM or raw SQL) must
count the table's version in it (games.table_owner.COUNT), move a hand (a new move number: the held
claim window's private step), or create the table (a new table is its version 0, which nobody has read);
else its commit fails the test. A write of project code outside any transaction fails at once. Only the
columns games.table_owner.UNCOUNTED names are written without. Per connection (each thread has its own),
per transaction; writes by test code itself (its set-up) are not checked."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from django.db import transaction
from django.db.backends.signals import connection_created

from games.table_owner import COUNT, UNCOUNTED

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tuple(str(ROOT / p) + "/" for p in ("games", "money", "accounts", "clubs", "paohuzi_site"))
OWNER = str(ROOT / "games" / "table_owner.py")
WRITE = re.compile(r'\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(games_table|games_seat|games_hand)(?![\w])"?',
                   re.IGNORECASE)
ASSIGNED = re.compile(r'"?(\w+)"?\s*=')


class UnownedWrite(AssertionError):
    """A write of a table's rows that no version (or hand move) counts."""


RAISED: list[UnownedWrite] = []  # every one raised, for the test's end: a socket's handler may swallow it


def _fail(message: str) -> UnownedWrite:
    error = UnownedWrite(message)
    RAISED.append(error)
    return error


class _Transaction:
    """What one transaction of project code wrote, and whether it counted."""
    def __init__(self, block):
        self.block, self.writes, self.counted = block, [], False


def _outermost(connection):
    """The outermost atomic block that is not a test's own (TestCase wraps each test in one): where a
    real transaction begins; None: autocommit."""
    return next((b for b in connection.atomic_blocks if not b._from_testcase), None)


def _by_project() -> bool:
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(PROJECT) and "/migrations/" not in name:
            return True
        frame = frame.f_back
    return False


def _verdict(sql: str) -> str | None:
    """What the statement is to the guard: "count", "create", "move", "write", or None (not one of the
    table's rows, or only uncounted columns)."""
    if sql.startswith(COUNT):
        return "count"
    match = WRITE.match(sql)
    if match is None:
        return None
    verb, table = match.group(1).split()[0].upper(), match.group(2)
    if verb == "INSERT":
        return "create" if table == "games_table" else "write"
    if verb == "UPDATE":
        assignments = re.split(r"\sWHERE\s", sql[match.end():], maxsplit=1, flags=re.IGNORECASE)[0]
        columns = set(ASSIGNED.findall(assignments.split("SET", 1)[-1])) - {table}
        if columns and columns <= UNCOUNTED.get(table, {}).keys():
            return None
        if table == "games_hand" and "move_no" in columns:
            return "move"
    return "write"


def guard(execute, sql, params, many, context):
    verdict = _verdict(sql)
    if verdict is not None:
        connection = context["connection"]
        block = _outermost(connection)
        if verdict == "write" and block is None and _by_project():
            raise _fail(f"written outside a transaction, no version counted: {sql[:160]}")
        state = getattr(connection, "owner_guard", None)
        if block is not None and (state is None or state.block is not block):
            state = connection.owner_guard = _Transaction(block)
        if block is not None:
            if verdict == "write":
                if _by_project():
                    state.writes.append((len(connection.atomic_blocks), sql[:160]))
            else:
                state.counted = True
    return execute(sql, params, many, context)


def check(connection, block) -> None:
    """At the end of a transaction of project code about to commit: raise when it wrote without a count."""
    state = getattr(connection, "owner_guard", None)
    if state is not None and state.block is block:
        connection.owner_guard = None
        if state.writes and not state.counted:
            raise _fail("committed without games.table_owner.commit: " + "; ".join(sql for _depth, sql in state.writes))


def _install_on(connection, **_kwargs) -> None:
    if guard not in connection.execute_wrappers:
        connection.execute_wrappers.append(guard)


def install():
    """For the whole run: every connection (each thread opens its own) and every atomic block's end."""
    from django.db import connections

    connection_created.connect(_install_on)
    for connection in connections.all(initialized_only=True):
        _install_on(connection)
    exit_atomic = transaction.Atomic.__exit__

    def __exit__(self, exc_type, exc_value, traceback):
        connection = transaction.get_connection(self.using)
        state = getattr(connection, "owner_guard", None)
        if state is not None and exc_type is not None:  # a savepoint rolled back: its writes are undone
            state.writes = [(d, sql) for d, sql in state.writes if d < len(connection.atomic_blocks)]
        if _outermost(connection) is self:
            if exc_type is None and not connection.needs_rollback:
                try:
                    check(connection, self)
                except UnownedWrite as error:
                    exit_atomic(self, UnownedWrite, error, error.__traceback__)  # rolls back
                    raise
            connection.owner_guard = None
        return exit_atomic(self, exc_type, exc_value, traceback)

    transaction.Atomic.__exit__ = __exit__
    return exit_atomic


def uninstall(exit_atomic) -> None:
    from django.db import connections

    connection_created.disconnect(_install_on)
    for connection in connections.all(initialized_only=True):
        if guard in connection.execute_wrappers:
            connection.execute_wrappers.remove(guard)
    transaction.Atomic.__exit__ = exit_atomic

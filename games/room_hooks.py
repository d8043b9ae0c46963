"""Who else hears of a private room's change: apps above games (clubs) register a hook here in their
AppConfig.ready, and games.table_owner calls the hooks for each counted change of a private room, after
commit, with the table's id and new version. So games never imports clubs (imports go down the layers
only: tests/test_import_boundaries.py), yet a club lobby hears of a seat taken, a deal, a series ended.
A hook is called on the committing thread and must be quick (no read of its own for a table it does not
know: it keeps what it learnt); one that fails is logged, never failing the change, which is committed.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

logger = logging.getLogger("paohuzi.notify")

Hook = Callable[[int, int], None]
OWNERS_KEPT = 10000  # private rooms whose owner (or none) a process keeps; past it, it starts again


class OwnerOf:
    """Which place above games (a club, a tournament) a private room belongs to, as this process learnt
    it: `lookup(table_id)` (None: no such place's) read once per room and kept, so a hook costs a room
    of another place one read per process, not one per move."""

    def __init__(self, lookup: Callable[[int], int | None]) -> None:
        self.lookup, self.known = lookup, {}

    def __call__(self, table_id: int) -> int | None:
        if table_id not in self.known:
            if len(self.known) >= OWNERS_KEPT:
                self.known.clear()
            self.known[table_id] = self.lookup(table_id)
        return self.known[table_id]

    def note(self, table_id: int, owner: int) -> None:
        """The room's place is known without a read (the service that opened it)."""
        self.known[table_id] = owner

    def forget(self) -> None:
        """Tests: table ids are reused from one test to the next."""
        self.known.clear()
_HOOKS: list[Hook] = []


def register(hook: Hook) -> None:
    """`hook(table_id, version)` after each counted change of a private room (once per hook)."""
    if hook not in _HOOKS:
        _HOOKS.append(hook)


def private_room_changed(table_id: int, version: int) -> None:
    """Called by games.table_owner.commit inside the change's transaction: the hooks run after commit."""
    if _HOOKS:
        transaction.on_commit(lambda: _call(table_id, version))


def _call(table_id: int, version: int) -> None:
    for hook in list(_HOOKS):
        try:
            hook(table_id, version)
        except Exception:
            logger.exception("a room hook failed for table %s", table_id)

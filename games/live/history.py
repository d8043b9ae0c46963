"""A short history of each table, per process: what each recent version looked like to each audience
(docs/design.md#replays-from-a-short-history).

For every version a socket of this process was sent, per audience — (seat or None for a spectator,
language, origin) — the digests of its fragments' data as games.live.fragments.render_changed left them
in the socket's `sent`: exactly what a page showing that version holds. A socket that comes back knowing
version v (a reconnect's `since`, a `sync` with `since`) takes v's digests as its `sent`, and its next
render sends only the fragments that differ now: the missed changes, rendered from the socket's own
current view, so it never carries anything its audience may not see. Digests only, never HTML or data.

Bounded: VERSIONS versions and SECONDS seconds per table, ENTRIES (version, audience) entries over all
tables (the least recently recorded table goes first). A version outside it — too old, never sent in
this process, another process's — gives None: a full snapshot. A private step of a held claim window
changes one seat's view within a version; that seat's entry for the version is then withdrawn, since the
page may show either side of it.
"""
from __future__ import annotations

import time
from collections import OrderedDict

VERSIONS = 30
SECONDS = 20.0
ENTRIES = 16_384  # ~0.6 KB each: ~10 MB at most per process

_WITHDRAWN = object()  # an audience's entry that no longer says what its pages show
_TABLES: OrderedDict[int, OrderedDict[int, tuple[float, dict]]] = OrderedDict()  # table → version → (when, audience → digests)
_count = 0  # entries over all tables


def record(table_id: int, version: int, audience: tuple, sent: dict) -> None:
    """`sent` (copied) is what a page of `audience` showing `version` holds."""
    global _count
    versions = _TABLES.get(table_id)
    if versions is None:
        versions = _TABLES[table_id] = OrderedDict()
    _TABLES.move_to_end(table_id)
    now = time.monotonic()
    kept = versions.get(version)
    if kept is None:
        kept = versions[version] = (now, {})
    if kept[1].get(audience) is None:
        kept[1][audience] = dict(sent)
        _count += 1
    _trim(versions, now)


def withdraw(table_id: int, version: int, audience: tuple) -> None:
    """A private step changed what `audience`'s pages at `version` show: its entry says nothing now."""
    global _count
    kept = _TABLES.get(table_id, {}).get(version)
    if kept is not None:
        _count += kept[1].get(audience) is None
        kept[1][audience] = _WITHDRAWN


def at(table_id: int, version: int, audience: tuple) -> dict | None:
    """What a page of `audience` showing `version` holds (a copy to diff against), or None: outside the
    history, a full snapshot."""
    kept = _TABLES.get(table_id, {}).get(version)
    if kept is None or time.monotonic() - kept[0] > SECONDS:
        return None
    digests = kept[1].get(audience)
    return None if digests is None or digests is _WITHDRAWN else dict(digests)


def entries() -> int:
    return _count


def forget() -> None:
    """Drop every table's history (tests)."""
    global _count
    _TABLES.clear()
    _count = 0


def _trim(versions: OrderedDict, now: float) -> None:
    global _count
    while versions and (len(versions) > VERSIONS or now - next(iter(versions.values()))[0] > SECONDS):
        _count -= len(versions.popitem(last=False)[1][1])
    while _count > ENTRIES and len(_TABLES) > 1:
        _table, oldest = _TABLES.popitem(last=False)
        _count -= sum(len(kept[1]) for kept in oldest.values())

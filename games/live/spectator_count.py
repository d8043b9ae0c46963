"""How many spectators watch a table, over every process (shown to the players and the spectators).

The count is a number in Django's cache, which every process shares when REDIS_URL is set (with the
embedded default there is one process, and its memory is the cache): a spectator's socket adds one
when it opens and takes one off when it closes, then tells the table's group the new count, so each
page (seat or spectator) updates its #watchers element without a database read. The cache rather
than the layer because a page being opened must read the count too, and the layer cannot be asked.
A process that dies with spectators open never takes them off: the count is kept for TTL after its
last change, and never shows below zero.

The same kind of count, per address over every table, caps the spectator sockets one client keeps
open (SPECTATOR_SOCKETS_PER_ADDRESS), as TABLE_SOCKETS_PER_USER caps a player's.
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation

from games import events

TTL = 6 * 3600  # seconds a table's count is kept after it last changed


def _key(table_id: int) -> str:
    return f"spectators:{table_id}"


def count(table_id: int) -> int:
    return max(0, cache.get(_key(table_id), 0))


def change(table_id: int, by: int) -> int:
    """Add `by` (1: a spectator came, -1: one left) and return the new count."""
    return _add(_key(table_id), by)


def place_take(address: str) -> bool:
    """Count one more spectator socket from `address`; False (and nothing counted) past the cap."""
    key = f"spectators:address:{address}"
    if _add(key, 1) <= settings.SPECTATOR_SOCKETS_PER_ADDRESS:
        return True
    _add(key, -1)
    return False


def place_free(address: str) -> None:
    """A spectator socket from `address` closed: it makes room for another."""
    _add(f"spectators:address:{address}", -1)


def _add(key: str, by: int) -> int:
    cache.add(key, 0, TTL)
    try:
        value = cache.incr(key, by)
    except ValueError:  # expired between add and incr
        cache.set(key, max(0, by), TTL)
        value = max(0, by)
    cache.touch(key, TTL)
    return max(0, value)


def event(table_id: int, by: int) -> dict:
    """The change, as the channel-layer event sent to the table's group."""
    return events.message(events.WatchersChanged(change(table_id, by)))


def html(n: int, language: str, *, oob: bool = True) -> str:
    with translation.override(language):
        return render_to_string("games/_watchers.html", {"watchers": n, "oob": oob})

"""Limits that keep one client from slowing anyone else's table.

A socket may send TABLE_MESSAGES_PER_SECOND messages a second with bursts of TABLE_MESSAGE_BURST (a
token bucket); past that its messages are dropped (the page is told once), and a socket that keeps on
flooding after TABLE_FLOOD_DROPS dropped messages is closed. A user keeps at most
TABLE_SOCKETS_PER_USER sockets open at one table (a "place": a table's id, or another live page's name such
as a club lobby's), over all processes: opening another closes the oldest.
A socket of a process that died stays in the user's list until newer ones push it out: meanwhile it
takes a place (an older socket may close early). A list unchanged for a day is forgotten.
"""
from __future__ import annotations

import time
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache

TTL = 24 * 3600  # seconds a user's list of sockets at a table is kept after it last changed
LOCK_SECONDS = 2  # the longest a change of that list may hold its lock
LOCK_WAIT = 0.002  # seconds between two tries for the lock (taken: another process changes the list)


class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst` saved up."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def message_bucket() -> Bucket:
    return Bucket(settings.TABLE_MESSAGES_PER_SECOND, settings.TABLE_MESSAGE_BURST)


def _key(place: int | str, user_id: int) -> str:
    return f"table-sockets:{place}:{user_id}"


def admit(table_id: int | str, user_id: int, channel: str, cap: int | None = None) -> list[str]:
    """Count the socket on `channel` as the user's newest at the table; returns the channels of the
    sockets it pushes past the cap (the oldest), which must close. The user's open sockets are one list
    in Django's cache (Redis when scaled: every process's), changed under a lock, so of any number
    opened at once, in any processes, exactly the newest TABLE_SOCKETS_PER_USER are kept (a list of
    sockets told of each other through the channel layer lost those messages past its capacity). `cap`:
    another place's own limit (default TABLE_SOCKETS_PER_USER)."""
    key = _key(table_id, user_id)
    with locked(key):
        kept = [*cache.get(key, []), channel]
        cut = max(0, len(kept) - (settings.TABLE_SOCKETS_PER_USER if cap is None else cap))
        cache.set(key, kept[cut:], TTL)
    return kept[:cut]


def counted(table_id: int | str, user_id: int, channel: str) -> bool:
    """Whether the socket on `channel` is still among the user's newest at the table (a list the cache
    no longer holds counts every socket)."""
    kept = cache.get(_key(table_id, user_id))
    return kept is None or channel in kept


def leave(table_id: int | str, user_id: int, channel: str) -> None:
    """The socket on `channel` closed (not pushed out): it makes room for another."""
    key = _key(table_id, user_id)
    with locked(key):
        kept = cache.get(key, [])
        if channel in kept:
            kept.remove(channel)
            cache.set(key, kept, TTL) if kept else cache.delete(key)


@contextmanager
def locked(key: str):
    """The key held by this caller alone, over every process (cache.add is atomic: Redis SET NX, the
    in-memory cache's lock). A holder that died lets go after LOCK_SECONDS."""
    lock, deadline = f"{key}:lock", time.monotonic() + 2 * LOCK_SECONDS
    while not cache.add(lock, 1, LOCK_SECONDS):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{lock} stayed taken")
        time.sleep(LOCK_WAIT)
    try:
        yield
    finally:
        cache.delete(lock)

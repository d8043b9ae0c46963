"""Limits that keep one client from slowing anyone else's table (per process).

A socket may send TABLE_MESSAGES_PER_SECOND messages a second with bursts of TABLE_MESSAGE_BURST (a
token bucket); past that its messages are dropped (the page is told once), and a socket that keeps on
flooding after TABLE_FLOOD_DROPS dropped messages is closed. A user keeps at most
TABLE_SOCKETS_PER_USER sockets open at one table in a process: opening another closes the oldest.
"""
from __future__ import annotations

import time

from django.conf import settings


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


_OPEN: dict[tuple[int, int], list] = {}  # (table, user) → this process's sockets, oldest first


def opened(table_id: int, user_id: int, socket) -> list:
    """Note a new socket of this user at this table; returns the older ones past the cap (to close)."""
    sockets = _OPEN.setdefault((table_id, user_id), [])
    sockets.append(socket)
    extra = len(sockets) - settings.TABLE_SOCKETS_PER_USER
    return sockets[:extra] if extra > 0 else []


def closed(table_id: int, user_id: int, socket) -> None:
    sockets = _OPEN.get((table_id, user_id), [])
    if socket in sockets:
        sockets.remove(socket)
    if not sockets:
        _OPEN.pop((table_id, user_id), None)


def forget() -> None:
    """Tests: each starts with no sockets open."""
    _OPEN.clear()

"""Limits that keep one client from slowing anyone else's table.

A socket may send TABLE_MESSAGES_PER_SECOND messages a second with bursts of TABLE_MESSAGE_BURST (a
token bucket); past that its messages are dropped (the page is told once), and a socket that keeps on
flooding after TABLE_FLOOD_DROPS dropped messages is closed. A user keeps at most
TABLE_SOCKETS_PER_USER sockets open at one table, over all processes: opening another closes the oldest.
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


def sockets_group(table_id: int, user_id: int) -> str:
    """The channel-layer group of one user's sockets at one table, in every process."""
    return f"sockets.{table_id}.{user_id}"


class Newer:
    """The user's sockets at this table opened after this one, as heard through sockets_group (the
    layer reaches every process, so the cap holds across processes). Each socket announces its opening
    and its closing; a socket that knows of TABLE_SOCKETS_PER_USER newer ones closes itself, so the
    newest ones stay. A socket of a process that died is never announced closed: it counts until the
    older sockets are gone, which can close one socket too many, never keep one too many."""

    def __init__(self, channel: str) -> None:
        self.me = (time.time(), channel)
        self.channels: set[str] = set()

    def opened(self, at: float, channel: str) -> bool:
        """Another socket opened at `at`; True when this one is now past the cap."""
        if (at, channel) > self.me:
            self.channels.add(channel)
        return len(self.channels) >= settings.TABLE_SOCKETS_PER_USER

    def closed(self, channel: str) -> None:
        self.channels.discard(channel)

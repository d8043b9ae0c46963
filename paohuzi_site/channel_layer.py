"""The embedded default's channel layer: Channels' in-memory layer, its expiry sweep run at most once a
second.

Channels' own layer sweeps every channel's queue and every group membership on each receive and each
group_send, so a message costs time in proportion to the sockets the process holds: at 200 tables
(1,200 sockets) the sweep was 44 % of the process's CPU (bench/load.py --tables 200 --paced 4, py-spy).
What it expires needs no finer clock: a message nobody read for 60 s, a group membership a day old (a
socket's page would see the version jump of a late message and take a full snapshot anyway).
"""
from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

SWEEP_EVERY = 1.0  # seconds between two sweeps for expired messages and memberships


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._swept_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_EVERY:
            self._swept_at = now
            super()._clean_expired()

"""paohuzi_site.channel_layer: the in-memory layer sweeps for expired messages at most once a second,
not on every message, and still drops what expired."""
from __future__ import annotations

import pytest
from channels.layers import InMemoryChannelLayer

from paohuzi_site import channel_layer
from paohuzi_site.channel_layer import SWEEP_EVERY, SweepingInMemoryChannelLayer


@pytest.mark.asyncio
async def test_many_messages_cost_one_sweep_a_second(monkeypatch):
    sweeps, clock = [], [1000.0]
    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", lambda self: sweeps.append(clock[0]))
    monkeypatch.setattr(channel_layer.time, "monotonic", lambda: clock[0])
    layer = SweepingInMemoryChannelLayer()
    await layer.group_add("table.1", "a.one")
    for _ in range(50):
        await layer.group_send("table.1", {"type": "table.changed", "version": 1})
        await layer.receive("a.one")
    assert sweeps == [1000.0]
    clock[0] += SWEEP_EVERY
    await layer.group_send("table.1", {"type": "table.changed", "version": 2})
    assert sweeps == [1000.0, 1000.0 + SWEEP_EVERY]


@pytest.mark.asyncio
async def test_a_message_nobody_read_still_expires():
    layer = SweepingInMemoryChannelLayer(expiry=0)  # every message is expired at once
    await layer.send("a.nobody", {"type": "table.changed"})
    layer._swept_at = float("-inf")  # a second has passed
    await layer.group_send("table.1", {"type": "table.changed"})
    assert "a.nobody" not in layer.channels

"""asgi.py: HTTP through Django, websockets behind the origin check (refusals are logged)."""
import logging

import pytest
from channels.testing import WebsocketCommunicator

from paohuzi_site.asgi import application


@pytest.mark.asyncio
async def test_websocket_from_a_foreign_origin_is_refused_and_logged(caplog):
    comm = WebsocketCommunicator(application, "/ws/table/1/", headers=[(b"origin", b"http://evil.example")])
    with caplog.at_level(logging.WARNING, logger="paohuzi.websocket"):
        connected, _code = await comm.connect()
    assert not connected
    assert "evil.example" in caplog.text
    await comm.disconnect()


def test_application_routes_http_and_websocket():
    assert set(application.application_mapping) == {"http", "websocket"}


@pytest.mark.asyncio
async def test_the_configured_channel_layer_delivers_a_group_message():
    """In memory by default, Redis with REDIS_URL: either way a group message arrives."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("table.test", channel)
    await layer.group_send("table.test", {"type": "table.changed", "version": 3})
    assert await layer.receive(channel) == {"type": "table.changed", "version": 3}
    await layer.group_discard("table.test", channel)

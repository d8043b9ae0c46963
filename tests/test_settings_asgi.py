"""asgi.py: HTTP through Django, websockets behind the origin check (refusals are logged)."""
import logging

import pytest
from channels.testing import WebsocketCommunicator

from paohuzi_site.asgi import application


@pytest.mark.asyncio
@pytest.mark.django_db  # the auth middleware reads the session's user before the origin is checked
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


@pytest.mark.asyncio
async def test_300_tables_changes_at_once_reach_a_processs_sockets():
    """channels-redis's default layer kept all of a process's channels under one Redis key and dropped a
    group_send to a key already holding `capacity` messages: with its default 100, 200 of these 300
    changes were lost. The pub/sub layer (settings.base) and the in-memory one queue per channel."""
    import asyncio

    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    channels = [await layer.new_channel() for _ in range(300)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"table.busy{n}", channel)
    for n in range(300):  # before any socket reads its message, as under load
        await layer.group_send(f"table.busy{n}", {"type": "table.changed", "version": n})
    got = [await asyncio.wait_for(layer.receive(c), 5) for c in channels]
    assert [m["version"] for m in got] == list(range(300))
    for n, channel in enumerate(channels):
        await layer.group_discard(f"table.busy{n}", channel)


@pytest.mark.parametrize("origin, host, trusted", [
    (b"http://localhost:9999", b"localhost:8000", []),  # another port of an allowed host
    (b"https://localhost:8000", b"localhost:8000", []),  # another scheme
    (b"http://evil.example:8000", b"evil.example:8000", []),  # a host that is not allowed
    (b"http://localhost:8000", b"", []),  # no Host header to compare with
])
def test_the_origin_must_be_the_sockets_own_scheme_host_and_port(settings, origin, host, trusted):
    from paohuzi_site.websocket import origin_allowed

    settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS = ["localhost"], trusted
    headers = [(b"origin", origin)] + ([(b"host", host)] if host else [])
    assert not origin_allowed({"type": "websocket", "scheme": "ws", "headers": headers})


def test_the_sites_own_origin_and_a_trusted_one_are_accepted(settings):
    from paohuzi_site.websocket import origin_allowed

    settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS = ["localhost"], ["https://paohuzi.example"]
    own = [(b"origin", b"http://localhost:8000"), (b"host", b"localhost:8000")]
    behind_a_proxy = [(b"origin", b"https://paohuzi.example"), (b"host", b"paohuzi.example")]
    assert origin_allowed({"type": "websocket", "scheme": "ws", "headers": own})
    assert origin_allowed({"type": "websocket", "scheme": "ws", "headers": behind_a_proxy})

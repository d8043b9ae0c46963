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

"""A websocket to a path no route takes (a scanner's /, /admin/, /ws/table/abc/) is closed calmly with
4404 through the site's real ASGI application: no 500, no traceback, and the log counts such sockets
instead of writing a line for each."""
import logging

import pytest
from channels.testing import WebsocketCommunicator

from paohuzi_site import websocket
from paohuzi_site.asgi import application

SAME_ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
UNROUTED = ["/ws/table/abc/", "/ws/table/-1/", "/ws/table/9", "/ws/", "/", "/admin/", "/ws/watch/x/",
            "/ws/table/1000000000000000000000000000000/", "/ws/table/1/extra/"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)  # the auth middleware reads the (absent) session's user
async def test_100_unrouted_sockets_are_closed_with_4404_and_log_no_error_and_one_line(caplog):
    websocket.NotFoundConsumer.unrouted = 0
    closes = []
    with caplog.at_level(logging.DEBUG):
        for i in range(100):
            comm = WebsocketCommunicator(application, UNROUTED[i % len(UNROUTED)], headers=SAME_ORIGIN)
            connected, _ = await comm.connect()
            assert connected, UNROUTED[i % len(UNROUTED)]
            closes.append(await comm.receive_output(timeout=5))
            await comm.disconnect()
    assert closes == [{"type": "websocket.close", "code": websocket.NOT_FOUND}] * 100
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    counted = [r for r in caplog.records if r.name == "paohuzi.websocket"]
    assert len(counted) == 1 and "1 so far" in counted[0].getMessage()
    assert websocket.NotFoundConsumer.unrouted == 100


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_routed_table_socket_is_not_taken_by_the_catch_all():
    """A table socket still reaches its consumer: a stranger is refused by it (4403), not as unrouted."""
    comm = WebsocketCommunicator(application, "/ws/table/1/", headers=SAME_ORIGIN)
    connected, code = await comm.connect()
    assert not connected and code == 4403
    await comm.disconnect()

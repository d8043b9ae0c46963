"""A websocket to a path no route takes (a scanner's /, /admin/, /ws/table/abc/) is closed calmly with
4404 through the site's real ASGI application: no 500, no traceback, and the log counts such sockets
instead of writing a line for each."""
import logging
import re

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


def _handshake(port: int, path: str) -> tuple[str, int | None]:
    """A raw websocket handshake to the real server, same origin and no log-in: (the status line, the
    close code of the first frame, None when no close frame came)."""
    import base64
    import os
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                   f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
        head, _sep, frame = data.partition(b"\r\n\r\n")
        while len(frame) < 4:
            chunk = s.recv(4096)
            if not chunk:
                break
            frame += chunk
        status = head.split(b"\r\n")[0].decode()
        closed = len(frame) >= 4 and frame[0] & 0x0F == 0x8
        return status, int.from_bytes(frame[2:4], "big") if closed else None


def test_a_real_daphne_closes_100_unrouted_sockets_with_4404_and_logs_no_traceback(tmp_path):
    from tests.browser.serverkit import served, server_env

    with served("unrouted-server", server_env(tmp_path / "db.sqlite3")) as daphne:
        answers = {_handshake(daphne.port, UNROUTED[i % len(UNROUTED)]) for i in range(100)}
        log = daphne.log_path.read_text()
    assert answers == {("HTTP/1.1 101 Switching Protocols", websocket.NOT_FOUND)}
    assert "Traceback" not in log and " 500 " not in log and "ERROR" not in log
    counted = set(re.findall(r"unrouted path .*", log))  # (the record may reach two handlers)
    assert len(counted) == 1 and "1 so far" in counted.pop()

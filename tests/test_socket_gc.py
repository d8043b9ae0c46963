"""paohuzi_site.socket_gc: a full collection after every ENDED_PER_COLLECTION ended websocket connections
frees the reference cycles closed connections leave (issue 26)."""
import asyncio
import gc
import weakref

import pytest

from paohuzi_site import socket_gc


class Cycle:
    """Garbage only the cycle collector frees, as a closed connection's protocol and transport are."""

    def __init__(self):
        self.me = self


@pytest.fixture
def no_automatic_gc():
    gc.collect()
    gc.disable()
    yield
    gc.enable()


def test_the_nth_ended_connection_collects_the_cycles_left_before_it(no_automatic_gc):
    collector = socket_gc.Collector(every=3)
    garbage = weakref.ref(Cycle())
    assert [collector.end(), collector.end()] == [False, False]
    assert garbage() is not None
    assert collector.end() is True
    assert garbage() is None
    garbage = weakref.ref(Cycle())
    assert [collector.end() for _ in range(3)] == [False, False, True]  # counted afresh
    assert garbage() is None


def test_a_connection_is_counted_however_its_application_ends():
    collector = socket_gc.Collector(every=10)

    async def fails(scope, receive, send):
        raise ConnectionError

    async def ends(scope, receive, send):
        return None

    async def waits(scope, receive, send):
        await asyncio.Event().wait()

    def connection(app):
        return socket_gc.collecting(app, collector)({"type": "websocket"}, None, None)

    async def connections():
        await connection(ends)
        with pytest.raises(ConnectionError):
            await connection(fails)
        never = asyncio.ensure_future(connection(waits))  # Daphne cancels an application it gave up on
        await asyncio.sleep(0)
        never.cancel()
        with pytest.raises(asyncio.CancelledError):
            await never
    asyncio.run(connections())
    assert collector.ended == 3

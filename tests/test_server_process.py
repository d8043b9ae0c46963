"""paohuzi_site.server_process: an HTTP request's thread gives its connection back as the request ends."""
import threading

import pytest
from channels.testing import HttpCommunicator
from django.db import connections
from django.db.backends.signals import connection_created

from paohuzi_site.asgi import application


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_http_request_closes_the_connection_its_own_thread_opened(monkeypatch):
    """Each request runs in a new thread (ThreadSensitiveContext); with persistent connections its
    connection outlived the thread until a garbage collection, and PostgreSQL ran out of them."""
    opened, closed = [], []
    wrapper = type(connections["default"])
    close = wrapper.close

    def record_close(self):
        closed.append((self, threading.current_thread()))
        close(self)

    def record_open(sender, connection, **kwargs):
        opened.append((connection, threading.current_thread()))

    monkeypatch.setattr(wrapper, "close", record_close)
    connection_created.connect(record_open)
    try:
        communicator = HttpCommunicator(application, "GET", "/leaderboard/", headers=[(b"host", b"localhost")])
        response = await communicator.get_response()
        await communicator.wait()  # the request ends (request_finished) after its response is sent
    finally:
        connection_created.disconnect(record_open)
    assert response["status"] == 200
    request_threads = {thread for _c, thread in opened} - {threading.main_thread()}
    assert request_threads, "the leaderboard reads the database in the request's thread"
    for connection, thread in opened:
        if thread in request_threads:
            assert (connection, thread) in closed

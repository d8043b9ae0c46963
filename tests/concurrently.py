"""Calls run at the same moment in threads, for the PostgreSQL pass's race tests (the in-memory SQLite
test database takes one writer, so those tests skip there)."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from django.db import connection

from games.errors import Refused


def at_once(calls):
    """Run the calls together; each result, or the Refused it raised."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        try:
            barrier.wait(timeout=20)
            return call()
        except Refused as e:
            return e
        finally:
            connection.close()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))

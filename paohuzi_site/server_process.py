"""What a Daphne process sets up once: request threads that give back their connection, and a GC
that does not stall the event loop (docs/design.md#measured-pitfalls-of-this-stack).

Django's ASGI handler runs each HTTP request's sync code in a thread of its own (asgiref's
ThreadSensitiveContext), so with persistent connections (settings: CONN_MAX_AGE) every request leaves
an open connection behind in a dead thread, closed only when the garbage collector reaches it: on
PostgreSQL a busy minute ran out of connections ("too many clients"). Websocket consumers run on the
one database thread, whose connection is the one worth keeping.

CPython's default GC (a young collection every 700 net allocations, a full one every 100 of those)
walked the whole heap of a busy process — every table's parsed state and fragments — 0.6–1.3 s at a
time with every socket waiting: that was the 200-table p99. Freezing what start-up built and
collecting the young generation less often keeps collections short (bench/load.py --paced).
"""
from __future__ import annotations

import gc

from django.core.handlers.asgi import ASGIHandler
from django.core.signals import request_finished
from django.db import connections

#: Young-generation threshold: 50,000 net allocations between collections (CPython's default 700).
GC_THRESHOLDS = (50_000, 20, 20)


def close_request_connections(**kwargs) -> None:
    """Close the connections of the request's own thread (the receiver runs in it) as the request ends."""
    connections.close_all()


def set_up() -> None:
    """Once per process, after the application is built."""
    # The sender filter matches Daphne's handler only, not the test clients' subclasses, whose requests
    # run in the test's own thread and transaction.
    request_finished.connect(close_request_connections, sender=ASGIHandler,
                             dispatch_uid="close_request_connections")
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)

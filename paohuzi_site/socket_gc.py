"""A full garbage collection after every ENDED_PER_COLLECTION ended websocket connections, so that what
closed sockets leave behind is freed (issue 26; docs/design.md#measured-pitfalls-of-this-stack).

Every websocket connection ends as ~65 objects in reference cycles, ~20 KB: Daphne's protocol and its
application queue, Twisted's HTTP channel, request and headers, autobahn's frame state. Only the cycle
collector frees them, and this process runs it seldom (paohuzi_site/server_process.py: a young
collection every 50,000 net allocations, the older generations twenty and four hundred times less
often), so a connection that was open across one young collection stays in memory, unreachable, until
an old-generation one. Rounds of 300 sockets opened at once grew Daphne by ~5 MB a round (tracemalloc:
+6.5 MB a round traced, all from one object set per closed connection); a full collection freed ~19,000
objects a round and kept it flat.

Counting ended connections bounds the garbage at about ENDED_PER_COLLECTION connections' worth,
whatever the allocation rate. A full collection walks only what was built after start-up (the rest is
frozen): 10-60 ms here, far less than the handshakes of 250 sockets. HTTP requests are not counted:
their garbage is young and the young collections free it.
"""
from __future__ import annotations

import gc

ENDED_PER_COLLECTION = 250


class Collector:
    """Counts ended connections and collects at every `every`-th (the event loop's thread only)."""

    def __init__(self, every: int = ENDED_PER_COLLECTION):
        self.every, self.ended = every, 0

    def end(self) -> bool:
        """One connection ended; True when that made a full collection run."""
        self.ended += 1
        if self.ended < self.every:
            return False
        self.ended = 0
        gc.collect()
        return True


def collecting(app, collector: Collector | None = None):
    """The ASGI application `app`, each of its connections counted by `collector` as it ends, however it
    ends (closed, refused, cancelled or failed)."""
    collector = collector or Collector()

    async def application(scope, receive, send):
        try:
            return await app(scope, receive, send)
        finally:
            collector.end()
    return application

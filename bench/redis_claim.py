"""A Redis database number of a run's own, for the servers the bench and the tests start side by side (bench/load.py,
tests/faults, tests/browser/test_scaled_processes.py): apart from bench/load.py so a test can claim one without
importing its websocket client."""
from __future__ import annotations

import contextlib
import os
import urllib.parse

REDIS_OWNER = "paohuzi_bench:owner"


@contextlib.contextmanager
def claimed_redis(url: str):
    """An empty Redis database number next to `url`'s (highest first, never its own), yielded as a URL
    and flushed afterwards. Claimed atomically: every claimant sets the same key with NX first, then
    keeps the number only if that key is all it holds (a number another run, or anyone, uses is left)."""
    import redis
    parts = urllib.parse.urlsplit(url)
    own = int(parts.path.strip("/") or 0)
    for number in range(15, 0, -1):
        client = redis.Redis.from_url(parts._replace(path=f"/{number}").geturl())
        if number != own and client.set(REDIS_OWNER, os.getpid(), nx=True):
            if client.dbsize() == 1:
                break
            client.delete(REDIS_OWNER)  # somebody's data is there
        client.close()
    else:
        raise RuntimeError("no empty Redis database number to use")
    try:
        yield parts._replace(path=f"/{number}").geturl()
    finally:
        client.flushdb()
        client.close()

"""Many sockets of one user opened at once at one table (games/live/socket_limits.py: TABLE_SOCKETS_PER_USER),
against the real server: rounds of 300 opened together by one guest, as an attacker's script opens them.
Each round must end with exactly the cap open (every other socket closed with 4409, none dropped or
crashed); the page's own socket, opened before the rounds, is pushed out by the first. With REDIS_URL a
second Daphne serves half of each round's sockets: the cap holds across processes. Daphne's resident
memory is read after each round, once the server is quiet (issue 26: it grew by hundreds of MB over a
few rounds and never came back; then by ~5 MB a round, closed connections' garbage, until
paohuzi_site/socket_gc.py)."""
from __future__ import annotations

import asyncio
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor

from bench.load import BenchError
from tests.browser.serverkit import Daphne

from .kit import Page, connect, private_pages, running_server

SOCKETS = 300
CAP = 3  # TABLE_SOCKETS_PER_USER as shipped
SETTLE = 20.0  # seconds a round may take before its sockets are counted anyway


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024


async def burst(page: Page, ports: list[int]) -> dict:
    """SOCKETS sockets of the page's guest opened together (dealt round-robin over the processes); their
    close codes once every one has its answer (its snapshot, or its close) and at most CAP are open."""
    pages = []
    for n in range(SOCKETS):
        p = Page(page.guest, page.room, page.rng)
        port = ports[n % len(ports)]  # the page as that process serves it: its origin too
        p.url, p.origin = (u.replace(f":{ports[0]}", f":{port}", 1) for u in (p.url, p.origin))
        pages.append(p)

    async def open_one(p: Page) -> None:
        try:
            await p.connect()
        except (BenchError, OSError):
            pass  # counted by its close code
    await asyncio.gather(*(open_one(p) for p in pages))
    deadline = time.monotonic() + SETTLE
    while time.monotonic() < deadline:
        answered = all(p.closed or (p.first and p.first.done()) for p in pages)
        if answered and sum(not p.closed for p in pages) <= CAP:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)  # a close that was still coming
    codes = [None if not p.closed else p.code for p in pages]
    for p in pages:
        p.close()
    return {"open": sum(c is None for c in codes),
            "codes": sorted({str(c): codes.count(c) for c in codes}.items())}


async def quiet(pids: list[int], seconds: float = 0.5) -> None:
    """Until the servers have used no CPU for a moment (the closes worked off), at most 10 s."""
    def cpu(pid):
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    deadline = time.monotonic() + 10
    before = [cpu(p) for p in pids]
    while time.monotonic() < deadline:
        await asyncio.sleep(seconds)
        now = [cpu(p) for p in pids]
        if now == before:
            return
        before = now


async def run(server, extra: Daphne | None, rounds: int) -> dict:
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as pool:
        pages = await loop.run_in_executor(pool, private_pages, server.base, random.Random(26))
    pages = [await connect(p) for p in pages]
    own = pages[0]  # the page's own socket: the first round's newer sockets push it out
    ports = [server.port] + ([extra.port] if extra else [])
    pids = [server.daphne.proc.pid] + ([extra.proc.pid] if extra else [])
    rss = [rss_mb(pids[0])]
    results = []
    for _ in range(rounds):
        results.append(await burst(own, ports))
        await quiet(pids)
        rss.append(rss_mb(pids[0]))
    for p in pages:
        p.close()
    return {"rounds": results, "rss": rss, "own_code": own.code}


def scenario(soak: bool) -> dict:
    rounds = 40 if soak else 10  # ~4 s each; a leak of ~5 MB a round (issue 26) passes GROWTH_MB by the 6th
    with running_server("sockets", sweeper=False) as server:
        extra = Daphne("faults/sockets-daphne-2", server.env) if os.environ.get("REDIS_URL") else None
        try:
            if extra:
                extra.start()
            facts = asyncio.run(run(server, extra, rounds))
        finally:
            if extra:
                extra.stop()
    rss = facts["rss"]
    growth = max(rss[1:]) - rss[1]
    print(f"sockets: {rounds} rounds of {SOCKETS} sockets of one user opened at once at one table, on "
          f"{2 if extra else 1} process(es); open after each: {[r['open'] for r in facts['rounds']]}")
    print(f"Daphne RSS: {rss[0]:.1f} MB before, {rss[1]:.1f} MB after the first round, {rss[-1]:.1f} MB after "
          f"the last (at most {growth:+.1f} MB above the first round); each round: "
          f"{' '.join(f'{r:.0f}' for r in rss[1:])}")
    return {**facts, "growth_mb": growth, "tracebacks": server.tracebacks(),
            "log_tail": server.logs()[-3000:]}

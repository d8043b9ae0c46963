"""Random reconnects (docs/design.md#replays-from-a-short-history: a connect without `since=`, as here,
gets a full snapshot; the move number makes a replayed move harmless). Private rooms of three guests are played by this client;
at random moments —
a random delay after a move was sent, so often while its frames are in flight — one of the three drops
its socket (no closing handshake, as a lost network) and opens a new one. A page that lost the socket
of the move it sent sends the same message again, as the htmx ws extension replays what it queued.
After the next move, the view each reconnected page holds (its snapshot, then the frames after it) must
equal a fresh socket's snapshot; every resent move is applied once at most; and at the end every hand's
action log is one row per move and replays to the state stored. Seeded."""
from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from .kit import (connect, next_sends, private_pages, reopened, running_server, same_view, settle,
                  table_id)

SETTINGS = {"TABLE_MESSAGES_PER_SECOND": "200", "TABLE_MESSAGE_BURST": "400"}
UNEXPECTED = {1011, 4403, 4409, 4429}  # crashed, unseated, too many windows, flooding


class Facts:
    def __init__(self):
        self.reconnects = self.compared = self.resent = self.moves = 0
        self.problems: list[str] = []
        self.tables: set[int] = set()
        self.codes: list[int] = []


async def play_table(base: str, reconnects: int, rng: random.Random, facts: Facts, pool) -> None:
    loop = asyncio.get_running_loop()
    pages, pending, done = None, set(), 0
    while done < reconnects:
        if pages is None:
            pages = await loop.run_in_executor(pool, private_pages, base, rng)
            facts.tables.add(table_id(pages[0]))
            pages = [await connect(p) for p in pages]
        if not await settle(pages):
            facts.problems.append(f"table {table_id(pages[0])}: the pages did not agree on a version")
            return
        for i in sorted(pending):
            await compare(pages[i], facts)
        pending.clear()
        v0, sends = pages[0].version, next_sends(pages)
        if sends is None:  # the series is over: a new room
            for p in pages:
                p.close()
            pages = None
            continue
        for page, message in sends:
            page.send(message)
        facts.moves += sends[0][1]["op"] == "act"
        if rng.random() < 0.6:
            await asyncio.sleep(rng.uniform(0, 0.02))
            i = rng.randrange(3)
            dropped = pages[i]
            dropped.abort()
            pages[i] = await connect(reopened(dropped))
            done += 1
            facts.reconnects += 1
            facts.codes.append(dropped.code)
            pending.add(i)
            resend = next((m for p, m in sends if p is dropped), None)
            if resend:
                await asyncio.sleep(0.05)  # the frames of the first send, if it was applied
                await settle(pages, seconds=1)
                await once(pages, pages[i], resend, facts)
        await settle(pages, v0)
    for p in pages or []:
        facts.codes.append(p.code)
        p.close()


async def once(pages, page, message: dict, facts: Facts) -> None:
    """The dropped page sends its last message again: applied now if it was lost, else refused (a move
    applied twice would move the hand on by two)."""
    version = page.version
    page.send(message)
    facts.resent += 1
    await asyncio.sleep(0.05)
    await settle(pages, seconds=1)
    if "move_no" in message and page.move_no != str(int(message["move_no"]) + 1):
        facts.problems.append(f"resent {message['action']!r} of move {message['move_no']}: the page shows "
                              f"move {page.move_no} (version {version} → {page.version})")


async def compare(held, facts: Facts) -> None:
    fresh = await connect(reopened(held))
    try:
        if fresh.version != held.version:
            await settle([held, fresh])
        diff = same_view(held, fresh)
        facts.compared += 1
        if diff:
            facts.problems.append(f"table {table_id(held)} version {held.version}: a reconnected page "
                                  f"differs from a fresh one in {diff}")
    finally:
        facts.codes.append(fresh.code)
        fresh.close()


async def run(base: str, reconnects: int, tables: int, facts: Facts) -> None:
    pool = ThreadPoolExecutor(4)
    try:
        await asyncio.wait_for(asyncio.gather(*(
            play_table(base, reconnects // tables, random.Random(1000 + n), facts, pool) for n in range(tables))),
            600 + reconnects)
    finally:
        pool.shutdown(wait=False)


def scenario(soak: bool) -> dict:
    reconnects = 3000 if soak else 105  # the depth is the soak's
    facts = Facts()
    with running_server("reconnects", **SETTINGS) as server:
        asyncio.run(run(server.base, reconnects, 3, facts))
        hands = server.db("hands", *map(str, facts.tables))
    for h in hands:
        if h["log"] != list(range(h["deal_move_no"] + 1, h["move_no"] + 1)) or not h["replays"]:
            facts.problems.append(f"hand {h['id']}: move numbers {h['log']} (replays: {h['replays']})")
    print(f"reconnects: {facts.reconnects} drops and reopens at {len(facts.tables)} table(s), "
          f"{facts.moves} moves, {facts.resent} messages resent, {facts.compared} views compared with a "
          f"fresh socket, {len(hands)} hands")
    return {"reconnects": facts.reconnects, "compared": facts.compared, "resent": facts.resent,
            "moves": facts.moves, "hands": len(hands), "problems": facts.problems,
            "unexpected_closes": [c for c in facts.codes if c in UNEXPECTED],
            "tracebacks": server.tracebacks(), "log_tail": server.logs()[-3000:]}

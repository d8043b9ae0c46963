"""Nothing lost, nothing doubled when the server crashes (docs/design.md#timers-deadlines-and-the-sweeper;
a move is one transaction with its ActionLog row). Tables play over real websockets — private rooms
of three guests played by this client, and quick-match tables of a guest on auto-play with two bots — while
Daphne and the sweeper are killed with SIGKILL, again and again, and started again. Then every hand
finishes, each one's action log is one row per move with contiguous move numbers, replaying its seed
and log gives the state stored, and the ledger audit passes (its database is left for CI's
`manage.py ledger_check`: test-artifacts/faults/paohuzi_faults_crash.sqlite3, or the PostgreSQL
database paohuzi_faults_crash)."""
from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import ThreadPoolExecutor

from bench.load import BenchError, Guest

from .kit import connect, next_sends, private_pages, quick_match_page, reopened, running_server, settle, table_id

KEEP = "paohuzi_faults_crash"
SETTINGS = {"BOT_DELAY": "0.02", "QUICK_MATCH_BOT_WAIT": "0.2", "TABLE_MESSAGES_PER_SECOND": "200",
            "TABLE_MESSAGE_BURST": "400"}


class Run:
    def __init__(self, server, rng):
        self.server, self.rng = server, rng
        self.finish = asyncio.Event()  # no new hand from now on: each table ends its current one
        self.tables: set[int] = set()
        self.pool = ThreadPoolExecutor(4)

    async def http(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def private(self) -> None:
        """Three guests, each move read from the forms on screen; a new room when a series ends."""
        pages, readied = None, False  # readied: "next" sent since the last move, maybe not yet applied
        while not self.finish.is_set() or pages is not None:
            try:
                if pages is None:  # a kill during the room's making: a new room (the old one is left unplayed)
                    pages, readied = await self.http(private_pages, self.server.base, self.rng), False
                    self.tables.add(table_id(pages[0]))
                pages = [p if not p.closed and p.proto else await connect(reopened(p), 60) for p in pages]
                if not await settle(pages, seconds=2):
                    continue
                v0, sends = pages[0].version, next_sends(pages)
                if sends is None:  # the series is over
                    for p in pages:
                        p.close()
                    pages = None
                    continue
                if sends[0][1]["op"] == "next":
                    # Stop only before any "next" of this hand's end is sent: one still on its way would
                    # deal a hand after the clients had gone, and nobody would play it.
                    if self.finish.is_set() and not readied:
                        break
                    readied = True
                else:
                    readied = False
                for page, message in sends:
                    page.send(message)
                await settle(pages, v0, seconds=3)
            except (BenchError, OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.1)  # the server went down under us: reconnect
        for p in pages or []:
            p.close()

    async def auto(self) -> None:
        """A guest on auto-play with two bots: the server plays every seat; the guest asks for the next
        hand when one ends."""
        page = None
        while page is None:  # a kill during the quick match: another guest (the table left is not played)
            try:
                page = await self.http(quick_match_page, Guest(self.server.base), self.rng)
            except (BenchError, OSError):
                await asyncio.sleep(0.1)
        self.tables.add(table_id(page))
        page = await connect(page, 60)
        page.send_op({"op": "autoplay_on"})
        readied = False  # as in private(): a "next" sent and maybe not yet applied
        while True:
            try:
                if page.closed or not page.proto:
                    page = await connect(reopened(page), 60)
                    # again on each new socket: one sent as Daphne was killed never arrived, and the
                    # guest's seat then waited out its hour-long turn (seen: a hand stuck at its deal)
                    page.send_op({"op": "autoplay_on"})
                ready = page.ready_form()
                if ready and page.version >= 0:
                    if self.finish.is_set() and not readied:
                        break
                    version, readied = page.version, True
                    page.send(ready)
                    await settle([page], version, seconds=3)
                elif not ready:
                    readied = False
            except (BenchError, OSError, asyncio.TimeoutError):
                pass
            await asyncio.sleep(0.05)
        page.close()

    async def kill(self, kills: int, every: float) -> list[tuple[str, float]]:
        """Kill Daphne and the sweeper by turns, `kills` times each, a random moment in each period."""
        done = []
        for n in range(2 * kills):
            await asyncio.sleep(every * self.rng.uniform(0.5, 1.5))
            process = self.server.daphne if n % 2 == 0 else self.server.sweeper
            done.append((process.name, time.time()))
            await asyncio.get_running_loop().run_in_executor(None, self.server.kill, process)
        return done


async def crash_run(server, kills: int, private: int, auto: int, rng) -> tuple[list[tuple[str, float]], set[int]]:
    """The kills made (process, when) and the tables the clients played."""
    run = Run(server, rng)
    tables = [asyncio.create_task(run.private()) for _ in range(private)]
    tables += [asyncio.create_task(run.auto()) for _ in range(auto)]
    try:
        killed = await run.kill(kills, every=2.5)
        await played(server, 2 * (private + auto), seconds=240)
        run.finish.set()
        await asyncio.wait_for(asyncio.gather(*tables), 240)
    finally:
        for t in tables:
            t.cancel()
        run.pool.shutdown(wait=False)
    return killed, run.tables


async def played(server, hands: int, seconds: float) -> None:
    """Play on without kills until the tables have played `hands` hands in all (at most `seconds`): a slow
    machine (PostgreSQL, other work) plays fewer during the kills, and the test asks for hands, not speed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        rows = await asyncio.get_running_loop().run_in_executor(None, server.db, "hands")
        if sum(1 for h in rows if h["log"]) >= hands:
            return
        await asyncio.sleep(2)


def scenario(soak: bool) -> dict:
    kills, private, auto = (30, 4, 4) if soak else (3, 2, 2)
    rng = random.Random(11)
    with running_server("crash", keep=KEEP, **SETTINGS) as server:
        killed, played = asyncio.run(crash_run(server, kills, private, auto, rng))
        hands = server.db("hands")
        audit = server.ledger_check()
    problems = []
    for h in hands:
        where = f"hand {h['id']} (table {h['table']}, number {h['number']})"
        # A kill between the last join (which deals) and its reply leaves a room its client never learnt
        # of, so nobody plays it: only the tables the clients played must finish their hands.
        if not h["finished"] and h["table"] in played:
            problems.append(f"{where} did not finish (move {h['move_no']})")
        if h["log"] != list(range(h["deal_move_no"] + 1, h["move_no"] + 1)):
            problems.append(f"{where}: move numbers {h['log']} after the deal's {h['deal_move_no']}")
        if not h["replays"]:
            problems.append(f"{where}: its seed and action log do not give the state stored")
    mid_hand = sum(1 for _name, at in killed for h in hands if h["started"] < at < (h["ended"] or 1e12))
    abandoned = {h["table"] for h in hands} - played
    print(f"crash: {kills} Daphne kills and {kills} sweeper kills (SIGKILL), {mid_hand} (kill, hand) pairs mid-hand, "
          f"{len(hands)} hands at {private + auto} tables, {sum(h['move_no'] - h['deal_move_no'] for h in hands)} "
          f"moves, {len(abandoned)} rooms abandoned in the making, {len(problems)} problems; "
          f"ledger_check: {audit.stdout.strip() or audit.stderr.strip()}")
    return {"kills": len(killed), "daphne_kills": kills, "sweeper_kills": kills, "tables": private + auto,
            "hands": len(hands), "hands_played": sum(1 for h in hands if h["log"]),
            "moves": sum(h["move_no"] - h["deal_move_no"] for h in hands),
            "mid_hand": mid_hand,
            "problems": problems, "audit": audit.returncode, "audit_out": audit.stdout + audit.stderr,
            "tracebacks": server.tracebacks(), "log_tail": server.logs()[-3000:]}

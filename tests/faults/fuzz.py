"""Hostile input over real websockets (games/live/messages.py: one schema; games/live/socket_limits.py: floods).

At one private room (the attacked table, its hand dealt, nobody moving) the two seats that are not to
act send seeded hostile messages from several sockets, one at a time, each answered before the next:
malformed JSON, huge, deeply nested, wrong types, binary frames, the acting seat's own move, moves out of
turn, stale, replayed and future move numbers, unknown ops. Meanwhile one more socket of theirs floods
(bursts far past the limit: closed with 4429 by design, then opened again). At another table a
well-behaved player plays paced moves; its move latency is measured quiet, while the one socket floods
alone, then under the whole attack.
Facts: messages sent and answered, close codes, tracebacks in the server's log, the attacked table's
state before and after, the other table's errors and latency."""
from __future__ import annotations

import asyncio
import json
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor

from bench.load import PrivateTable, Stats, percentile
from games.live.messages import FRAME_BYTES

from .kit import connect, private_pages, reopened, running_server, settle, table_id

# The limits as shipped (10 a second, bursts of 20, closed after 200 dropped), but more sockets per user,
# so that thousands of messages are read within seconds, each fuzzing socket staying under its limit.
SETTINGS = {"TABLE_MESSAGES_PER_SECOND": "10", "TABLE_MESSAGE_BURST": "20", "TABLE_FLOOD_DROPS": "200",
            "TABLE_SOCKETS_PER_USER": "30"}
RATE = 8  # messages a second each fuzzing socket sends at most
SOCKETS = 20  # fuzzing sockets per attacker
FLOOD_BURST = 1000  # at once: 20 are read, then 200 dropped, then the socket is closed
PACE = 0.1  # seconds between the other table's moves
VANISH = 0.01  # the share of messages after which the socket is dropped at once


def hostile(rng: random.Random, move_no: int, theirs: list[dict], mine: list[str]) -> tuple[bytes, bool, str]:
    """One hostile message: (payload, binary?, kind). `theirs`: the acting seat's legal moves as its page
    sends them; `mine`: the attacker's own cards."""
    def move(action, n=move_no, **extra):
        return json.dumps({"op": "act", "action": action, "move_no": n, **extra}).encode()
    kind = rng.choice(KINDS)
    if kind == "malformed":
        good = move("pass").decode()
        text = rng.choice([good[:rng.randrange(len(good))], "{", "}", "[1, 2", "{'op': 'act'}", "NaN",
                           '{"op": "act", "move_no": NaN}', '{"op": "act", "move_no": Infinity}', "",
                           "\x00\x01\x02", '{"op": "act",}', '{"op" "act"}', "null,", "\ufeff{}",
                           "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 200)))])
        return text.encode("utf-8", "surrogatepass"), False, kind
    if kind == "huge":
        # Most past MAX_CHARS, for the schema to refuse; some past FRAME_BYTES, which Daphne itself drops
        # (closing the socket) before they are read, a few of those near Daphne's own default of 1 MiB.
        size = 900_000 if rng.random() < 0.005 else rng.choice([4097, 5000, 8192, 16_000, 16_384])
        text = rng.choice([move("x" * size).decode(), "x" * size, "[" + "1," * (size // 2) + "1]",
                           json.dumps({"op": "act", "move_no": move_no, "pad": "y" * size})])
        return text.encode(), False, kind
    if kind == "nested":
        depth = 20_000 if rng.random() < 0.02 else rng.choice([100, 1000, 1900])
        text = rng.choice(["[" * depth + "]" * depth, '{"op": "act", "x": ' + '{"a": ' * depth + "1" + "}" * depth + "}",
                           '{"op": "act", "action": ' + "[" * depth + "]" * depth + "}"])
        return text.encode(), False, kind
    if kind == "types":
        value = rng.choice([None, True, 1, -1, 1.5, 10 ** 30, "x", [], {}, ["act"], {"op": "act"}, "9" * 4000])
        field = rng.choice(["op", "action", "move_no", "whole"])
        data = value if field == "whole" else {"op": "act", "action": "pass", "move_no": move_no, field: value}
        return json.dumps(data).encode(), False, kind
    if kind == "binary":
        raw = rng.choice([bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))), move("pass")])
        return raw, True, kind
    if kind == "theirs" and theirs:
        return json.dumps({**rng.choice(theirs), "move_no": move_no}).encode(), False, kind
    if kind == "out_of_turn":
        action = rng.choice([f"discard {rng.choice(mine)}" if mine else "discard 一", "pass", "peng", "hu",
                             "chi 一二三", "ti 一", "wei 二", "discard 壹"])
        return move(action), False, kind
    if kind == "stale":
        return move("pass", rng.choice([0, max(0, move_no - 1), max(0, move_no - 10)])), False, kind
    if kind == "replayed":
        return move(rng.choice(["pass", "peng", "hu"]), rng.choice([move_no + 1, move_no + 2, 10_000, 10_001, -1])), \
            False, kind
    if kind == "ops":
        op = rng.choice(["sync", "drop_table", "admin", "ACT", " act", "sync\x00", None])
        return json.dumps({"op": op, "move_no": move_no}).encode(), False, kind
    # unicode, and the acting seat's move when no other is known
    action = rng.choice(["碰" * rng.randrange(1, 200), "pass\u202e", "discard \ud800", "discard 🂡", "pass\x00",
                         "discard 壹贰叁" * 3, " ".join(["pass"] * 30)])
    return json.dumps({"op": "act", "action": action, "move_no": move_no}).encode("utf-8", "surrogatepass"), \
        False, "unicode"


KINDS = ["malformed", "huge", "nested", "types", "binary", "theirs", "out_of_turn", "stale", "replayed", "ops",
         "unicode", "malformed", "types", "out_of_turn", "stale", "theirs"]


class Attack:
    def __init__(self, total: int, rng: random.Random):
        self.total, self.rng = total, rng
        self.sent = self.flooded = self.flood_rounds = self.vanished = 0
        self.unanswered: list = []  # (kind, start of the message) that got no frame within 5 s
        self.closes: list = []  # (code, kind, start of the message) of fuzzing sockets the server closed
        self.too_big: list = []  # close codes of sockets that sent more than FRAME_BYTES (Daphne drops them)
        self.pages: list = []
        self.kinds: dict[str, int] = {}
        self.codes: list = []  # close codes of the fuzzing sockets (None: still open at the end)
        self.flood_codes: list = []
        self.done = asyncio.Event()

    async def fuzz(self, page, move_no: int, theirs: list[dict], mine: list[str]) -> None:
        """One message at a time, each answered before the next; a socket the server closed is noted
        (with what was sent last) and opened again."""
        while self.sent < self.total:
            payload, binary, kind = hostile(self.rng, move_no, theirs, mine)
            self.sent += 1
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
            heard, t0 = page.frames_in, time.monotonic()
            page.send_raw(payload, binary)
            if self.rng.random() < VANISH:  # the page closes before it is answered, as a tab does
                self.vanished += 1
                page.abort()
                page = await connect(reopened(page))
                continue
            while page.frames_in == heard and time.monotonic() - t0 < 5 and not page.closed:
                await asyncio.sleep(0.001)
            if page.closed:
                if len(payload) > FRAME_BYTES:
                    self.too_big.append(page.code)
                else:
                    self.closes.append((page.code, kind, payload[:80].decode(errors="replace")))
                page = await connect(reopened(page))
            elif len(payload) > FRAME_BYTES:
                self.closes.append(("open after too big", kind, len(payload)))
            elif page.frames_in == heard:
                self.unanswered.append((kind, payload[:80].decode(errors="replace")))
            await asyncio.sleep(max(0.0, 1 / RATE - (time.monotonic() - t0)))
        self.codes.append(page.code)
        self.pages.append(page)

    async def flood(self, page, move_no: int) -> None:
        """Bursts far past the limit (moves out of turn, and junk); after each close (4429, by design) a
        new socket floods again, until the fuzzing is done."""
        while not self.done.is_set():
            page = await connect(reopened(page))
            moves = json.dumps({"op": "act", "action": "pass", "move_no": move_no}).encode()
            for n in range(FLOOD_BURST):
                if page.closed:
                    break
                page.send_raw(moves if n % 4 == 0 else b"{")
                self.flooded += 1
            t0 = time.monotonic()
            while not page.closed and time.monotonic() - t0 < 10:
                await asyncio.sleep(0.01)
            self.flood_rounds += 1
            self.flood_codes.append(page.code)
            page.close()
            await asyncio.sleep(0.2)


async def run(server, total: int, rng: random.Random) -> dict:
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(4)
    try:
        pages = [await connect(p) for p in await loop.run_in_executor(pool, private_pages, server.base, rng)]
        await settle(pages)
        attacked = table_id(pages[0])
        acting = [p for p in pages if p.move()]
        attackers = [p for p in pages if not p.move()]
        theirs = [m for p in acting for m in p.offers("actions", "act") + p.offers("my-hand", "act")]
        move_no = int(pages[0].move_no)
        before = await loop.run_in_executor(pool, server.db, "fingerprint", str(attacked))

        other = PrivateTable(0, [server.port], pool)
        await other.open()
        quiet = Stats()
        await other.play(time.perf_counter() + 4, PACE, quiet)

        attack = Attack(total, rng)
        flooder = asyncio.create_task(attack.flood(attackers[0], move_no))
        flooding = Stats()  # one socket floods, nothing else: the "within 2× of quiet"
        await other.play(time.perf_counter() + 4, PACE, flooding)
        extra = [await connect(reopened(p)) for p in attackers for _ in range(SOCKETS - 1)]
        fuzzers = attackers + extra
        loud = Stats()
        player = asyncio.create_task(other.play(time.perf_counter() + 3600, PACE, loud))
        await asyncio.gather(*(attack.fuzz(p, move_no, theirs, cards_of(p)) for p in fuzzers))
        attack.done.set()
        await flooder
        player.cancel()
        await asyncio.gather(player, return_exceptions=True)
        other.close()
        await asyncio.sleep(0.5)
        after = await loop.run_in_executor(pool, server.db, "fingerprint", str(attacked))
        for p in pages + extra + attack.pages:
            p.close()
        return {"sent": attack.sent, "vanished": attack.vanished, "kinds": attack.kinds, "unanswered": attack.unanswered,
                "flooded": attack.flooded, "flood_rounds": attack.flood_rounds, "flood_codes": attack.flood_codes,
                "fuzz_codes": attack.codes, "closes": attack.closes, "too_big": attack.too_big, "changed": before != after,
                "quiet": figures(quiet), "flooding": figures(flooding), "loud": figures(loud)}
    finally:
        pool.shutdown(wait=False)


def cards_of(page) -> list[str]:
    """The attacker's own cards, as its hand fragment lists them (data-cards)."""
    found = re.search(r'data-cards="([^"]*)"', page.shown.get("my-hand", ""))
    return [c for c in (found.group(1) if found else "") if c.strip()]


def figures(stats: Stats) -> dict:
    return {"moves": len(stats.latencies), "p50": percentile(stats.latencies, 0.5),
            "p99": percentile(stats.latencies, 0.99), "errors": stats.errors, "refusals": stats.refusals}


def scenario(soak: bool) -> dict:
    total = 60_000 if soak else 2_600  # each of the 11 kinds some 240 times; the depth is the soak's
    with running_server("fuzz", **SETTINGS) as server:
        facts = asyncio.run(run(server, total, random.Random(4)))
    q, flooding, loud = facts["quiet"], facts["flooding"], facts["loud"]
    print(f"fuzz: {facts['sent']} hostile messages ({', '.join(f'{k} {n}' for k, n in sorted(facts['kinds'].items()))}),"
          f" {len(facts['unanswered'])} unanswered, {facts['vanished']} dropped before their answer, {len(facts['closes'])} closed by the server, {len(facts['too_big'])} past the {FRAME_BYTES}-byte frame limit dropped by Daphne (codes {sorted(set(map(str, facts['too_big'])))}); flood: {facts['flooded']} messages in {facts['flood_rounds']} "
          f"bursts, closed with {sorted(set(map(str, facts['flood_codes'])))}; attacked table changed: "
          f"{facts['changed']}")
    print(f"other table, move latency: quiet p50 {q['p50']:.1f} ms p99 {q['p99']:.1f} ms ({q['moves']} moves);"
          f" one socket flooding p50 {flooding['p50']:.1f} ms p99 {flooding['p99']:.1f} ms ({flooding['moves']} moves,"
          f" p50 ×{flooding['p50'] / q['p50']:.2f} of quiet);"
          f" under the whole attack p50 {loud['p50']:.1f} ms p99 {loud['p99']:.1f} ms ({loud['moves']} moves);"
          f" errors {q['errors'] + flooding['errors'] + loud['errors']},"
          f" refusals {q['refusals'] + flooding['refusals'] + loud['refusals']}")
    return {**facts, "tracebacks": server.tracebacks(), "log_tail": server.logs()[-3000:]}

"""Hidden information on the wire (docs/design.md#hidden-cards-never-leave-their-seat): bot hands on the real
server — quick-match tables of a guest on auto-play and two bots — with every frame the guest's socket
receives kept. Afterwards each hand is replayed from its seed and action log (tests/faults/serverdb.py)
and each frame is read against the state it shows (its move number, and the seat's own cards):

- what a seat may see is the engine's seat_view and event_view (R3), the same definitions the in-process
  scramble test (tests/games/test_no_hidden_card_in_html.py) holds the rendered page to; and, as there,
  scrambling everything hidden from the seat (games.rules.checks.scrambled) must not change it;
- the hand fragment shows exactly the seat's own cards; each seat fragment exactly that seat's open
  cards and discards, and as many face-down backs as its wei, chou-wei and ti hide; the info fragment
  only the shown card and the card in play; the actions only the seat's own cards and the card in play;
  each log row one of the events as this seat saw them; the result nothing before the hand is over;
- no frame holds the hand's seed, the stock in its order, or another seat's hand in the engine's
  notation.
"""
from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from bench.load import BenchError, Guest

from games.rules import Event, HandState, event_view, seat_view
from games.rules import cards as C
from games.rules.checks import scrambled

from .kit import ROW, connect, quick_match_page, running_server, swaps, table_id

SETTINGS = {"BOT_DELAY": "0", "QUICK_MATCH_BOT_WAIT": "0.1", "TABLE_MESSAGES_PER_SECOND": "200",
            "TABLE_MESSAGE_BURST": "400"}
CARD = re.compile(r'<(i|button|span)\b[^>]*class="card( [a-z -]*)?"[^>]*>([^<]*)</\1>')
# The winning-card hints name cards the seat may win with, not cards it holds: their freedom from hidden
# information is the hints' own scramble test (tests/games/test_hints.py); here they are set aside.
HINTS = re.compile(r'<div class="hints".*?</div>', re.DOTALL)
OWN_CARDS = re.compile(r'<section id="my-hand"[^>]*>')
MOVE_NO = re.compile(r'id="table-version"[^>]*data-move-no="(\d+)"')
ME = re.compile(r'<section id="my-hand"[^>]* data-seat="(\d)"')
WHO = re.compile(r"<b>(.*?)</b>")
NAME = re.compile(r'<b class="name">(.*?)</b>')


def faces(html: str) -> tuple[Counter, int]:
    """The card faces shown in `html` (a multiset) and the number of face-down backs."""
    found = CARD.findall(html)
    return Counter(text for _tag, _cls, text in found if text), sum(1 for _t, cls, _x in found if "back" in cls)


def expected(state: HandState, seat: int, events: list[dict]) -> dict:
    """What each fragment may show this seat, from its view only."""
    view = seat_view(state, seat)
    current = view["current"]["card"] if view["current"] else None
    seats = {}
    for position, groups in enumerate(view["tables"]):
        shown = "".join(g["cards"] for g in groups) + view["piles"][position]
        backs = 0 if position == seat else sum(g["down"] for g in groups)
        seats[position] = (Counter(shown), backs)
    rows = Counter()
    for e in events:
        if e["n"] <= state.move_no:
            seen = event_view(Event(e["seat"], e["move"], tuple(C.parse(e["cards"]))), seat)
            rows[(e["seat"], e["move"], seen["cards"], seen.get("down", 0))] += 1
    return {"hand": view["hand"], "passed": view["passed"], "seats": seats, "rows": rows,
            "info": Counter(c for c in (view["shown_card"], current) if c),
            "actions": set(view["hand"]) | ({current} if current else set())}


def leaks(frame: str, state: HandState, seat: int, events: list[dict], seed: str, names: dict) -> list[str]:
    want = expected(state, seat, events)
    assert want == expected(scrambled(state, seat), seat, events), "the expectation reads a hidden card"
    out = []
    if len(seed) >= 6 and seed in frame:
        out.append("the hand's seed")
    stock = "".join(C.char(k) for k in state.stock)
    if len(stock) >= 6 and stock[:6] in frame:
        out.append("the stock in its order")
    # Another seat's hand, written as the engine writes a hand: the page writes one so only in the own
    # hand's data-cards, which a short hand of another seat can be a part of (one false alarm seen).
    elsewhere = OWN_CARDS.sub("", frame)
    for other in range(state.players):
        text = C.fmt(C.from_counts(state.hands[other]))
        if other != seat and len(text) >= 4 and text in elsewhere:
            out.append(f"seat {other}'s hand")
    who = {name: p for p, name in names.items()}
    for fid, how, part in swaps(frame):
        shown, backs = faces(HINTS.sub("", part) if fid == "my-hand" else part)
        if fid == "my-hand":
            cards = re.search(r'data-cards="([^"]*)"', part)
            own = Counter(want["hand"]) + Counter(want["passed"])
            if shown != own or backs or (cards and cards.group(1) != want["hand"]):
                out.append(f"my-hand shows {dict(shown)}, not the seat's own {want['hand']}")
        elif fid.startswith("seat-") and int(fid[5:]) < state.players:
            if (shown, backs) != want["seats"][int(fid[5:])]:
                out.append(f"{fid} shows {dict(shown)} and {backs} backs, not {want['seats'][int(fid[5:])]}")
        elif fid in ("table-info", "table-status") and shown - want["info"]:
            out.append(f"{fid} shows {dict(shown - want['info'])}")
        elif fid == "actions" and set(shown) - want["actions"]:
            out.append(f"actions show {set(shown) - want['actions']}")
        elif fid in ("event-log", "event-log-new"):
            for cls, row in ROW.findall(part):
                if cls == "announce":
                    continue
                seen, down = faces(row)
                name = WHO.search(row)
                by, move = who.get(name.group(1)) if name else None, cls.removeprefix("move-")
                if not any(s == by and m == move and Counter(c) == seen and d == down
                           for s, m, c, d in want["rows"]):
                    out.append(f"a log row {row!r} is none of the events as this seat saw them")
        elif fid == "result" and shown:
            out.append(f"the result shows {dict(shown)} before the hand is over")
    return out


async def play(base: str, hands: int, rng, pool, pages: list, played: dict) -> None:
    """A guest on auto-play (quick match: with two bots, or other such guests), "next" after each hand,
    until the tables have played `hands` hands in all (`played`: hands per table)."""
    page = await asyncio.get_running_loop().run_in_executor(pool, quick_match_page, Guest(base), rng, True)
    page = await connect(page)
    page.send_op({"op": "autoplay_on"})
    done = 0
    while sum(played.values()) < hands:
        await asyncio.sleep(0.02)
        if page.closed:
            raise BenchError(f"table {table_id(page)}: the socket closed ({page.closed})")
        if page.ready_form():
            version = page.version
            page.send(page.ready_form())
            deadline = time.monotonic() + 3
            while page.version == version and not page.closed and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            done += page.version != version
            played[table_id(page)] = max(played.get(table_id(page), 0), done)
    pages.append(page)


def scan(page, hands: list[dict]) -> tuple[int, list[str]]:
    """Each frame against the state it shows: (frames read, what leaked)."""
    states = [(HandState.from_json(s), h) for h in hands for s in h["states"]]
    seat, names, hand_text, scanned, out = None, {}, None, 0, []
    for n, frame in enumerate(page.frames):
        for fid, _how, part in swaps(frame):
            me = ME.search(part)
            if me:
                seat = int(me.group(1))
            name = NAME.search(part) if fid.startswith("seat-") else None
            if name:
                names[int(fid[5:])] = name.group(1)
            cards = re.search(r'data-cards="([^"]*)"', part) if fid == "my-hand" else None
            if cards:
                hand_text = cards.group(1)
        move_no = MOVE_NO.search(frame)
        if not move_no or seat is None:
            continue
        found = [(s, h) for s, h in states if s.move_no == int(move_no.group(1))
                 and C.fmt(C.from_counts(s.hands[seat])) == hand_text]
        if not found:
            out.append(f"table {table_id(page)} frame {n}: no state of its hands has move {move_no.group(1)} "
                       f"and the cards {hand_text}")
            continue
        state, hand = found[-1]
        if state.finished:
            continue  # once the hand is over every hand is shown (R3)
        scanned += 1
        out += [f"table {table_id(page)} frame {n} (hand {hand['number']}, move {state.move_no}): {what}"
                for what in leaks(frame, state, seat, hand["events"], hand["seed"], names)]
    return scanned, out


def scenario(soak: bool) -> dict:
    tables, hands = (10, 600) if soak else (5, 30)
    pages, played = [], {}
    # No sweeper: every table here is watched, and with the in-memory channel layer a move the sweeper
    # (another process) applies first reaches no page of Daphne's (see the report of issue 11).
    with running_server("frames", sweeper=False, **SETTINGS) as server:
        pool = ThreadPoolExecutor(4)

        async def run():
            await asyncio.wait_for(asyncio.gather(*(
                play(server.base, hands, random.Random(n), pool, pages, played) for n in range(tables))), 900 * (1 + soak))
        try:
            asyncio.run(run())
        finally:
            pool.shutdown(wait=False)
        for p in pages:
            p.close()
        by_table = {}
        for h in server.db("hands", "--states", *(str(table_id(p)) for p in pages)):
            by_table.setdefault(h["table"], []).append(h)
    scanned, problems, frames = 0, [], 0
    for page in pages:
        n, found = scan(page, by_table[table_id(page)])
        scanned, frames, problems = scanned + n, frames + len(page.frames), problems + found
    hands = sum(1 for hs in by_table.values() for h in hs if h["finished"] and h["log"])
    print(f"frames: {hands} bot hands at {len(pages)} tables, {frames} frames received, {scanned} read against "
          f"the state they show, {len(problems)} leaks")
    return {"hands": hands, "frames": frames, "scanned": scanned, "problems": problems[:50],
            "tracebacks": server.tracebacks(), "log_tail": server.logs()[-3000:]}

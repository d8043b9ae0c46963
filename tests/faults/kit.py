"""What the fault tests share: the real server (Daphne and the deadline sweeper as processes, on a fresh
database of their own: bench/load.py's), guests with real sessions over HTTP and their table sockets
(bench/load.py's Guest, room_create and Seat), each socket holding the page's view as htmx swaps it, and
reads of the server's database through tests/faults/serverdb.py in the server's environment."""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from autobahn.exception import Disconnected

from bench.load import (BenchError, Guest, Room, Seat, channel_layer, coin_seat, database, headers,
                        room_create, server_env)
from tests.browser.serverkit import ARTIFACTS, NO_ADDRESS_LIMITS, Daphne, Process, migrate

ROOT = Path(__file__).resolve().parents[2]
FAULTS = ARTIFACTS / "faults"  # the servers' logs and the database a test leaves for the ledger audit
CRASHED = 1011  # the close code of a socket whose server side failed
TRACEBACK = "Traceback (most recent call last)"


class Server:
    """Daphne on a fixed port and the sweeper, each killable and restartable on its own; their output
    (stderr included) in test-artifacts/faults/<name>-*.log, a restart's after the first run's."""

    def __init__(self, name: str, env: dict, sweeper: bool = True):
        self.name, self.env, self.with_sweeper = name, env, sweeper
        self.daphne = Daphne(f"faults/{name}-daphne", env)
        self.sweeper = Process(f"faults/{name}-sweeper", env,
                               ["manage.py", "run_timers", "--loop", "--interval", "0.2"])
        self.base, self.port = self.daphne.base, self.daphne.port

    def start(self) -> None:
        if self.with_sweeper:
            self.sweeper.start()
        self.daphne.start()

    def stop(self) -> None:
        self.daphne.stop()
        self.sweeper.stop()

    def kill(self, process: Process) -> None:
        """SIGKILL (no clean-up of any kind), then start it again."""
        process.stop(signal.SIGKILL)
        process.start()

    def logs(self) -> str:
        return "".join(p.log_path.read_text(errors="replace") for p in (self.daphne, self.sweeper))

    def tracebacks(self) -> int:
        return self.logs().count(TRACEBACK)

    def db(self, *args: str):
        """A read of this server's database (tests/faults/serverdb.py), as JSON."""
        run = subprocess.run([sys.executable, "-m", "tests.faults.serverdb", *args], cwd=ROOT, env=self.env,
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        return json.loads(run.stdout)

    def ledger_check(self) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "manage.py", "ledger_check"], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=300)


@contextlib.contextmanager
def running_server(name: str, keep: str | None = None, sweeper: bool = True, **settings: str):
    """A fresh database (SQLite, or with DATABASE_URL a PostgreSQL database of its own; `keep` leaves
    it in place afterwards, see bench.load.database), a Redis number of its own with REDIS_URL, migrated,
    then the server with these settings on top of the bench's (hour-long timers, no address limits);
    without the sweeper when `sweeper` is False."""
    FAULTS.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    with database(env, FAULTS, keep), channel_layer(env):
        env = {**server_env(env), **NO_ADDRESS_LIMITS, **settings}
        migrate(env)
        server = Server(name, env, sweeper)
        server.start()
        try:
            yield server
        finally:
            server.stop()


# ---- the page's view, as the htmx ws extension swaps a frame into it

SWAP = re.compile(r'<([a-z]+) id="([^"]+)"[^>]*? hx-swap-oob="([^"]+)"')
ROW = re.compile(r'<li class="([^"]+)">(.*?)</li>', re.DOTALL)
BASE = re.compile(r' data-base="[^"]*"')  # what a frame was diffed against: not part of what is shown
VERSION = re.compile(r'id="table-version"[^>]*data-version="(\d+)"')


def swaps(frame: str) -> list[tuple[str, str, str]]:
    """The frame's out-of-band elements: (id, how, html), each running until the next one."""
    starts = list(SWAP.finditer(frame))
    return [(m.group(2), m.group(3), frame[m.start():after.start() if after else len(frame)])
            for m, after in zip(starts, [*starts[1:], None])]


class Page(Seat):
    """One table socket of a guest, holding what the page shows: each fragment by id, the log's rows
    (the socket adds new ones at the top), and every frame received when `record` is set."""

    def __init__(self, guest: Guest, room: Room, rng, record: bool = False):
        super().__init__(guest.base.replace("http", "ws", 1) + room.ws_path, guest.base, guest.cookie(),
                         room.url, rng)
        self.guest, self.room = guest, room
        self.shown: dict[str, str] = {}
        self.rows: list[tuple[str, str]] = []
        self.version = -1
        self.frames_in = 0
        self.frames: list[str] | None = [] if record else None
        self.code: int | None = None

    def on_frame(self, at, payload) -> None:
        frame = payload.decode()
        self.frames_in += 1
        if self.frames is not None:
            self.frames.append(frame)
        for fid, how, part in swaps(frame):
            if how == "afterbegin:#event-log-list":
                self.rows[:0] = ROW.findall(part)
            elif how == "true":
                self.shown[fid] = part
                if fid == "event-log":
                    self.rows = ROW.findall(part)
        found = VERSION.search(frame)
        if found:
            self.version = int(found.group(1))
        super().on_frame(at, payload)

    def on_close(self, code, reason) -> None:
        self.code = code
        super().on_close(code, reason)

    def abort(self) -> None:
        """Drop the connection as a lost network does: no closing handshake."""
        self.closing = True
        if self.proto and self.proto.transport:
            self.proto.transport.abort()

    def send_raw(self, payload: bytes, binary: bool = False) -> None:
        """Any bytes as one frame (text unless `binary`); on a connection already lost, nothing."""
        try:
            self.proto.sendMessage(payload, isBinary=binary)
        except Disconnected:
            self.closed = self.closed or "disconnected"

    def send_op(self, form: dict) -> None:
        self.send({**form, "HEADERS": headers(self.page_url)})

    def seen(self) -> dict:
        """What the page shows, for comparing two pages: the fragments but the flash box and the log's
        frame, and the log's rows as many as a fresh page lists."""
        out = {fid: BASE.sub("", part) for fid, part in self.shown.items() if fid not in ("flash", "event-log")}
        out["rows"] = self.rows
        return out


def same_view(held: Page, fresh: Page) -> list[str]:
    """How the view a socket holds differs from a fresh socket's snapshot (the same version): fragment
    ids whose HTML differs; the held log may list more rows than a fresh page (it only grows)."""
    a, b = held.seen(), fresh.seen()
    events = [r for r in b.pop("rows") if r[0] != "announce"]
    held_events = [r for r in a.pop("rows") if r[0] != "announce"]
    diff = [fid for fid in b if a.get(fid) != b[fid]]
    if held_events[:len(events)] != events:
        diff.append("event-log rows")
    return diff


async def connect(page: Page, seconds: float = 20.0) -> Page:
    """Open the socket and wait for its snapshot, retrying while the server is down (a restart)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            await page.connect()
            await asyncio.wait_for(page.first, max(0.5, deadline - time.monotonic()))
            return page
        except (BenchError, OSError, asyncio.TimeoutError):
            if time.monotonic() > deadline:
                raise
            page.close()
            page = reopened(page)
            await asyncio.sleep(0.2)


def reopened(page: Page) -> Page:
    """A new socket for the same guest and table, as the page's reconnect opens."""
    return Page(page.guest, page.room, page.rng, record=page.frames is not None)


async def settle(pages: list[Page], above: int = -1, seconds: float = 5.0) -> bool:
    """Wait until every page shows the same version, above `above`; False after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        versions = {p.version for p in pages}
        if len(versions) == 1 and versions.pop() > above and not any(p.closed for p in pages):
            return True
        await asyncio.sleep(0.005)
    return False


def quick_match_page(guest: Guest, rng, record: bool = False) -> Page:
    """The guest takes a seat by quick match (bots fill the table after QUICK_MATCH_BOT_WAIT)."""
    return Page(guest, coin_seat(guest), rng, record)


def private_pages(base: str, rng, record: bool = False) -> list[Page]:
    """Three guests in a new private room (dealt when the third joins), one page each."""
    guests = [Guest(base) for _ in range(3)]
    room = room_create(guests)
    return [Page(g, room, rng, record) for g in guests]


def table_id(page: Page) -> int:
    return int(page.room.url.rstrip("/").rsplit("/", 1)[-1])


def next_sends(pages: list[Page]) -> list[tuple[Page, dict]] | None:
    """What the three players do next, from the forms on their screens: a move when a page offers one,
    else "next" from each page that offers it; None when neither (the series is over)."""
    mover = next((p for p in pages if p.move()), None)
    if mover:
        return [(mover, mover.move())]
    return [(p, p.ready_form()) for p in pages if p.ready_form()] or None

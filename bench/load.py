"""Load benchmark of the table's move path, against a floor, in the same run
(docs/design.md#one-move-end-to-end).

Starts the real server — Daphne serving bench/floor.py's ASGI app (the site, plus a bare floor consumer
at /ws/floor/<table>/) and the deadline sweeper (`manage.py run_timers --loop`) — on free loopback
ports with a fresh database of its own, then plays N tables as players play them, of two kinds dealt in
turn (--kinds): a private room of 3 guests (3 players, 8 hands, winning-card hints on as the form's
default: one creates it, the others join by its invite code) and a coin table of one guest seated by
quick match, bots in the two other seats (they sit down and move at once; coins are settled after each
hand; a guest whose coins fall short quick-matches again). Each guest signs in over HTTP with real
sessions and CSRF tokens (a guest's own hints are on, the profile's default) and opens the table's
websocket. A client keeps the oob fragments it is sent, by id, and plays a move read from them (the
ws-send forms of #actions and #my-hand) as a simple player chooses: hu, else peng, else pass, else a
random discard, else chi; it sends exactly what the htmx ws extension sends: the form's inputs (and the
card button clicked in the hand's one form), the move number of #table-version that table.js adds,
plus HEADERS. A finished hand is followed by "next"; a finished series by a new room.

Rounds alternate, project then floor (A B A B …), so both see the same machine noise; a round starts
once no socket has heard anything for 0.5 s (the last one is worked off), after 1 s of unreported
warm-up per side. Each table keeps one move in flight; a move counts when its update has reached all
the table's guests (a seat's update: its first frame after the send that holds more than the flash box).
Throughput is over the round's wall time, seating new rooms included (players wait for it too); the
figure with the seating left out is printed beside it. With --processes 1,K the two set-ups (each its
own servers, database and Redis number) play in one run, their rounds interleaved too (1 project,
1 floor, K project, K floor, …), and each K figure is set against the 1 of the same round.

    .venv/bin/python bench/load.py [--tables N] [--rounds R] [--seconds S]
    .venv/bin/python bench/load.py --tables 200 --paced 4 --duration 60
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/load.py --tables 10 --processes 1,2 --by-table

  --tables N     tables per side (default 1)
  --kinds K,…    the kinds of project table, dealt in turn (default private,coin)
  --rounds R     rounds per side (default 3; 1 with --paced)
  --seconds S    length of a closed-loop round: each table as fast as it can (default 10)
  --paced P      instead: each table one move every P seconds, rounds of --duration seconds (default 60)
  --processes K  K Daphne processes on K ports; a table's sockets are dealt round-robin between them
                 (needs REDIS_URL and a PostgreSQL DATABASE_URL); a list (1,2) plays those set-ups
                 interleaved in one run
  --by-table     with --processes: a table's sockets on one process (as a proxy that routes
                 /ws/table/<id>/ by its path does: README), so each change is read and rendered once
  --timeout T    hard limit for the whole run (default: from the options); the servers are always killed
  --bot-level L  the coin tables' bots play at level L (default normal; hard: searched by the sweeper's
                 worker, docs/design.md#bots-and-their-levels)
  --server-root D  serve the site of another checkout D (an earlier commit: bench/ab_commits.py), driven
                 by this file's players, so both are measured under the same load

Set-up: the embedded default is SQLite (a temporary file) and the in-memory channel layer. DATABASE_URL
→ PostgreSQL, in a database of the bench's own per set-up (paohuzi_bench_<pid>[_<n>], created and
dropped; the URL's own database is never touched). REDIS_URL → channels-redis, in an empty Redis database
number the bench claims per set-up, from 15 down (flushed when it ends; never the URL's). Human timers
and the next hand wait an hour, claim windows are off (CLAIM_WINDOW_SECONDS=0): nobody waits for a
person but the bench's own guests.

Per round and side: moves/s (moves whose updates reached the table's guests / the round's wall time),
latency from sending a move until all the table's guests have their update (p50, p99), median bytes per
seat per move, errors (socket closed, exception, timeout) and refusals (a flash error/info fragment in
reply: at a coin table, mostly a claim a bot's faster claim or the hand's end made stale). Then medians
per side, ratios project / floor, and the spread (min–max over rounds). Exit status 1 on any error.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import http.cookiejar
import json
import math
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from autobahn.asyncio.websocket import WebSocketClientFactory, WebSocketClientProtocol

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))
from bench.redis_claim import claimed_redis  # noqa: E402
from bench.static_once import collect_once  # noqa: E402
BIN = Path(sys.executable).parent
HOUR = "3600"
STEP_TIMEOUT = 30.0  # seconds a move may take to reach all three seats before it counts as an error
HTTP_WORKERS = 8
CONNECTS_AT_ONCE = 16
WARM_UP = 1.0  # seconds of unreported play per side first: caches, connections, the first renders


class BenchError(Exception):
    """An error of the run (socket closed, timeout, unexpected page): counted, and the exit status."""


class Refusal(Exception):
    """The server answered a move with a flash error/info fragment."""


# ---- the set-up: database, channel layer, servers


@contextlib.contextmanager
def database(env: dict, workdir: Path, keep: str | None = None, suffix: str = ""):
    """A fresh database of the bench's own: a SQLite file or a PostgreSQL database created next to
    DATABASE_URL's, named by the process (ending in `suffix`), removed afterwards. `keep` names one left in place for an audit after
    the run (the file workdir/<keep>.sqlite3, or the PostgreSQL database <keep>), made anew each run."""
    url = env.get("DATABASE_URL", "").strip()
    if not url:  # named by the process, as on PostgreSQL: runs side by side (xdist's workers) share no file
        path = workdir / f"{keep or f'bench_{os.getpid()}{suffix}'}.sqlite3"
        files = (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm")))
        for stale in files:
            stale.unlink(missing_ok=True)
        env["SQLITE_PATH"] = str(path)
        try:
            yield "sqlite"
        finally:
            for done in files if not keep else ():
                done.unlink(missing_ok=True)
        return
    import psycopg
    parts = urllib.parse.urlsplit(url)
    name = keep or f"paohuzi_bench_{os.getpid()}{suffix}"
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = parts._replace(path=f"/{name}").geturl()
    try:
        yield "postgres"
    finally:
        if not keep:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def channel_layer(env: dict):
    """REDIS_URL → a Redis database number of this run's own (`claimed_redis`); else the in-memory layer."""
    url = env.get("REDIS_URL", "").strip()
    if not url:
        yield "memory"
        return
    with claimed_redis(url) as env["REDIS_URL"]:
        yield f"redis db {urllib.parse.urlsplit(env['REDIS_URL']).path.strip('/')}"


def server_env(base: dict) -> dict:
    """The servers' environment: development settings without DEBUG (no query log), hour-long timers,
    and no per-socket message limit (a bench seat sends faster than a person: this measures the move
    path, not the limiter)."""
    env = {**base, "DJANGO_SETTINGS_MODULE": "paohuzi_site.settings.dev", "DEBUG": "0", "PYTHONUNBUFFERED": "1"}
    for name in ("TURN_SECONDS", "NEXT_HAND_WAIT"):
        env[name] = HOUR
    env.update(BOT_DELAY="0", QUICK_MATCH_BOT_WAIT="0")  # coin tables: bots sit down and move at once
    env["CLAIM_WINDOW_SECONDS"] = "0"  # no held claim windows: the seats' moves follow each other at once
    env.update(TABLE_MESSAGES_PER_SECOND="100000", TABLE_MESSAGE_BURST="100000",  # all guests come from
               GUESTS_PER_IP_PER_DAY="1000000", INVITE_LOOKUPS_PER_IP_PER_MINUTE="1000000")  # one address
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SERVED = {"root": ROOT}  # the checkout whose site the servers run (--server-root); this file drives it


def manage(env: dict, *args: str) -> None:
    subprocess.run([str(BIN / "python"), *args], cwd=SERVED["root"], env=env, check=True,
                   stdout=subprocess.DEVNULL, timeout=300)


class Servers:
    """K Daphne processes and one sweeper, each in its own process group, killed (and waited for) in
    stop() whatever happened; their output goes to log files shown when something fails."""

    def __init__(self, env: dict, processes: int, workdir: Path):
        self.env, self.workdir, self.procs = env, workdir, []
        self.ports = [free_port() for _ in range(processes)]

    def start(self) -> None:
        self._spawn("sweeper", [str(BIN / "python"), "manage.py", "run_timers", "--loop"])
        for port in self.ports:
            self._spawn(f"daphne-{port}", [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(port),
                                            "bench.floor:application"])
        for port in self.ports:
            self._wait_ready(port)

    def _spawn(self, name: str, argv: list[str]) -> None:
        with open(self.workdir / f"{name}.log", "wb") as log:  # the child keeps its own descriptor
            self.procs.append((name, subprocess.Popen(argv, cwd=SERVED["root"], env=self.env, stdout=log, stderr=log,
                                                      start_new_session=True)))

    def _wait_ready(self, port: int, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.check_alive()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise BenchError(f"Daphne on port {port} did not answer within {timeout:.0f} s")

    def check_alive(self) -> None:
        for name, proc in self.procs:
            if proc.poll() is not None:
                raise BenchError(f"{name} exited with status {proc.returncode}")

    def stop(self) -> None:
        for _, proc in self.procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        for _, proc in self.procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()

    def logs_tail(self, lines: int = 15) -> str:
        out = []
        for path in sorted(self.workdir.glob("*.log")):
            tail = path.read_text(errors="replace").splitlines()[-lines:]
            if tail:
                out.append(f"--- {path.name}\n" + "\n".join(tail))
        return "\n".join(out)


# ---- HTTP: a guest's session, as a browser keeps it


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VARIANT = re.compile(r'<select name="variant"[^>]*>(.*?)</select>', re.DOTALL)
OPTION = re.compile(r'<option value="([^"]+)"( selected)?')
INVITE = re.compile(r'id="invite-code">([^<]+)<')
WS_CONNECT = re.compile(r'ws-connect="([^"]+)"')


class Guest:
    """One person's browser over HTTP: a cookie jar, forms posted with their CSRF token."""

    def __init__(self, base: str):
        self.base, self.signed_in = base, False
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[str, str]:
        with self.opener.open(self.base + path, timeout=60) as r:
            return r.geturl(), r.read().decode()

    def post(self, path: str, page: str, fields: dict) -> tuple[str, str]:
        """Submit a form of `page` (its CSRF token); redirects are followed, as a browser does."""
        token = CSRF.search(page)
        if not token:
            raise BenchError(f"no CSRF token on the page before POST {path}")
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": token.group(1), **fields}).encode()
        with self.opener.open(self.base + path, data=data, timeout=60) as r:
            return r.geturl(), r.read().decode()

    def page(self, path: str) -> str:
        """`path` as this guest sees it, signing in as a guest from that page first (one click)."""
        _, html = self.get(path)
        if not self.signed_in:
            _, html = self.post("/accounts/guest/", html, {"next": path})
            self.signed_in = True
        return html

    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def variant_of(lobby: str) -> str:
    """The private-room form's variant, as the browser submits it untouched (selected, else first)."""
    select = VARIANT.search(lobby)
    options = OPTION.findall(select.group(1)) if select else []
    if not options:
        raise BenchError("the lobby shows no variant to create a private room with")
    return next((value for value, selected in options if selected), options[0][0])


@dataclass
class Room:
    url: str  # the table page (the socket's HX-Current-URL)
    ws_path: str


def room_create(guests: list[Guest]) -> Room:
    """The first guest creates a private room (3 players, 8 hands); the others join by its invite code,
    the last join deals. Returns the table page and its socket path (as the page gives them)."""
    owner, *others = guests
    lobby = owner.page("/play/")
    url, table_page = owner.post("/play/private/", lobby, {"variant": variant_of(lobby), "planned_hands": "8",
                                                           "player_count": "3", "hints": "on",
                                                           "turn_seconds": "0"})  # no timer, as the servers' hour-long ones
    code = INVITE.search(table_page)
    if not code:
        raise BenchError(f"creating a private room did not lead to its table page ({url})")
    for guest in others:
        join_url, _ = guest.post(f"/join/{code.group(1)}/", guest.page(f"/join/{code.group(1)}/"), {})
        if urllib.parse.urlsplit(join_url).path != urllib.parse.urlsplit(url).path:
            raise BenchError(f"joining room {code.group(1)} led to {join_url}, not {url}")
    return room_of(url, table_page)


def coin_seat(guest: Guest) -> Room:
    """Quick match (the lobby's button): the guest's highest tier, bots in the empty seats at once (no
    two bench guests share a table: they come from one address)."""
    url, table_page = guest.post("/play/quick/", guest.page("/play/"), {})
    if "/tables/" not in url:
        raise BenchError(f"quick match did not lead to a table page ({url})")
    return room_of(url, table_page)


def room_of(url: str, table_page: str) -> Room:
    ws = WS_CONNECT.search(table_page)
    if not ws:
        raise BenchError("the table page has no ws-connect")
    return Room(url=url, ws_path=html.unescape(ws.group(1)))


# ---- websockets (autobahn, which Daphne already depends on)


class _Protocol(WebSocketClientProtocol):
    def onMessage(self, payload, isBinary):
        Socket.last_frame = at = time.perf_counter()
        self.factory.owner.on_frame(at, payload)

    def onClose(self, wasClean, code, reason):
        self.factory.owner.on_close(code, reason)


class Socket:
    """A websocket whose next frame can be awaited: expect() before sending, then await it."""

    last_frame = 0.0  # when any socket last received a frame (perf_counter): see quiet()

    def __init__(self, url: str, origin: str, cookie: str = ""):
        self.url, self.origin, self.cookie = url, origin, cookie
        self.proto: _Protocol | None = None
        self.waiter: asyncio.Future | None = None
        self.closing, self.closed = False, None

    async def connect(self) -> None:
        parts = urllib.parse.urlsplit(self.url)
        factory = WebSocketClientFactory(self.url, origin=self.origin,
                                         headers={"Cookie": self.cookie} if self.cookie else None)
        factory.protocol, factory.owner = _Protocol, self
        factory.setProtocolOptions(utf8validateIncoming=False, openHandshakeTimeout=STEP_TIMEOUT)
        _, self.proto = await asyncio.get_running_loop().create_connection(factory, parts.hostname, parts.port)
        await asyncio.wait([self.proto.is_open, self.proto.is_closed], timeout=STEP_TIMEOUT,
                           return_when=asyncio.FIRST_COMPLETED)
        if not self.proto.is_open.done() or self.closed:
            raise BenchError(f"websocket {parts.path} did not open ({self.closed or 'timeout'})")

    def expect(self) -> asyncio.Future:
        """A future for the next frame that is an update: (arrival time, bytes)."""
        self.waiter = asyncio.get_running_loop().create_future()
        if self.closed:
            self.waiter.set_exception(BenchError(f"socket closed: {self.closed}"))
        return self.waiter

    def send(self, message: dict) -> None:
        if self.closed:
            raise BenchError(f"socket closed: {self.closed}")
        self.proto.sendMessage(json.dumps(message, ensure_ascii=False).encode())

    def on_frame(self, at: float, payload: bytes) -> None:
        self._resolve((at, len(payload)))

    def _resolve(self, value=None, error: Exception | None = None) -> None:
        waiter, self.waiter = self.waiter, None
        if waiter is None or waiter.done():
            return
        if error:
            waiter.set_exception(error)
        else:
            waiter.set_result(value)

    def on_close(self, code, reason) -> None:
        self.closed = f"code {code} {reason or ''}".strip()
        if not self.closing:
            self._resolve(error=BenchError(f"socket closed by the server: {self.closed}"))

    def close(self) -> None:
        """Close the socket; one still in its opening handshake (a table reseating when its run was
        cancelled) has no close frame to send: its connection is dropped."""
        self.closing = True
        if self.proto and not self.closed:
            if self.proto.is_open.done():
                self.proto.sendClose()
            elif self.proto.transport:
                self.proto.transport.abort()


# ---- the page as the htmx ws extension sees it: oob fragments by id, their ws-send forms


ROOT_TAG = re.compile(r'<[a-z]+ id="([^"]+)"[^>]*? hx-swap-oob="true"[^>]*>')  # only roots swap oob
FORM = re.compile(r"<form ws-send[^>]*>(.*?)</form>", re.DOTALL)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
BUTTON = re.compile(r'<button[^>]*? name="([^"]+)" value="([^"]*)"')  # a form of choices: the hand's cards
MOVE_NO = re.compile(r'id="table-version"[^>]*data-move-no="(\d*)"')
FLASH = re.compile(r'<div id="flash" class="flash(?: (error|info))?"[^>]*>(.*?)</div>', re.DOTALL)


def fragments(frame: str) -> dict[str, list[dict]]:
    """The frame's oob roots by id, each with the messages its ws-send forms send: their hidden inputs
    (op, action), one message per named button for a form of choices (the hand: which card to discard).
    The roots are concatenated, so each one runs until the next root's tag."""
    starts = list(ROOT_TAG.finditer(frame))
    roots = {}
    for this, after in zip(starts, [*starts[1:], None]):
        body = frame[this.end():after.start() if after else len(frame)]
        roots[this.group(1)] = [message for f in FORM.findall(body) for message in _messages(f)]
    return roots


def _messages(form: str) -> list[dict]:
    fields = {k: html.unescape(v) for k, v in HIDDEN.findall(form)}
    buttons = BUTTON.findall(form)
    return [{**fields, k: html.unescape(v)} for k, v in buttons] if buttons else [fields]


def refusal(frame: str) -> str | None:
    """The message of a flash error/info box in the frame (an empty box only clears the last one)."""
    flash = FLASH.search(frame)
    return html.unescape(flash.group(2)).strip() if flash and flash.group(1) else None


def headers(page_url: str) -> dict:
    """The HEADERS the htmx ws extension adds: the form is the trigger and target, without an id."""
    return {"HX-Request": "true", "HX-Trigger": None, "HX-Trigger-Name": None, "HX-Target": None,
            "HX-Current-URL": page_url}


class Seat(Socket):
    """A guest's table socket: keeps the forms of the fragments it was sent and plays from them. A frame
    is read for its forms only when they are asked for: the arrival of a seat's update is timed before
    the client parses anything (three seats' frames often arrive in one read of the event loop, and the
    floor's client parses nothing)."""

    def __init__(self, url: str, origin: str, cookie: str, page_url: str, rng: random.Random):
        super().__init__(url, origin, cookie)
        self.page_url, self.rng = page_url, rng
        self._forms: dict[str, list[dict]] = {}
        self._move_no = ""
        self._unread: list[str] = []  # frames received whose forms are not read yet, oldest first
        self.refused: asyncio.Future | None = None
        self.first: asyncio.Future | None = None
        self.lost = False  # the seat was taken away (a coin table's person short of its coins to enter)

    async def connect(self) -> None:
        self.first = self.expect()  # the full snapshot the consumer sends on connect
        await super().connect()

    def on_frame(self, at: float, payload: bytes) -> None:
        frame = payload.decode()
        roots = set(ROOT_TAG.findall(frame))
        self._unread.append(frame)
        why = refusal(frame) if "flash" in roots else None
        if "table-live" in roots:
            self.lost = True
            self._resolve(error=BenchError("the server took the seat away (#table-live replaced)"))
        elif why is not None and self.refused and not self.refused.done():
            self.refused.set_exception(Refusal(why))
        if roots - {"flash"}:  # a frame of only the flash box is no update
            self._resolve((at, len(payload)))

    def _read(self) -> None:
        for frame in self._unread:
            self._forms.update(fragments(frame))
            found = MOVE_NO.search(frame)
            if found:
                self._move_no = found.group(1)
        self._unread.clear()

    @property
    def forms(self) -> dict[str, list[dict]]:
        """The ws-send forms on screen, by fragment id."""
        self._read()
        return self._forms

    @property
    def move_no(self) -> str:
        """The page's move number (#table-version), which table.js adds to every move."""
        self._read()
        return self._move_no

    def offers(self, root: str, op: str) -> list[dict]:
        """The messages on screen for this op (a move needs its action: the hand's form holds none
        while no card may be discarded)."""
        return [f for f in self.forms.get(root, []) if f.get("op") == op and (op != "act" or "action" in f)]

    def move(self) -> dict | None:
        """A legal move from the forms on screen, as a simple player chooses: hu, else peng, else pass,
        else a random discardable card, else a chi (the first choice)."""
        acts = {}
        for f in self.offers("actions", "act"):
            acts.setdefault(f["action"].split(" ", 1)[0], f)
        discards = self.offers("my-hand", "act")
        form = (acts.get("hu") or acts.get("peng") or acts.get("pass")
                or (self.rng.choice(discards) if discards else None) or acts.get("chi")
                or next(iter(acts.values()), None))
        return form and {**form, "move_no": self.move_no, "HEADERS": headers(self.page_url)}

    def ready_form(self) -> dict | None:
        form = next(iter(self.offers("result", "next")), None)
        return form and {**form, "HEADERS": headers(self.page_url)}


# ---- tables: one move in flight each; a move counts when its update reached all three seats


@dataclass
class Stats:
    moves: dict = field(default_factory=dict)  # table → moves that reached all three seats
    latencies: list = field(default_factory=list)  # ms, send → the last of the three updates
    frames: list = field(default_factory=list)  # bytes of each seat's update
    errors: int = 0
    refusals: int = 0
    paused: dict = field(default_factory=dict)  # table → seconds spent seating a new room
    wall: float = 0.0

    def record(self, table: int, latency: float, sizes: list[int]) -> None:
        self.moves[table] = self.moves.get(table, 0) + 1
        self.latencies.append(latency)
        self.frames.extend(sizes)

    def rate(self) -> float:
        """Moves per second over the round's wall time, seating new rooms included (players wait for
        it too)."""
        return sum(self.moves.values()) / self.wall if self.wall else 0.0

    def rate_seated(self) -> float:
        """Moves per second with the seating left out: Σ over tables of moves / (wall − that table's
        seating), which is rate() when no table seated a new room."""
        return sum(m / max(1e-9, self.wall - self.paused.get(t, 0.0)) for t, m in self.moves.items())


async def exchange(mover: Socket, seats: list[Socket], message: dict) -> tuple[float, list[int]]:
    """Send one message, wait until every seat has its update: (ms until the last one, their sizes).
    A refusal to the mover ends the wait at once (the others are sent nothing then)."""
    updates = [s.expect() for s in seats]
    refused = asyncio.get_running_loop().create_future()
    if isinstance(mover, Seat):
        mover.refused = refused
    t0 = time.perf_counter()
    try:
        mover.send(message)
        while not all(u.done() for u in updates):
            left = t0 + STEP_TIMEOUT - time.perf_counter()
            if left <= 0:
                raise BenchError(f"an update did not reach all three seats within {STEP_TIMEOUT:.0f} s")
            await asyncio.wait([f for f in (*updates, refused) if not f.done()], timeout=left,
                               return_when=asyncio.FIRST_COMPLETED)
            for f in (refused, *updates):
                if f.done() and f.exception():
                    raise f.exception()
    finally:
        for f in (*updates, refused):
            f.cancel()
    arrivals = [u.result() for u in updates]
    return (max(t for t, _ in arrivals) - t0) * 1000, [size for _, size in arrivals]


class Table:
    """One table's three sockets and its loop; a table that failed sits out the rest of the run."""

    broken = False
    refusals_in_row = 0
    reseats_when_lost = False
    seats: list[Socket]

    async def play(self, until: float, pace: float | None, stats: Stats) -> None:
        """Steps until `until`: back to back, or paced (a move every `pace` seconds from a random phase,
        never a backlog; "next" and a new room take no slot)."""
        slot = time.perf_counter() + (random.uniform(0, pace) if pace else 0)
        while not self.broken and time.perf_counter() < until:
            if pace:
                if slot >= until:
                    break
                await asyncio.sleep(max(0.0, slot - time.perf_counter()))
            try:
                if await self.step(stats) and pace:
                    slot = max(slot + pace, time.perf_counter())
                self.refusals_in_row = 0
            except Refusal as e:
                stats.refusals += 1
                self.refusals_in_row += 1
                print(f"  refusal at {self.name}: {e}", flush=True)
                if self.refusals_in_row >= 3:
                    self.fail(stats, "three refusals in a row")
                else:
                    await self.after_refusal()
            except (BenchError, OSError) as e:
                if self.reseats_when_lost and any(getattr(seat, "lost", False) for seat in self.seats):
                    await self.reseat(stats)  # a player short of coins sits down again: quick match
                else:
                    self.fail(stats, str(e) or type(e).__name__)

    async def after_refusal(self) -> None:
        """What a table does before its next try after a refusal (nothing: it reads the same forms)."""

    def fail(self, stats: Stats, why: str) -> None:
        print(f"  error at {self.name}: {why}", flush=True)
        stats.errors += 1
        self.broken = True

    def close(self) -> None:
        for s in self.seats:
            s.close()


def seat_origins(number: int, ports: list[int], by_table: bool) -> list[str]:
    """The three seats' server addresses: round-robin over the processes, or all at one (by_table)."""
    return [f"http://127.0.0.1:{ports[(number if by_table else 3 * number + i) % len(ports)]}" for i in range(3)]


class FloorTable(Table):
    def __init__(self, number: int, ports: list[int], by_table: bool = False):
        self.name, self.key, self.turn = f"floor table {number}", number, 0
        origins = seat_origins(number, ports, by_table)
        self.seats = [Socket(o.replace("http", "ws", 1) + f"/ws/floor/{number}/", o) for o in origins]

    async def open(self) -> None:
        await asyncio.gather(*(s.connect() for s in self.seats))

    async def step(self, stats: Stats) -> bool:
        """The clients take turns, like seats; the message is shaped like a move."""
        self.turn += 1
        mover = self.seats[self.turn % 3]
        message = {"op": "act", "action": "pass", "move_no": str(self.turn), "HEADERS": headers(mover.origin + "/")}
        stats.record(self.key, *await exchange(mover, self.seats, message))
        return True


class ProjectTable(Table):
    """A table of the site played by guests over HTTP and websockets, as players play it."""

    kind = ""
    guest_count = 3

    def __init__(self, number: int, ports: list[int], pool: ThreadPoolExecutor, by_table: bool = False):
        self.name, self.key, self.pool = f"{self.kind} table {number}", number, pool
        self.origins = seat_origins(number, ports, by_table)[:self.guest_count]
        self.guests = [Guest(origin) for origin in self.origins]
        self.rng = random.Random(number)
        self.seats: list[Seat] = []

    def seat_guests(self) -> Room:
        raise NotImplementedError

    async def open(self) -> None:
        """The guests seated (a new room), and their sockets with each one's snapshot."""
        room = await asyncio.get_running_loop().run_in_executor(self.pool, self.seat_guests)
        self.name = f"{self.kind} table {room.url.rstrip('/').rsplit('/', 1)[-1]}"
        self.seats = [Seat(o.replace("http", "ws", 1) + room.ws_path, o, g.cookie(), room.url, self.rng)
                      for o, g in zip(self.origins, self.guests)]
        await asyncio.gather(*(s.connect() for s in self.seats))
        await asyncio.wait_for(asyncio.gather(*(s.first for s in self.seats)), STEP_TIMEOUT)

    async def reseat(self, stats: Stats) -> None:
        """A new room, its time noted (Stats.rate_seated leaves it out)."""
        t0 = time.perf_counter()
        self.close()
        await self.open()
        stats.paused[self.key] = stats.paused.get(self.key, 0.0) + time.perf_counter() - t0

    async def step(self, stats: Stats) -> bool:
        """A move if any seat has one (True); else "next" from a seat that offers it; else idle()."""
        for seat in self.seats:
            move = seat.move()
            if move:
                stats.record(self.key, *await exchange(seat, self.seats, move))
                return True
        for seat in self.seats:
            ready = seat.ready_form()
            if ready:
                await exchange(seat, self.seats, ready)
                return False
        await self.idle(stats)
        return False

    async def idle(self, stats: Stats) -> None:
        raise NotImplementedError


class PrivateTable(ProjectTable):
    """Three guests in a private room (3 players, 8 hands, hints on as the form's default): one creates
    it, two join by its invite code; a finished series is followed by a new room."""

    kind = "private"

    def seat_guests(self) -> Room:
        return room_create(self.guests)

    async def idle(self, stats: Stats) -> None:
        await self.reseat(stats)  # nothing on offer to anyone: the series is over


class CoinTable(ProjectTable):
    """One guest seated by quick match at a coin table, bots in the two other seats (they move at once):
    coins settled after each hand; a guest whose coins fall short is unseated and quick-matches again."""

    kind = "coin"
    guest_count = 1
    reseats_when_lost = True

    def seat_guests(self) -> Room:
        return coin_seat(self.guests[0])

    async def idle(self, stats: Stats) -> None:
        """The bots' turn (or the deal): wait for the next update."""
        await asyncio.wait_for(self.seats[0].expect(), STEP_TIMEOUT)

    async def after_refusal(self) -> None:
        """A claim refused as stale: a bot's claim or the hand's end overtook it, and its frame is here
        or on the way; the forms are read again once it came (or after a second)."""
        seat = self.seats[0]
        if not seat._unread:  # (a frame already here has it)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(seat.expect(), 1.0)


KINDS = {"private": PrivateTable, "coin": CoinTable}


# ---- rounds and figures


async def quiet(settle: float = 0.5, limit: float = 60.0) -> None:
    """Wait until no socket has received anything for `settle` seconds: a round never starts while the
    server still works off the last one (late updates of tables that timed out)."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end and time.perf_counter() - Socket.last_frame < settle:
        await asyncio.sleep(0.1)


async def run_round(tables: list[Table], length: float, pace: float | None) -> Stats:
    await quiet()
    stats = Stats()
    t0 = time.perf_counter()
    await asyncio.gather(*(t.play(t0 + length, pace, stats) for t in tables))
    stats.wall = time.perf_counter() - t0
    return stats


def percentile(values: list[float], q: float) -> float:
    """Nearest rank; NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def figures(stats: Stats) -> dict:
    return {"rate": stats.rate(), "seated": stats.rate_seated(), "p50": percentile(stats.latencies, 0.50),
            "p99": percentile(stats.latencies, 0.99), "frame": percentile(stats.frames, 0.50),
            "moves": sum(stats.moves.values()), "wall": stats.wall, "errors": stats.errors,
            "refusals": stats.refusals, "reseats": len(stats.paused)}


def line(label: str, f: dict) -> str:
    seated = f" (seating left out {f['seated']:.1f})" if f.get("reseats") else ""
    return (f"{label:<16} {f['moves']:>6} moves in {f['wall']:5.1f} s = {f['rate']:7.1f} moves/s{seated}"
            f"  p50 {f['p50']:7.2f} ms  p99 {f['p99']:7.2f} ms  frame {f['frame']:6.0f} B/seat/move"
            f"  errors {f['errors']}  refusals {f['refusals']}"
            + (f"  (new rooms {f['reseats']})" if f.get("reseats") else ""))


def _ratio(a: float, b: float) -> float:
    return a / b if b else math.nan


def summary(results: dict[str, list[dict]], setups: list[str]) -> list[str]:
    """Medians per side, project/floor per set-up (of the medians, and per round pair), the spread; with
    several set-ups, each one's figures against the first's, round by round (they ran interleaved)."""
    keys = ("rate", "seated", "p50", "p99", "frame")
    med = {side: {k: statistics.median(r[k] for r in rounds) for k in keys} for side, rounds in results.items()}
    out = []
    for side, m in med.items():
        rounds = results[side]
        out.append(f"median {side:<9} {m['rate']:7.1f} moves/s (seating left out {m['seated']:.1f})"
                   f"  p50 {m['p50']:7.2f} ms  p99 {m['p99']:7.2f} ms  frame {m['frame']:6.0f} B/seat/move"
                   f"  errors {sum(r['errors'] for r in rounds)}  refusals {sum(r['refusals'] for r in rounds)}")
    for setup in setups:
        p, f = med[f"project{setup}"], med[f"floor{setup}"]
        out.append(f"ratio project/floor{setup}: throughput {_ratio(p['rate'], f['rate']):.3f}×"
                   f" (seating left out {_ratio(p['seated'], f['rate']):.3f}×)  p50 {_ratio(p['p50'], f['p50']):.2f}×")
        pairs = list(zip(results[f"project{setup}"], results[f"floor{setup}"]))  # back to back
        if all(f["rate"] and f["p50"] for _p, f in pairs):
            rate_ratios = [p["rate"] / f["rate"] for p, f in pairs]
            p50_ratios = [p["p50"] / f["p50"] for p, f in pairs]
            out.append(f"ratio per round pair{setup}: throughput {min(rate_ratios):.3f}–{max(rate_ratios):.3f}×"
                       f"  p50 {min(p50_ratios):.2f}–{max(p50_ratios):.2f}×")
    for setup in setups[1:]:
        for side in ("project", "floor"):
            pairs = list(zip(results[side + setup], results[side + setups[0]]))
            rates = [_ratio(k["rate"], one["rate"]) for k, one in pairs]
            out.append(f"{side}{setup} / {side}{setups[0]}: throughput {_ratio(med[side + setup]['rate'], med[side + setups[0]]['rate']):.2f}×"
                       f" (per round {min(rates):.2f}–{max(rates):.2f}×)"
                       f"  p50 {_ratio(med[side + setup]['p50'], med[side + setups[0]]['p50']):.2f}×")
    for side, rounds in results.items():
        rates, p50s = [r["rate"] for r in rounds], [r["p50"] for r in rounds]
        out.append(f"spread {side:<9} moves/s {min(rates):.1f}–{max(rates):.1f}"
                   f"  p50 {min(p50s):.2f}–{max(p50s):.2f} ms  over {len(rounds)} round(s)")
    return out


async def connect_all(tables: list[Table]) -> None:
    """Open every table, a few at a time (the server renders a snapshot per socket)."""
    gate = asyncio.Semaphore(CONNECTS_AT_ONCE)

    async def one(table):
        async with gate:
            await table.open()
    await asyncio.gather(*(one(t) for t in tables))


def setup_label(processes: int, several: bool) -> str:
    """The suffix of a set-up's sides: none for a run of one set-up (project, floor), else ×K."""
    return f"×{processes}" if several else ""


async def bench(args, servers: list[Servers]) -> int:
    pool = ThreadPoolExecutor(HTTP_WORKERS)
    several = len(servers) > 1
    sides: dict[str, list[Table]] = {}
    for server in servers:
        label = setup_label(len(server.ports), several)
        sides[f"project{label}"] = [KINDS[args.kinds[n % len(args.kinds)]](n, server.ports, pool, args.by_table)
                                    for n in range(args.tables)]
        sides[f"floor{label}"] = [FloorTable(n, server.ports, args.by_table) for n in range(args.tables)]
    try:
        t0 = time.perf_counter()
        for tables in sides.values():
            await connect_all(tables)
        print(f"seated {sum(t.guest_count for t in next(iter(sides.values())))} guests at {args.tables} table(s)"
              f" ({', '.join(args.kinds)}) per set-up and opened their sockets in {time.perf_counter() - t0:.1f} s",
              flush=True)
        warm = [await run_round(tables, WARM_UP, None) for tables in sides.values()]  # not in the figures
        if any(w.errors or w.refusals for w in warm):
            print(f"warm-up: errors {sum(w.errors for w in warm)}  refusals {sum(w.refusals for w in warm)}")
        length = args.duration if args.paced else args.seconds
        results: dict[str, list[dict]] = {side: [] for side in sides}
        for n in range(1, args.rounds + 1):
            for side, tables in sides.items():
                f = figures(await run_round(tables, length, args.paced))
                results[side].append(f)
                print(line(f"round {n} {side}", f), flush=True)
        for text in summary(results, [setup_label(len(s.ports), several) for s in servers]):
            print(text)
        errors = sum(w.errors for w in warm) + sum(r["errors"] for rounds in results.values() for r in rounds)
        return 1 if errors else 0
    finally:
        for tables in sides.values():
            for t in tables:
                t.close()
        await asyncio.sleep(0.2)
        pool.shutdown(wait=False, cancel_futures=True)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--paced", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--processes", default="1", help="K, or a list 1,K of set-ups played interleaved")
    parser.add_argument("--kinds", default="private,coin")
    parser.add_argument("--by-table", action="store_true")
    parser.add_argument("--timeout", type=float, default=None)
    parser.add_argument("--server-root", type=Path, default=ROOT)
    parser.add_argument("--bot-level", choices=("easy", "normal", "hard"), default="normal")
    args = parser.parse_args(argv)
    SERVED["root"] = args.server_root.resolve()
    if args.rounds is None:
        args.rounds = 1 if args.paced else 3
    try:
        args.setups = [int(k) for k in args.processes.split(",")]
    except ValueError:
        parser.error("--processes: a number, or numbers separated by commas")
    args.kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    if not args.kinds or set(args.kinds) - set(KINDS):
        parser.error(f"--kinds: some of {', '.join(KINDS)}, separated by commas")
    if min(args.tables, args.rounds, *args.setups) < 1:
        parser.error("--tables, --rounds and --processes must be at least 1")
    if (max(args.setups) > 1 or len(args.setups) > 1) and not (
            os.environ.get("REDIS_URL", "").strip()
            and os.environ.get("DATABASE_URL", "").strip().startswith("postgres")):
        parser.error("--processes > 1 (or several set-ups) needs REDIS_URL (channels-redis: the in-memory layer"
                     " is one process's) and a PostgreSQL DATABASE_URL (the processes share one database)")
    if args.timeout is None:
        length = args.duration if args.paced else args.seconds
        args.timeout = 120 + 1.5 * args.tables * len(args.setups) + (
            2 * len(args.setups) * args.rounds * (length + STEP_TIMEOUT / 3) * 1.5)
    return args


def watchdog(seconds: float, servers: list[Servers]) -> threading.Timer:
    """The last resort of the hard limit, should the event loop be stuck: kill the servers, exit."""
    def fire():
        print(f"hard timeout: {seconds:.0f} s passed; killing the servers", file=sys.stderr, flush=True)
        for server in servers:
            server.stop()
        os._exit(3)
    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    return timer


def main(argv=None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="paohuzi-load-") as tmp, contextlib.ExitStack() as stack:
        servers, kinds = [], []
        for k in args.setups:  # each set-up its own database and Redis number: their table ids overlap
            env = dict(os.environ)
            workdir = Path(tmp) / f"setup-{len(servers)}"
            workdir.mkdir()
            suffix = f"_{len(servers)}" if servers else ""
            kinds.append(f"{stack.enter_context(database(env, workdir, suffix=suffix))}"
                         f" · {stack.enter_context(channel_layer(env))}")
            servers.append(Servers(server_env(env), k, workdir))
        mode = f"paced 1 move/{args.paced:g} s per table, {args.duration:g} s rounds" if args.paced \
            else f"closed loop, {args.seconds:g} s rounds"
        spread = " (a table's sockets at one)" if args.by_table and max(args.setups) > 1 else ""
        described = " vs ".join(f"{kind} · {len(s.ports)} Daphne process(es) on ports {','.join(map(str, s.ports))}"
                                for kind, s in zip(kinds, servers))
        print(f"load: {described}{spread} · {args.tables} table(s) ({', '.join(args.kinds)}) · {args.rounds} round(s)"
              f" per side, {'set-ups and ' if len(servers) > 1 else ''}project/floor interleaved · {mode}", flush=True)
        timer = watchdog(args.timeout + 20, servers)
        try:
            try:
                # the pages name hashed files; once per run, as the tests' servers (static_once.py)
                collect_once(SERVED["root"], lambda: manage(servers[0].env, "manage.py", "collectstatic", "--noinput"))
            except subprocess.CalledProcessError:
                if SERVED["root"] == ROOT:
                    raise
                # an earlier commit (--server-root) may predate collected static files: it serves them as they are
            for server in servers:
                manage(server.env, "manage.py", "migrate", "--noinput")
                manage(server.env, "bench/floor.py", "prepare", str(args.tables))
                if args.bot_level != "normal":  # the coin tables' bots play at this level (their tier's)
                    manage(server.env, "manage.py", "shell", "-c", "from games.models import RoomTier; "
                           f"RoomTier.objects.update(bot_level={args.bot_level!r})")
                server.start()
            left = args.timeout - (time.monotonic() - started)
            return asyncio.run(asyncio.wait_for(bench(args, servers), left))
        except TimeoutError:
            print(f"error: hard timeout: the run took more than {args.timeout:.0f} s", file=sys.stderr)
            print("\n".join(s.logs_tail() for s in servers), file=sys.stderr)
            return 1
        except (BenchError, OSError, subprocess.SubprocessError) as e:
            print(f"error: {type(e).__name__}: {e}", file=sys.stderr)
            print("\n".join(s.logs_tail() for s in servers), file=sys.stderr)
            return 1
        finally:
            for server in servers:
                server.stop()
            timer.cancel()


if __name__ == "__main__":
    sys.exit(main())

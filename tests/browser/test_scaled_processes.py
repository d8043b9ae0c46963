"""The scaled set-up in a real browser: two Daphne processes sharing one PostgreSQL database and one Redis
channel layer (README: DATABASE_URL, REDIS_URL), plus `manage.py run_timers --loop`.

Two people play a 2-player private room (changde, R2), each on a different process: A creates the room
through process 1, B joins by its invite code through process 2. Every move is a click; after each one
both pages must agree on what everybody can see (stock, piles, table groups, hand sizes, the card in
play) — a move made through one process reaches the page served by the other only through Redis. Then
process 2 is stopped, A moves while B is away, process 2 starts again on its port: B's page reconnects
by itself (the htmx ws extension, after an abnormal close), shows the move it missed, and play goes on
in both directions.

Runs only in the scaled pass of .ci/run (both DATABASE_URL and REDIS_URL set): it creates a database of
its own next to DATABASE_URL's and claims a Redis database number of its own, and removes both after.
On failure: screenshots and the pages' HTML in test-artifacts/, next to the processes' logs.
"""
from __future__ import annotations

import json
import os
import secrets
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

from bench.redis_claim import claimed_redis

from .serverkit import (ARTIFACTS, NO_ADDRESS_LIMITS, Daphne, Process, click_move, guest_in_lobby, launch_chromium,
                        migrate, offered_move, save_failure)

pytestmark = [pytest.mark.db_layer, pytest.mark.skipif(  # db_layer: .ci/run's PostgreSQL pass selects it
    not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
    reason="scaled set-up only: needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis), "
           "as in .ci/run's second pass")]

MOVES_BEFORE_RESTART = 10  # clicks through both processes before process 2 restarts
MOVES_IN_ALL = 20  # clicks in all (a finished hand goes on with "next hand")
PROMPT = 3.0  # seconds: a move must reach the other process's page within this
QUIET = 6.5  # seconds nobody moves (longer than redis-py's default 5 s read timeout)
RECONNECT = 20.0  # seconds for B's page to reconnect (the extension's jittered backoff: 1 s, 2 s, 4 s, …)
MOVES = ("#act-hu", "#act-peng", "#act-pass", "#my-hand form.discard button", "#next-hand")

# Records the page's socket opens and close codes, and reads what every seat can see, by absolute seat.
PAGE_SCRIPT = """
window.__ws = {opens: 0, closes: []};
document.addEventListener("htmx:wsOpen", () => window.__ws.opens++);
document.addEventListener("htmx:wsClose", e => window.__ws.closes.push(e.detail.event.code));
window.__public = () => {
  const seats = [0, 1, 2, 3].map(p => {
    const el = document.getElementById("seat-" + p);
    if (!el || el.classList.contains("absent")) return null;
    const meta = el.querySelector(".meta");
    const size = el.closest(".slot.me") ? document.querySelectorAll("#my-hand .columns .card").length
      : meta && Number((meta.textContent.match(/(\\d+)\\s*$/) || [])[1]);
    return {pile: (el.querySelector(".pile") || {}).textContent || "", hand: size,
            groups: [...el.querySelectorAll(".group")].map(
              g => [...g.classList].filter(c => c.startsWith("kind-")).join(" ") + ":" +
                   g.querySelectorAll(".card").length)};  // the page's motion classes come and go
  });
  const stock = document.getElementById("stock-count");
  return JSON.stringify({
    stock: stock && stock.dataset.stock, seats,
    current: [...document.querySelectorAll("#status-line .current .card")].map(c => c.textContent).join(""),
    over: !!document.querySelector("#result:not(.hidden)")});
};
"""


# ---- a database and a Redis database of the test's own


def _with_path(url: str, path: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=path))


@pytest.fixture(scope="module")
def database():
    """A fresh PostgreSQL database beside DATABASE_URL's (same server and user); dropped afterwards."""
    import psycopg

    name = f"paohuzi_scaled_{secrets.token_hex(4)}"
    admin = _with_path(os.environ["DATABASE_URL"], "/postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_path(os.environ["DATABASE_URL"], "/" + name)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def redis_url():
    """A Redis database number nobody uses, claimed as the bench and the fault tests claim theirs (one
    key, set atomically: two runs side by side never share one), emptied afterwards."""
    with claimed_redis(os.environ["REDIS_URL"]) as url:
        yield url


@pytest.fixture(scope="module")
def servers(database, redis_url):
    """Two Daphne processes and the deadline sweeper, on the same database and channel layer."""
    env = {**os.environ, **NO_ADDRESS_LIMITS, "DATABASE_URL": database, "REDIS_URL": redis_url,
           "DJANGO_SETTINGS_MODULE": "paohuzi_site.settings.dev", "DEBUG": "0", "PYTHONUNBUFFERED": "1",
           "TURN_SECONDS": "300", "NEXT_HAND_WAIT": "300", "BOT_DELAY": "0.05",
           "CLAIM_WINDOW_SECONDS": "0.05"}
    migrate(env)
    one, two = Daphne("scaled-server-1", env), Daphne("scaled-server-2", env)
    timers = Process("scaled-timers", env, ["manage.py", "run_timers", "--loop", "--interval", "0.5"])
    try:
        for process in (timers, one, two):
            process.start()
        yield one, two
    finally:
        for process in (one, two, timers):
            process.stop()


# ---- two people, two pages


@dataclass
class Player:
    name: str
    page: Page
    seen: list[float] = field(default_factory=list)  # seconds from this player's click to both pages agreeing

    def public(self) -> str:
        return self.page.evaluate("window.__public()")

    def socket(self) -> dict:
        return self.page.evaluate("window.__ws")


def _both_agree(a: Player, b: Player, seconds: float = PROMPT) -> str:
    """Wait until both pages show the same public view; returns it."""
    deadline = time.monotonic() + seconds
    while True:
        view_a, view_b = a.public(), b.public()
        if view_a == view_b:
            return view_a
        if time.monotonic() > deadline:
            raise AssertionError(f"the pages disagree after {seconds} s:\nA {view_a}\nB {view_b}")
        time.sleep(0.03)


def _move(mover: Player, a: Player, b: Player) -> bool:
    """`mover` clicks what its page offers; both pages must then agree. True if the move went through."""
    before = _both_agree(a, b)
    started = time.monotonic()
    if not click_move(mover.page, offered_move(mover.page, MOVES)):
        return False
    after = _both_agree(a, b)
    if after != before:  # seen by the other player, through the other process
        mover.seen.append(time.monotonic() - started)
    return True


def _play(a: Player, b: Player, deadline: float, done: Callable[[int], bool],
          movers: tuple[Player, ...] | None = None) -> int:
    """Click moves, whoever has one (B first), until `done(clicks made)`; returns the clicks made."""
    made = 0
    while not done(made):
        assert time.monotonic() < deadline, f"the time budget ran out after {made} more moves"
        mover = next((p for p in movers or (b, a) if offered_move(p.page, MOVES)), None)
        if mover is None:
            time.sleep(0.05)
            continue
        made += _move(mover, a, b)
    return made


def _over(player: Player) -> bool:
    return json.loads(player.public())["over"]


def _turn_to_auto_play(a: Player, b: Player, deadline: float) -> int:
    """B turns to auto-play in a hand still running; returns the clicks made. The stock's last cards may
    be turned over with nobody to click (no claim on them) and end the hand while B reaches for the
    button (seen once on a slow machine): then both go on to the next hand and B tries again."""
    made = 0
    while not b.page.locator("#im-back").is_visible():
        assert time.monotonic() < deadline, "B never turned to auto-play"
        made += _play(a, b, deadline, lambda n: not _over(a))  # both click "next hand" if it is over
        try:
            b.page.click("#auto-play", timeout=2000)
            b.page.wait_for_selector("#im-back", timeout=PROMPT * 1000)
        except PlaywrightError:
            continue
    return made


def _open_player(browser, name: str) -> Player:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    context.add_init_script(PAGE_SCRIPT)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return Player(name, page)


def _changde_pk(database: str) -> int:
    import psycopg

    with psycopg.connect(database) as conn:
        return conn.execute("SELECT id FROM games_variant WHERE slug = 'changde'").fetchone()[0]


def test_two_processes_share_one_table_and_survive_a_restart(servers, database):
    one, two = servers
    started = time.monotonic()
    deadline = started + 60
    with sync_playwright() as p:
        browser = launch_chromium(p)
        a, b = _open_player(browser, "a"), _open_player(browser, "b")
        try:
            # A, on process 1: a private room for two, changde (R2: 2 or 3 players)
            guest_in_lobby(a.page, one.base)
            a.page.select_option("#id_variant", str(_changde_pk(database)))
            a.page.select_option("#id_player_count", "2")
            a.page.select_option("#id_turn_seconds", "0")  # the quiet spell and the restart outlast 20 s
            a.page.click("#create-room")
            a.page.wait_for_url("**/tables/*/")
            code = a.page.inner_text("#invite-code").strip()
            a.page.wait_for_function("window.__ws.opens === 1")

            # B, on process 2: joins by the code; the deal reaches A's open page through Redis
            guest_in_lobby(b.page, two.base)
            b.page.fill("#id_code", code)
            b.page.click("#join-room")
            b.page.click("#join-seat")
            b.page.wait_for_url("**/tables/*/")
            b.page.wait_for_function("window.__ws.opens === 1")
            a.page.wait_for_selector("#stock-count", timeout=PROMPT * 1000)  # no reload: through Redis only
            _both_agree(a, b)

            # A quiet spell longer than a Redis read's default timeout (5 s): both sockets stay open.
            time.sleep(QUIET)
            assert a.socket() == b.socket() == {"opens": 1, "closes": []}, "a socket closed while idle"

            made = _play(a, b, deadline, lambda n: n >= MOVES_BEFORE_RESTART)

            # Process 2 goes down while only A may move: A moves through process 1 while B is away.
            made += _play(a, b, deadline,
                          lambda n: offered_move(a.page, MOVES) and not offered_move(b.page, MOVES))
            missed = a.public()
            two.stop()
            b.page.wait_for_function("window.__ws.closes.length >= 1")
            assert click_move(a.page, offered_move(a.page, MOVES))
            made += 1
            assert b.public() == missed, "B's page changed while its process was down"
            down = time.monotonic()
            two.start()
            up = time.monotonic()
            b.page.wait_for_function("window.__ws.opens === 2", timeout=RECONNECT * 1000)
            restart, reconnected = up - down, time.monotonic() - up
            assert _both_agree(a, b) != missed  # the snapshot on connect shows B the move it missed

            # Play on: moves still cross between the processes, both ways.
            crossed = len(a.seen), len(b.seen)
            # Until at least 3 have crossed each way in all (a pass changes nothing the other page shows).
            made += _play(a, b, deadline, lambda n: made + n >= MOVES_IN_ALL
                          and len(a.seen) >= max(3, crossed[0] + 1) and len(b.seen) >= max(3, crossed[1] + 1))
            latencies = a.seen + b.seen

            # B turns to auto-play through process 2: B's moves are now due deadlines, applied by whichever
            # process sees them first (both consumers and the sweeper race for the lock), until the hand ends.
            made += _turn_to_auto_play(a, b, deadline)
            made += _play(a, b, deadline, lambda n: _over(a), movers=(a,))
            _both_agree(a, b)
            assert a.page.inner_text("#result h2") == b.page.inner_text("#result h2")
            for player in (a, b):
                player.page.screenshot(path=ARTIFACTS / f"scaled-result-{player.name}.png", full_page=True)

            assert len(a.seen) >= 3 and len(b.seen) >= 3, "too few moves crossed between the processes"
            assert a.socket() == {"opens": 1, "closes": []}, "A's socket closed (process 1 never restarted)"
            assert b.socket()["opens"] == 2 and set(b.socket()["closes"]) == {1006}
            assert max(latencies) < PROMPT
            print(f"{made} clicks; moves seen on the other process: A→B {len(a.seen)}, B→A {len(b.seen)}, "
                  f"median {statistics.median(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms; "
                  f"process 2 up again in {restart:.1f} s, B's page reconnected {reconnected:.1f} s later "
                  f"(close codes {b.socket()['closes']}); {time.monotonic() - started:.1f} s")
        except BaseException:
            save_failure(a.page, "scaled-failure-a")
            save_failure(b.page, "scaled-failure-b")
            raise
        finally:
            browser.close()


def test_a_club_lobby_is_live_across_the_two_processes(servers):
    """The club lobby (clubs.live) scaled: the owner's page is served by process 1, a friend's by
    process 2. Each shows the other among the members online (presence in the shared cache, Redis),
    and the friend's tap through process 2 shows on the owner's page through Redis, never reloaded."""
    from .phonekit import DESKTOP, PHONE
    from .test_club_lobby import club_created, signed_up

    one, two = servers
    with sync_playwright() as p:
        browser = launch_chromium(p)
        owner = signed_up(browser, one.base, "scaled-owner", PHONE)
        friend = signed_up(browser, two.base, "scaled-friend", DESKTOP)
        try:
            number = club_created(owner, one.base)
            friend.goto(f"{two.base}/clubs/join/{number}/")
            friend.click("#club-invite-join")
            friend.wait_for_url(f"**/clubs/{number}/")
            owner.goto(f"{one.base}/clubs/{number}/")
            for page in (owner, friend):
                page.wait_for_selector("#club-live[data-connection=open]")
            for page in (owner, friend):
                page.wait_for_function("() => ['scaled-owner', 'scaled-friend'].every("
                                       "n => document.getElementById('club-online').textContent.includes(n))")
            owner.evaluate("window.notReloaded = true")
            friend.click("#club-rule-sets button")
            friend.wait_for_url("**/tables/*/")
            shown = "n => document.getElementById('club-waiting').textContent.includes(n)"
            owner.wait_for_function(shown, arg="scaled-friend", timeout=PROMPT * 1000)
            gone = "n => !document.getElementById('club-online').textContent.includes(n)"
            owner.wait_for_function(gone, arg="scaled-friend", timeout=PROMPT * 1000)
            assert owner.evaluate("window.notReloaded") is True
        except BaseException:
            for n, page in enumerate((owner, friend)):
                save_failure(page, f"scaled-club-{n}")
            raise
        finally:
            browser.close()

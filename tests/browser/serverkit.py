"""What the browser tests share: the site served by a real Daphne process on a free loopback port,
Debian's chromium driven by Playwright, and failure evidence in test-artifacts/ (gitignored)."""
from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

from bench.static_once import collect_once

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
# Daphne's options as bin/serve passes them (the websocket frame limit): the tests' server is the one served.
DAPHNE_LIMITS = re.search(r'^LIMITS="(.*)"$', (ROOT / "bin" / "serve").read_text(), re.MULTILINE).group(1).split()
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


# Every browser test's visitors come from 127.0.0.1: the per-address limits (guests, invite look-ups,
# log-ins; tests/accounts/test_throttles.py tests them) would refuse the test's own players.
NO_ADDRESS_LIMITS = {"GUESTS_PER_IP_PER_DAY": "1000000", "SIGNUPS_PER_IP_PER_DAY": "1000000",
                     "INVITE_LOOKUPS_PER_IP_PER_MINUTE": "1000000",
                     "LOGIN_FAILURES_ALLOWED_PER_IP": "1000000"}


def server_env(db: Path, **overrides: str) -> dict[str, str]:
    """A site on a fresh SQLite file and the in-memory layer whatever the CI run uses: fast bots, long
    human timers, claim privacy on with a short window; `overrides` set or replace settings."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(NO_ADDRESS_LIMITS)
    env.update(DJANGO_SETTINGS_MODULE="paohuzi_site.settings.dev", DEBUG="0", SQLITE_PATH=str(db),
               QUICK_MATCH_BOT_WAIT="0.5", BOT_DELAY="0.05", TURN_SECONDS="60", NEXT_HAND_WAIT="60",
               CLAIM_WINDOW_SECONDS="0.05", COIN_ROOM_VARIANT="changde", PYTHONUNBUFFERED="1")
    env.update(overrides)
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, timeout=120)


def _migrations() -> str:
    """A fingerprint of what `migrate` builds: every migration of the project, and the installed
    packages' (Django's own apps), which change only with requirements.txt."""
    files = sorted(p for p in ROOT.glob("*/migrations/*.py"))
    digest = hashlib.sha256((ROOT / "requirements.txt").read_bytes())
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def migrate(env: dict[str, str]) -> None:
    """The (new, empty) database of `env` migrated to the head, as a copy of a migrated template made
    once per set of migrations, under an exclusive lock (xdist's workers and the fault scenarios share
    it): migrating anew costs ~3 s (SQLite) to ~4 s (PostgreSQL) against a fraction of a second for the
    copy, and the browser and fault tests start ~40 servers."""
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "migrated.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if env.get("DATABASE_URL"):
            _copy_postgres_template(env)
            return
        template = ARTIFACTS / f"migrated-{_migrations()}.sqlite3"
        if not template.is_file():
            for stale in ARTIFACTS.glob("migrated-*.sqlite3*"):
                stale.unlink()
            partial = template.with_name(template.name + ".partial")
            partial.unlink(missing_ok=True)
            manage({**env, "SQLITE_PATH": str(partial)}, "migrate", "--noinput", "-v", "0")
            db = sqlite3.connect(partial)
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.close()  # the last connection: every page is in the main file, the -wal and -shm gone
            os.replace(partial, template)
        shutil.copyfile(template, env["SQLITE_PATH"])


def _copy_postgres_template(env: dict[str, str]) -> None:
    """DATABASE_URL's database made anew from the template database `paohuzi_migrated_<fingerprint>`
    (PostgreSQL copies it file by file), which is migrated first if missing; older ones are dropped."""
    import psycopg  # the scaled set-up's driver: only when DATABASE_URL is set

    parts = urllib.parse.urlsplit(env["DATABASE_URL"])
    name, template = parts.path.lstrip("/"), f"paohuzi_migrated_{_migrations()}"
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as admin:
        known = {row[0] for row in admin.execute("SELECT datname FROM pg_database WHERE datname LIKE 'paohuzi_migrated_%'")}
        if template not in known:
            for stale in known:
                admin.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
            partial = template + "_partial"
            admin.execute(f'DROP DATABASE IF EXISTS "{partial}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{partial}"')
            manage({**env, "DATABASE_URL": parts._replace(path=f"/{partial}").geturl()}, "migrate", "--noinput",
                   "-v", "0")
            admin.execute(f'ALTER DATABASE "{partial}" RENAME TO "{template}"')
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')


class Process:
    """A command of the project run in the background, its output in test-artifacts/<name>.log (each
    start appends, so a restart's log follows the first run's)."""

    def __init__(self, name: str, env: dict[str, str], args: list[str]):
        self.name, self.env, self.args = name, env, args
        self.log_path = ARTIFACTS / f"{name}.log"
        self.proc: subprocess.Popen | None = None
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path.write_text("")

    def start(self) -> None:
        with self.log_path.open("a") as log:
            self.proc = subprocess.Popen([sys.executable, *self.args], cwd=ROOT, env=self.env, stdout=log,
                                         stderr=subprocess.STDOUT)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def collect_static(env: dict[str, str]) -> None:
    """The hashed and compressed static files a site with DEBUG off names and serves, as `make serve`
    collects them: once for the whole run (bench/static_once.py says why)."""
    collect_once(ROOT, lambda: manage(env, "collectstatic", "--noinput", "-v", "0"))


class Daphne(Process):
    """The site served on 127.0.0.1:<port> (a free one unless given: a restart keeps its port), its
    static files collected first."""

    def __init__(self, name: str, env: dict[str, str], port: int | None = None):
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        super().__init__(name, env, ["-m", "daphne", *DAPHNE_LIMITS, "-b", "127.0.0.1", "-p", str(self.port),
                                     "paohuzi_site.asgi:application"])

    def start(self) -> None:
        collect_static(self.env)
        super().start()
        self.wait_up()

    def wait_up(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited ({self.proc.returncode}): see {self.log_path}")
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"daphne did not answer within {seconds} s: see {self.log_path}")


@contextmanager
def served(name: str, env: dict[str, str]):
    """The site migrated and served by Daphne (log: test-artifacts/<name>.log) while the block runs."""
    migrate(env)
    daphne = Daphne(name, env)
    try:
        daphne.start()
        yield daphne
    finally:
        daphne.stop()


def launch_chromium(playwright):
    # Never skipped for want of the browser (it must run in CI): a machine without it fails, saying why.
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk"
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


# What a player clicks, in this order of preference: hu, peng, pass, else a card of the hand (a discard).
MOVES = ("#act-hu", "#act-peng", "#act-pass", "#my-hand form.discard button")


def offered_move(page: Page, moves: tuple[str, ...] = MOVES) -> Locator | None:
    """The first of these buttons the page shows, or None."""
    for selector in moves:
        button = page.locator(selector).first
        if button.count() and button.is_visible():
            return button
    return None


def click_move(page: Page, button: Locator) -> bool:
    """Click it (a card of the hand twice: the first tap only chooses it); True once the move's
    fragments replaced it (a refused or late click leaves it)."""
    try:
        clicked = button.element_handle(timeout=1000)
        clicked.click(timeout=1000)
        if clicked.evaluate("b => b.isConnected && !!b.closest('#my-hand')"):
            clicked.click(timeout=1000)
        page.wait_for_function("b => !b.isConnected", arg=clicked, timeout=3000)
        return True
    except PlaywrightError:  # swapped out before the click, or no update yet
        return False


def guest_in_lobby(page: Page, base: str) -> None:
    """A new visitor plays as a guest: one click on the home page makes the account, then the lobby."""
    page.goto(base + "/")
    page.click("#play-as-guest")
    page.wait_for_url("**/play/")


def guest_at_quick_match(page: Page, base: str) -> None:
    """A new guest takes a seat by quick match: the table's page (bots fill it after QUICK_MATCH_BOT_WAIT)."""
    guest_in_lobby(page, base)
    page.click("#quick-match")
    page.wait_for_url("**/tables/*/")


def lost_spy(live_id: str) -> str:
    """A script for page.evaluate that records when the live element's socket first closed and when the
    page first said so (window.lostAt, window.saidAt: performance.now(), ms)."""
    return """() => {
  window.lostAt = window.saidAt = null;
  const flash = document.getElementById('flash');
  document.getElementById('%s').addEventListener('htmx:wsClose', () => { window.lostAt ??= performance.now(); });
  new MutationObserver(() => { if (flash.classList.contains('offline')) window.saidAt ??= performance.now(); })
    .observe(flash, {attributes: true});
}""" % live_id


def save_failure(page: Page, name: str) -> None:
    """A screenshot and the page's HTML in test-artifacts/, for whoever reads the CI log."""
    try:
        page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)
        (ARTIFACTS / f"{name}.html").write_text(page.content(), encoding="utf-8")
    except PlaywrightError:
        pass

"""Where a move's round trip goes in a real browser at a bot-filled coin table, with the site's timers.

Serves the site as the browser tests do (tests/browser/serverkit.py: collected static files, DEBUG off)
but with the default BOT_DELAY and CLAIM_WINDOW_SECONDS, seats a guest by quick match in Debian's
chromium, and plays by clicks (hu, peng, pass, else a discard by two taps) for --seconds. The page's own
clock (performance.now, from an init script) times each move: the click to the socket's send (htmx and
table.js), the send to the first frame back (the server and the loopback), that frame to the end of
htmx's swap of it. Prints p50 and p90 of each, per kind of move.

    .venv/bin/python bench/click_to_frame.py [--seconds 60] [--bot-delay 1] [--claim-window 1]

Run py-spy beside it (`py-spy record --pid <daphne's pid>`, the pid is printed) for the server's side.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.phonekit import DESKTOP, guest_at_table  # noqa: E402
from tests.browser.serverkit import launch_chromium, offered_move, served, server_env  # noqa: E402

# The page's clock: every click (capture phase), every socket send, and each frame as the ws extension
# starts and ends its swap (event.timeStamp would be the frame's arrival, but the ext re-dispatches).
SPIES = """
window.__t = {clicks: [], sends: [], frames: [], swaps: []};
document.addEventListener("click", () => __t.clicks.push(performance.now()), true);
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  __t.sends.push(performance.now());
  return send.call(this, data);
};
document.addEventListener("htmx:wsBeforeMessage", () => __t.frames.push(performance.now()));
document.addEventListener("htmx:wsAfterMessage", () => __t.swaps.push(performance.now()));
"""


def after(times: list[float], t: float) -> float | None:
    return next((x for x in times if x >= t), None)


def play(page, seconds: float) -> dict[str, list[tuple[float, float, float]]]:
    """Moves by clicks for `seconds`; per kind of move (the button's id or "discard"), its (click → send,
    send → first frame, frame → swapped) in ms."""
    timed: dict[str, list[tuple[float, float, float]]] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        move = offered_move(page)
        if move is None:
            page.wait_for_timeout(50)
            continue
        kind = move.get_attribute("id") or "discard"
        sent = page.evaluate("__t.sends.length")
        try:
            move.click(timeout=1000)
            if kind == "discard":
                move.click(timeout=1000)  # the second tap discards the chosen card
            page.wait_for_function(f"__t.sends.length > {sent} && __t.swaps.length && __t.swaps.at(-1) >"
                                   f" __t.sends[{sent}]", timeout=5000)
        except PlaywrightError:  # swapped out meanwhile
            continue
        t = page.evaluate(f"(() => {{const s = __t.sends[{sent}]; return [__t.clicks.filter(c => c <= s).at(-1),"
                          f" s, __t.frames.find(f => f >= s), __t.swaps.find(w => w >= s)];}})()")
        click, send, frame, swap = t
        if None not in t:
            timed.setdefault(kind, []).append((send - click, frame - send, swap - frame))
        page.wait_for_timeout(150)
    return timed


def report(timed: dict[str, list[tuple[float, float, float]]]) -> None:
    def q(values, p):
        values = sorted(values)
        return values[min(len(values) - 1, int(p * len(values)))]
    rows = [*timed.items(), ("all", [m for ms in timed.values() for m in ms])]
    for kind, moves in rows:
        parts = list(zip(*moves))
        print(f"{kind:<12} {len(moves):>4} moves   " + "   ".join(
            f"{name} p50 {statistics.median(v):6.1f} p90 {q(v, 0.9):6.1f} ms"
            for name, v in zip(("click→send", "send→frame", "frame→swapped"), parts)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--bot-delay", default="1")
    parser.add_argument("--claim-window", default="1")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="paohuzi-click-") as tmp:
        env = server_env(Path(tmp) / "db.sqlite3", BOT_DELAY=args.bot_delay, CLAIM_WINDOW_SECONDS=args.claim_window,
                         QUICK_MATCH_BOT_WAIT="0.3", TURN_SECONDS="60", NEXT_HAND_WAIT="2")
        with served("click-to-frame-server", env) as daphne, sync_playwright() as p:
            print(f"daphne pid {daphne.proc.pid} on {daphne.base}; BOT_DELAY {args.bot_delay}"
                  f" CLAIM_WINDOW_SECONDS {args.claim_window}", flush=True)
            browser = launch_chromium(p)
            context = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]}, locale="zh-CN")
            context.add_init_script(SPIES)
            page = guest_at_table(context, daphne.base)
            report(play(page, args.seconds))
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a page that comes back costs (docs/design.md#replays-from-a-short-history): the replay of what
changed since the version it shows, from this process's short history (games.live.history), against a
full snapshot. Figures, in process, on the database thread's side.

Sets up a private room of three seats with a games.live.consumers.TableConsumer each (as
bench/bench_table.py does: no socket, no event loop), plays hands from fixed deal seeds, and at every
move after the first --behind, for each k in 1..--behind, a new socket of seat 1 comes back knowing the
version k changes ago (its ?since=) and, interleaved in alternating order, one knowing none: both read
the table anew (as every connect does) and render their frame. Prints per k the median bytes and time of
each with their spread (25th–75th percentile), and the ratio.

    .venv/bin/python bench/resync.py [--hands 2] [--behind 10] [--cpu]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paohuzi_site.settings.test")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--behind", type=int, default=10, help="replays from 1 to this many versions behind")
    parser.add_argument("--cpu", action="store_true", help="this thread's CPU time instead of wall time")
    args = parser.parse_args()
    clock = time.thread_time if args.cpu else time.perf_counter
    os.environ.setdefault("SQLITE_PATH", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    figures = measure(args.hands, args.behind, clock)
    print(f"{args.hands} hands; a socket of seat 1 coming back k versions behind, replay vs full snapshot, "
          f"interleaved; {'CPU' if args.cpu else 'wall'} time; median (25th–75th percentile)")
    print(f"{'k':>3} {'n':>4}  {'replay bytes':>18} {'snapshot bytes':>20}  {'replay ms':>18} {'snapshot ms':>18}"
          f"  bytes ratio  time ratio")
    for k in range(1, args.behind + 1):
        r, s = figures[k]["replay"], figures[k]["snapshot"]
        if not r:
            continue
        time_ratios = [a / b for a, b in zip(r["time"], s["time"])]
        byte_ratios = [a / b for a, b in zip(r["bytes"], s["bytes"])]
        print(f"{k:>3} {len(r['time']):>4}  {_spread(r['bytes'], '.0f'):>18} {_spread(s['bytes'], '.0f'):>20}  "
              f"{_spread(r['time'], '.2f', 1000):>18} {_spread(s['time'], '.2f', 1000):>18}  "
              f"{statistics.median(byte_ratios):>11.2f}  {statistics.median(time_ratios):>10.2f}")
    return 0


def _spread(xs: list[float], fmt: str, scale: float = 1) -> str:
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return f"{format(q[1] * scale, fmt)} ({format(q[0] * scale, fmt)}–{format(q[2] * scale, fmt)})"


def measure(hands: int, behind: int, clock) -> dict:
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)

    from accounts.services import account_create
    from bench_table import bot_move, table_with_sockets
    from games import notify, selectors
    from games.live import messages
    from games.live.consumers import OPS, TableConsumer
    from games.play import fair, hands as play

    seeds = iter(range(1000, 10**6))
    fair.deal_seed_of = lambda server_seed, client_seeds: next(seeds)
    play.draw_dealer = lambda players: 0
    notify._HELD.set([])  # as a socket's request: the events are kept, not sent
    users = [account_create(username=f"resync{i}-{time.time_ns()}", password=None) for i in range(3)]
    table, sockets = table_with_sockets(users)
    figures = {k: {"replay": {"bytes": [], "time": []}, "snapshot": {"bytes": [], "time": []}}
               for k in range(1, behind + 1)}
    versions: list[int] = []
    trial = 0

    def back(since):
        socket = TableConsumer()
        socket.scope, socket.user = {"query_string": b""}, users[1]
        socket.table_id, socket.position = table.pk, 1
        socket._socket_state("http://localhost")
        t0 = clock()
        html = socket._resync(since)[0]
        spent = clock() - t0
        assert f'data-base="{since if since is not None else ""}"' in html  # a replay, or a snapshot
        return spent, len(html.encode())

    for _hand in range(hands):
        by_position = {s.position: s for s in sockets}
        hand = selectors.current_hand(table)
        while not hand.finished:
            seat, msg = bot_move(hand)
            by_position[seat]._perform(OPS["act"], msg, sockets)
            versions.append(by_position[seat].version)
            for k in range(1, min(behind, len(versions) - 1) + 1):
                trial += 1
                order = ("replay", "snapshot") if trial % 2 else ("snapshot", "replay")
                for kind in order:
                    spent, size = back(versions[-1 - k] if kind == "replay" else None)
                    figures[k][kind]["time"].append(spent)
                    figures[k][kind]["bytes"].append(size)
            hand = selectors.current_hand(table)
        for socket in sockets:
            socket._perform(OPS["next"], messages.parse('{"op": "next"}'), sockets)
    return figures


if __name__ == "__main__":
    sys.exit(main())

"""How fast is one move on the server side (docs/design.md#one-move-end-to-end)? Figures for the table,
in process.

Sets up a database (SQLite in a temporary folder, or the existing one DATABASE_URL names, e.g.
postgres://postgres@127.0.0.1:5432/bench after `createdb -h 127.0.0.1 -U postgres bench`), seats three
guests at a private room with hints on, each with a games.live.consumers.TableConsumer as a socket would
have (no event loop: the events a request commits are kept, as notify.on_db_thread keeps them), and
plays N hands from fixed deal seeds, every seat playing games.bots' choice, timing what the socket's
request does on the database thread:
  - a move: action_submit and the three sockets' frames rendered in the same hop (consumers._perform:
    the service call, then fanout.render_committed), and of it the service call alone;
  - a ready click after a hand (the third one deals the next hand);
  - the share of Django's template rendering in the moves, the frame each socket gets (bytes), and a
    full snapshot (every fragment, as on connect).

    .venv/bin/python bench/bench_table.py [--hands 16] [--cpu] [--against REV [--pairs 7]]

`--cpu`: this thread's CPU time instead of wall time (steadier on a busy machine). `--against REV`: this
measurement of git revision REV's code (checked out in a temporary worktree) and of this tree's,
alternated --pairs times, A B A B; prints each side's median move and click and the ratios with their
spread (REV must have this design's consumer and services, as since issue 9).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paohuzi_site.settings.test")

CLOCK = time.perf_counter


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--cpu", action="store_true",
                        help="this thread's CPU time instead of wall time (steadier on a busy machine)")
    parser.add_argument("--against", metavar="REV", help="alternate runs with this git revision's tree")
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one run's medians (--against)
    parser.add_argument("--root", help=argparse.SUPPRESS)  # the tree whose code is measured (--against)
    args = parser.parse_args()
    if args.root:
        sys.path.insert(0, args.root)
    if args.against:
        return _against(args)
    global CLOCK
    CLOCK = time.thread_time if args.cpu else time.perf_counter
    os.environ.setdefault("SQLITE_PATH", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    figures = play_hands(args.hands)
    if args.json:
        print(json.dumps({k: statistics.median(figures[k]) for k in ("move", "service", "click")}))
        return 0
    _report(figures, args)
    return 0


def play_hands(hands: int, on_move=None) -> dict[str, list]:
    """Set Django up on a fresh database, play `hands` hands and return the figures (lists, by name);
    `on_move(table, hand)`, if given, is called after each move (the hand as it is then)."""
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)

    from accounts.services import account_create
    from games import selectors
    from games.live import fragments, messages
    from games import play as games_play
    from games.live.consumers import OPS
    from games.models import Table
    from games.play import fair, hands as play
    from games import notify

    seeds = iter(range(1000, 10**6))  # the same hands on every run
    fair.deal_seed_of = lambda server_seed, client_seeds: next(seeds)
    play.draw_dealer = lambda players: 0
    notify._HELD.set([])  # as a socket's request: the events are kept, not sent (no event loop here)
    users = [account_create(username=f"bench{i}-{time.time_ns()}", password=None) for i in range(3)]
    figures = {"move": [], "service": [], "click": [], "templates": [], "frames": [], "full": []}
    submit = games_play.action_submit

    def timed_submit(**kwargs):  # OPS["act"] calls games_play.action_submit by name
        t0 = CLOCK()
        try:
            return submit(**kwargs)
        finally:
            figures["service"].append(CLOCK() - t0)

    games_play.action_submit = timed_submit

    with template_renders(CLOCK) as in_templates:
        table, sockets = table_with_sockets(users)
        for _hand in range(hands):
            by_position = {s.position: s for s in sockets}
            hand = selectors.current_hand(table)
            while not hand.finished:
                seat, msg = bot_move(hand)
                in_templates.clear()
                t0 = CLOCK()
                frames = by_position[seat]._perform(OPS["act"], msg, sockets)
                figures["move"].append(CLOCK() - t0)
                figures["templates"].append(sum(in_templates))
                figures["frames"] += [len(frame[0].encode()) for _socket, frame in frames]
                hand = selectors.current_hand(table)
                if on_move is not None:
                    on_move(table, hand)
            t0 = CLOCK()
            fragments.render_all(selectors.snapshot(table.pk, 1))
            figures["full"].append(CLOCK() - t0)
            if Table.objects.get(pk=table.pk).status != Table.Status.PLAYING:  # the series is over
                table, sockets = table_with_sockets(users)
                continue
            for socket in sockets:
                t0 = CLOCK()
                socket._perform(OPS["next"], messages.parse('{"op": "next"}'), sockets)
                figures["click"].append(CLOCK() - t0)
    return figures


def _report(figures: dict[str, list], args) -> None:
    def ms(xs):
        return f"median {1000 * statistics.median(xs):.2f} ms, p95 {1000 * sorted(xs)[int(len(xs) * .95)]:.2f} ms"

    engine = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    moves = figures["move"]
    print(f"{args.hands} hands, {len(moves)} moves on {engine}; {'CPU' if args.cpu else 'wall'} time")
    print(f"a move (action_submit + the three sockets' frames): {ms(moves)}  ({len(moves) / sum(moves):.0f} moves/s)")
    print(f"  of it action_submit: {ms(figures['service'])}")
    print(f"  Django template rendering: {sum(figures['templates']) / sum(moves):.1%} of the moves' time "
          f"(on {sum(1 for t in figures['templates'] if t)} of {len(moves)} moves)")
    print(f"a ready click (the third deals the next hand): {ms(figures['click'])}")
    print(f"frame per socket per move: median {statistics.median(figures['frames']):.0f} bytes, "
          f"max {max(figures['frames'])}")
    print(f"full snapshot (every fragment): {ms(figures['full'])}")


def _against(args) -> int:
    """This tree and REV's, alternated: the same command with --json in each, medians of the medians."""
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(other), args.against],
                       check=True)
        try:
            runs = {args.against: [], "this tree": []}
            for _pair in range(args.pairs):
                for name, root in ((args.against, other), ("this tree", ROOT)):
                    runs[name].append(_one_run(root, args))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=True)
    base, this = runs[args.against], runs["this tree"]
    print(f"{args.pairs} pairs of runs of {args.hands} hands, {args.against} then this tree; "
          f"{'CPU' if args.cpu else 'wall'} time, medians of each run's median")
    for key, label in (("move", "a move"), ("service", "  action_submit"), ("click", "a ready click")):
        b, t = [r[key] for r in base], [r[key] for r in this]
        ratios = [y / x for x, y in zip(b, t)]
        print(f"{label:16s} {args.against}: {1000 * statistics.median(b):.3f} ms  this tree: "
              f"{1000 * statistics.median(t):.3f} ms  ratio {statistics.median(ratios):.3f} "
              f"({min(ratios):.3f}–{max(ratios):.3f})")
    return 0


def _one_run(root: Path, args) -> dict:
    """One run of the tree at `root` by that tree's own copy of this script, whose imports name its own
    modules (a revision before a move of modules cannot run this one's)."""
    command = [sys.executable, str(root / "bench" / "bench_table.py"), "--json", "--root", str(root),
               "--hands", str(args.hands)]
    env = {k: v for k, v in os.environ.items() if k != "SQLITE_PATH"}
    out = subprocess.run(command + (["--cpu"] if args.cpu else []), cwd=root, env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def bot_move(hand) -> tuple:
    """(the seat to move, its socket's message): games.bots' choice for it."""
    from games import bots, reads
    from games.live import messages

    state = reads.parsed_state(hand)
    seat = state.to_act[0]
    return seat, messages.parse(json.dumps({"op": "act", "action": bots.choose_action(state, seat).text,
                                            "move_no": hand.move_no}))


def table_with_sockets(users) -> tuple:
    """A private room of the three `users` (16 hands, hints on, 常德), dealt, and a
    games.live.consumers.TableConsumer for each seat as a socket's connect leaves it (its first snapshot
    sent), without a socket or an event loop."""
    from games import rooms
    from games.live.consumers import TableConsumer
    from games.models import Table, Variant

    table = rooms.private_create(owner=users[0], variant=Variant.objects.get(slug="changde"),
                                 planned_hands=16, player_count=3)
    for user in users[1:]:
        rooms.seat_join(table=table, user=user)
    sockets = []
    for seat in Table.objects.get(pk=table.pk).seats.all():
        socket = TableConsumer()
        socket.scope, socket.user = {"query_string": b""}, seat.user
        socket.table_id, socket.position = table.pk, seat.position
        socket._socket_state("http://localhost")
        socket._frame(None)
        sockets.append(socket)
    return table, sockets


@contextmanager
def template_renders(clock):
    """Meanwhile, the time (by `clock`) of each Django template render, appended to the list given."""
    from django.template.backends.django import Template

    spent: list[float] = []
    render = Template.render

    def timed(self, *args, **kwargs):
        t0 = clock()
        try:
            return render(self, *args, **kwargs)
        finally:
            spent.append(clock() - t0)

    Template.render = timed
    try:
        yield spent
    finally:
        Template.render = render


if __name__ == "__main__":
    sys.exit(main())

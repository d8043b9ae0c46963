"""How fast is one move end to end on the server side (DESIGN: one move)? Figures for the table.

Sets up a database (SQLite in a temporary folder, or the existing one DATABASE_URL names, e.g.
postgres://postgres@127.0.0.1:5432/bench after `createdb -h 127.0.0.1 -U postgres bench`), seats
three people at a coin table and plays N hands through games.services.action_submit, timing:
  - action_submit (lock, parse, engine apply, save state + ActionLog, settle on the final move),
    without the bots' thinking time;
  - the three seats' update after a move (selectors.snapshot of the announced version +
    fragments.render_changed each), as this process's consumers do on "table.changed"; of it, the time
    inside Django's template rendering (the figure to weigh another template engine against); the
    frame each seat gets (bytes); and a full snapshot (every fragment, as on connect).

    .venv/bin/python bench/bench_table.py [--hands 20] [--cpu]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paohuzi_site.settings.test")
os.environ.setdefault("SQLITE_PATH", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))


CLOCK = time.perf_counter


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--cpu", action="store_true",
                        help="this thread's CPU time instead of wall time (steadier on a busy machine)")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.cpu else time.perf_counter

    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)

    from accounts.services import account_create
    from games import bots, fragments, selectors, services
    from games.models import Table
    from games.rules import HandState

    users = [account_create(username=f"bench{i}-{time.time_ns()}", password=None) for i in range(3)]
    table = None
    for user in users:
        table = services.quick_match(user=user)
    by_seat = {s.position: s.user for s in table.seats.all()}
    in_templates = _time_template_renders()
    submit, update, rendering, frames, full, moves = [], [], [], [], [], 0
    for n in range(args.hands):
        sent = {p: {} for p in by_seat}
        shown = dict.fromkeys(by_seat)
        hand = selectors.current_hand(table)
        while not hand.finished:
            state = HandState.from_json(hand.state)
            seat = state.to_act[0]
            wire = {"action": bots.choose_action(state, seat).text, "move_no": hand.move_no}
            t0 = CLOCK()
            services.action_submit(table=table, user=by_seat[seat], wire=wire)
            t1 = CLOCK()
            in_templates.clear()
            version = Table.objects.values_list("version", flat=True).get(pk=table.pk)
            t2 = CLOCK()
            for p in by_seat:
                snap = selectors.snapshot(table.pk, p, version=version)
                frames.append(len(fragments.render_changed(snap, sent[p], shown[p]).encode()))
                shown[p] = snap.version
            t3 = CLOCK()
            submit.append(t1 - t0)
            update.append(t3 - t2)
            rendering.append(sum(in_templates))
            moves += 1
            hand = selectors.current_hand(table)
        t0 = CLOCK()
        fragments.render_all(selectors.snapshot(table.pk, 1))
        full.append(CLOCK() - t0)
        if n + 1 < args.hands:
            services.table_tick(table_id=table.pk, now=hand.deadline)

    def ms(xs):
        return f"median {1000 * statistics.median(xs):.2f} ms, p95 {1000 * sorted(xs)[int(len(xs) * .95)]:.2f} ms"

    engine = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"{args.hands} hands, {moves} moves on {engine}; {'CPU' if args.cpu else 'wall'} time")
    print(f"action_submit: {ms(submit)}  ({len(submit) / sum(submit):.0f} moves/s on one connection)")
    print(f"the three seats' update (snapshot + changed fragments): {ms(update)}")
    print(f"  of it in template rendering: {ms(rendering)} "
          f"({sum(rendering) / (sum(update) + sum(submit)):.0%} of the move's server time)")
    print(f"frame per seat per move: median {statistics.median(frames):.0f} bytes, max {max(frames)}")
    print(f"full snapshot (every fragment): {ms(full)}")
    return 0


def _time_template_renders() -> list[float]:
    """Seconds spent in each Django template render from now on (appended to the list returned)."""
    from django.template.backends.django import Template

    spent: list[float] = []
    render = Template.render

    def timed(self, *args, **kwargs):
        t0 = CLOCK()
        try:
            return render(self, *args, **kwargs)
        finally:
            spent.append(CLOCK() - t0)

    Template.render = timed
    return spent


if __name__ == "__main__":
    sys.exit(main())

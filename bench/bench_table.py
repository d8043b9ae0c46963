"""How fast is one move end to end on the server side (DESIGN: one move)? Figures for the table.

Sets up a database (SQLite in a temporary folder, or the existing one DATABASE_URL names, e.g.
postgres://postgres@127.0.0.1:5432/bench after `createdb -h 127.0.0.1 -U postgres bench`), seats
three people at a coin table and plays N hands through games.services.action_submit, timing:
  - action_submit (lock, parse, engine apply, save state + ActionLog, settle on the final move),
    without the bots' thinking time;
  - one seat's re-render after a move (selectors.snapshot + fragments.render_changed), as a consumer
    does on "table.changed", and a full snapshot (every fragment, as on connect).

    .venv/bin/python bench/bench_table.py [--hands 20]
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


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()

    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)

    from accounts.services import account_create
    from games import bots, fragments, selectors, services
    from games.rules import HandState

    users = [account_create(username=f"bench{i}-{time.time_ns()}", password=None) for i in range(3)]
    table = None
    for user in users:
        table = services.quick_match(user=user)
    by_seat = {s.position: s.user for s in table.seats.all()}
    submit, render, full, moves = [], [], [], 0
    for n in range(args.hands):
        sent: dict[str, str] = {}
        hand = selectors.current_hand(table)
        while not hand.finished:
            state = HandState.from_json(hand.state)
            seat = state.to_act[0]
            wire = {"action": bots.choose_action(state, seat).text, "move_no": hand.move_no}
            t0 = time.perf_counter()
            services.action_submit(table=table, user=by_seat[seat], wire=wire)
            t1 = time.perf_counter()
            fragments.render_changed(selectors.snapshot(table.pk, 0), sent)
            t2 = time.perf_counter()
            submit.append(t1 - t0)
            render.append(t2 - t1)
            moves += 1
            hand = selectors.current_hand(table)
        t0 = time.perf_counter()
        fragments.render_all(selectors.snapshot(table.pk, 1))
        full.append(time.perf_counter() - t0)
        if n + 1 < args.hands:
            services.table_tick(table_id=table.pk, now=hand.deadline)

    def ms(xs):
        return f"median {1000 * statistics.median(xs):.2f} ms, p95 {1000 * sorted(xs)[int(len(xs) * .95)]:.2f} ms"

    engine = "PostgreSQL" if os.environ.get("DATABASE_URL") else "SQLite"
    print(f"{args.hands} hands, {moves} moves on {engine}")
    print(f"action_submit: {ms(submit)}  ({len(submit) / sum(submit):.0f} moves/s on one connection)")
    print(f"one seat's re-render of the changed fragments: {ms(render)}")
    print(f"full snapshot (every fragment): {ms(full)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

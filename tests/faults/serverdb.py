"""Reads of a running server's database for the fault tests, as JSON on stdout. Run with the server's
environment (its settings, its database), never the test's: `python -m tests.faults.serverdb CMD`.

    hands [--states] TABLE…   every hand of these tables (all tables when none given): its seed, its
                              action log, whether replaying the seed and the log gives the stored state
                              (docs/design.md#seeded-determinism), and with --states each state on the way
    fingerprint TABLE         everything a move, a vote or a setting would change at the table
"""
from __future__ import annotations

import json
import sys


def hands(table_ids: list[int], states: bool) -> list[dict]:
    from games.models import Hand
    from games.rules import replay

    query = Hand.objects.select_related("table__variant").order_by("table_id", "number")
    if table_ids:
        query = query.filter(table_id__in=table_ids)
    out = []
    for hand in query:
        log = list(hand.actions.order_by("move_no").values_list("move_no", "seat", "action"))
        played = replay(hand.table.variant.to_ruleset(), int(hand.seed), hand.dealer, hand.table.player_count,
                        [(seat, action) for _n, seat, action in log], steps=True)
        row = {"id": hand.pk, "table": hand.table_id, "number": hand.number, "seed": hand.seed,
               "move_no": hand.move_no, "finished": hand.finished, "log": [n for n, _s, _a in log],
               "deal_move_no": played.states[0].move_no,
               "started": hand.started_at.timestamp(),
               "ended": hand.finished_at and hand.finished_at.timestamp(),
               "replays": played.state.to_json() == hand.state, "events": hand.events,
               "players": hand.table.player_count}
        if states:
            row["states"] = [s.to_json() for s in played.states]
        out.append(row)
    return out


def fingerprint(table_id: int) -> dict:
    from games.models import ActionLog, Hand, Seat, Table
    from money.models import LedgerEntry

    table = Table.objects.get(pk=table_id)
    return {"table": [table.status, table.version, table.new_series, table.drawn_in_row],
            "seats": list(Seat.objects.filter(table=table).order_by("position")
                          .values_list("position", "user_id", "is_bot", "auto_play", "ready", "dissolve_vote")),
            "hands": list(Hand.objects.filter(table=table).order_by("number")
                          .values_list("number", "move_no", "state", "events", "finished_at", "scores")),
            "actions": ActionLog.objects.filter(hand__table=table).count(),
            "ledger": LedgerEntry.objects.filter(hand__table=table).count()}


def main(argv: list[str]) -> None:
    import django

    django.setup()
    command, *args = argv
    if command == "hands":
        with_states = "--states" in args
        result = hands([int(a) for a in args if a != "--states"], with_states)
    elif command == "fingerprint":
        result = fingerprint(int(args[0]))
    else:
        raise SystemExit(f"unknown command {command!r}")
    json.dump(result, sys.stdout, default=str)


if __name__ == "__main__":
    main(sys.argv[1:])

"""Scenario `tournament` (issue 24; tests/faults/test_tournament_crash.py judges it): a 9-entrant
sit-and-go (5 people, bots filling, one hand per table and round: 9 → 6 → the final 3) run by the real
sweeper beside Daphne, both killed with SIGKILL in the middle of round 1 and again in the middle of
round 2 and started again, then followed to its end; its facts are the tournament's fees, prizes,
ranks and people's coins, the ledger audit and the servers' tracebacks."""
from __future__ import annotations

import json
import subprocess
import sys
import time

from .kit import ROOT, running_server

SETUP = """
from accounts.services import account_create
from games.models import Variant
from tournaments import services
from tournaments.models import Plan
v = next(v for v in Variant.objects.filter(active=True) if '3' in v.player_counts)
p = Plan(name='九人赛', variant=v, entrants=9, entry_fee=100, prizes='50,30,20', house_cut=10, hands_per_round=1,
         advance_per_table=2, bots_after_seconds=3600)
p.full_clean(); p.save()
t = services.plan_open(plan=p)
for i in range(5):
    services.register(tournament=t, user=account_create(username=f'k{i}', password='a-long-pass-123'),
                      address=f'198.51.100.{i + 1}')
# Bots fill at the next sweep, once all five are in (with no wait from the start, a sweep between two
# registrations filled it first on a loaded machine).
from django.utils import timezone
from tournaments.models import Tournament
Tournament.objects.filter(pk=t.pk).update(bots_at=timezone.now())
print(t.pk)
"""

STATE = """
import json
from django.conf import settings
from money.models import LedgerEntry
from tournaments.models import Tournament
t = Tournament.objects.get(pk=TID)
rounds = [{'n': r.number, 'ended': r.ended_at is not None,
           'moves': max([h.move_no for s in r.seats.all() for h in s.table.hands.all()] or [0])} for r in t.rounds.all()]
keys = lambda kind: list(LedgerEntry.objects.filter(settlement_key__startswith=f'tournament:{t.pk}:{kind}:',
                                                   amount__gt=0 if kind != 'fee' else 0).values_list('settlement_key', flat=True)) \
    if kind != 'fee' else list(LedgerEntry.objects.filter(settlement_key__startswith=f'tournament:{t.pk}:fee:',
                                                          amount__lt=0).values_list('settlement_key', flat=True))
people = [{'coins': e.user.coins, 'fee': e.fee, 'prize': e.prize, 'rank': e.rank}
          for e in t.entries.filter(is_bot=False).select_related('user')]
print(json.dumps({'state': t.state, 'rounds': rounds, 'fees': keys('fee'), 'prizes': keys('prize'),
                  'refunds': keys('refund'), 'ranks': sorted(e.rank or 0 for e in t.entries.all()),
                  'people': people, 'start': settings.STARTING_COINS}))
"""


def shell(server, code: str) -> str:
    run = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=server.env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip().splitlines()[-1]


def until(server, tid: int, test, what: str, timeout: float = 240) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = json.loads(shell(server, STATE.replace("TID", str(tid))))
        if test(state):
            return state
        time.sleep(0.5)
    raise AssertionError(f"tournament {tid}: {what} not reached in {timeout} s: {state}")


def mid_round(n: int):
    return lambda s: len(s["rounds"]) >= n and not s["rounds"][n - 1]["ended"] and s["rounds"][n - 1]["moves"] >= 8


def scenario(soak: bool) -> dict:
    with running_server("tournament", keep="tournament", BOT_DELAY="0.05", TURN_SECONDS="0.3",
                        NEXT_HAND_WAIT="0.2", TOURNAMENT_BREAK_SECONDS="0.3") as server:
        tid = int(shell(server, SETUP))
        kills = 0
        for n in (1, 2):
            until(server, tid, mid_round(n), f"the middle of round {n}")
            server.kill(server.sweeper)
            server.kill(server.daphne)
            kills += 1
        done = until(server, tid, lambda s: s["state"] == "finished", "the end")
        audit = server.ledger_check()
        return {**done, "kills": kills, "audit": audit.returncode, "audit_out": audit.stdout + audit.stderr,
                "tracebacks": server.tracebacks(), "log_tail": server.logs()[-3000:]}

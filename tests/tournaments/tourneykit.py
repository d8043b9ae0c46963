"""Helpers of the tournament tests: a plan, people from distinct addresses, the sweeper driven with a
clock of the test's own until the tournament ends."""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.clock import sweeper
from games.models import Variant
from tournaments.models import Plan, Tournament
from tournaments import services


def three_player_variant() -> Variant:
    return next(v for v in Variant.objects.filter(active=True) if "3" in v.player_counts)


def plan_make(**fields) -> Plan:
    values = dict(name="九人快赛", name_en="Nine quick", kind=Plan.Kind.SIT_AND_GO, variant=three_player_variant(),
                  entrants=9, entry_fee=100, prize_mode=Plan.PrizeMode.SHARE, prizes="50,30,20", house_cut=10,
                  hands_per_round=1, advance=Plan.Advance.TOP_POINTS, advance_per_table=2)
    values.update(fields)
    plan = Plan(**values)
    plan.full_clean()
    plan.save()
    return plan


def open_of(plan: Plan) -> Tournament:
    return services.plan_open(plan=plan)


def address(i: int) -> str:
    return f"198.51.100.{i + 1}"


def run_out(tournament: Tournament, *, start=None, step=timedelta(minutes=5), sweeps: int = 400) -> Tournament:
    """Sweep (tables and the tournaments' hook) with a clock that moves on each time, until the
    tournament is over; people out of time are auto-played like anyone absent."""
    now = start or timezone.now()
    for _ in range(sweeps):
        now += step
        sweeper.sweep(now)
        tournament.refresh_from_db()
        if tournament.state in (Tournament.State.FINISHED, Tournament.State.CANCELLED):
            return tournament
    raise AssertionError(f"tournament {tournament.pk} still {tournament.state} after {sweeps} sweeps")

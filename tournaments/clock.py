"""The tournaments' clock, called by every sweep (games.clock.sweeper's hook, registered in apps.py):
each plan's open tournament, bots filling a sit-and-go, a scheduled start or cancellation, the next
hand of a tournament table nobody readied (NEXT_HAND_WAIT after the last), a round's end, the break,
the next round (docs/design.md#tournaments). Each step is its own transaction on the locked tournament
and checks its state again, so two sweepers, or a sweep after a crash, apply it once."""
from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.clock.deadlines import seconds
from games.errors import Refused
from games.models import Hand, Table
from games.play import hand_next
from tournaments import running, services
from tournaments.models import Entry, Plan, Round, Tournament

logger = logging.getLogger("paohuzi.tournaments")
State = Tournament.State


def tick(now=None) -> int:
    """Apply what is due at every tournament; returns how many steps were applied. A failing
    tournament is logged and left for the next sweep."""
    now = now or timezone.now()
    applied = orphans_cancel(now)
    unopened = (Plan.objects.filter(active=True, club__isnull=True).exclude(tournaments__state=State.REGISTERING)
                .exclude(kind=Plan.Kind.SCHEDULED, tournaments__isnull=False))  # a scheduled plan (a club's too) runs once
    for plan in unopened:
        if services.plan_open(plan=plan):
            applied += 1
    due = Tournament.objects.filter(Q(state=State.RUNNING) | Q(state=State.REGISTERING, bots_at__lte=now)
                                    | Q(state=State.REGISTERING, starts_at__lte=now))
    for tournament_id in list(due.values_list("pk", flat=True)):
        try:
            applied += hands_deal(tournament_id, now) + step(tournament_id, now)
        except Exception:
            logger.exception("tournament %s: its clock failed", tournament_id)
    return applied


def orphans_cancel(now) -> int:
    """A club dissolved or disabled (clubs.services.dissolve, clubs.ending.club_disable) calls off its
    open or running tournament at the next sweep, as the admin would (services.admin_cancel: its tables'
    series end, any fee back once): its members are gone and nobody could see it. Clubs stay below
    tournaments, so the clock finds these rather than the club calling up."""
    cancelled = 0
    for tournament in Tournament.objects.filter(state__in=(State.REGISTERING, State.RUNNING), plan__club__disabled=True):
        try:
            services.admin_cancel(tournament=tournament, now=now)
            cancelled += 1
        except Refused:  # ended or cancelled meanwhile
            pass
    return cancelled


def hands_deal(tournament_id: int, now) -> int:
    """The next hand at each table of the round whose last hand ended NEXT_HAND_WAIT ago: a present
    player's 准备 deals it sooner (games.play.next_ready), an absent one never holds it."""
    since = now - seconds("NEXT_HAND_WAIT")
    tables = (Table.objects.filter(status=Table.Status.PLAYING, tournament_seats__round__tournament_id=tournament_id,
                                   tournament_seats__round__ended_at__isnull=True)
              .distinct().values_list("pk", flat=True))
    dealt = 0
    for table_id in tables:
        last = Hand.objects.filter(table_id=table_id).order_by("-number").first()
        if last and last.finished_at and last.finished_at <= since:
            dealt += hand_next(table=table_id, now=now) is not None
    return dealt


@transaction.atomic
def step(tournament_id: int, now) -> int:
    """One state change of the tournament, if one is due: 1 when applied."""
    tournament = services.locked(tournament_id)
    plan = tournament.plan
    if tournament.state == State.REGISTERING:
        if plan.kind == Plan.Kind.SIT_AND_GO and tournament.bots_at and tournament.bots_at <= now:
            services.start(tournament, now, bots=True)
            return 1
        if plan.kind == Plan.Kind.SCHEDULED and tournament.starts_at and tournament.starts_at <= now:
            if tournament.entries.filter(state=Entry.State.REGISTERED).count() < (plan.min_entrants or plan.table_size):
                services.cancel(tournament, now)
            else:
                services.start(tournament, now)
            return 1
        return 0
    if tournament.state != State.RUNNING:
        return 0
    rnd = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if rnd.ended_at is None:
        if not running.round_over(rnd):
            return 0
        running.round_end(tournament, rnd, now)
        return 1
    if tournament.next_round_at and tournament.next_round_at <= now:
        running.round_seat(tournament, rnd.number + 1, now)
        return 1
    return 0

"""A whole sit-and-go through the services and the sweeper (9 entrants, bots filling, 3 rounds: 9 → 6 →
the final table of 3), its ranks, tie-breaks and prizes against an independent computation; prizes
and advancement applied twice pay once; a scheduled tournament below its minimum cancelled with every
fee refunded once; registration's refusals; `ledger_check` clean after each."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone, translation

from accounts.models import User
from games.errors import Refused
from games.models import Hand, Table
from games.play import dissolve_vote
from money.audit import ledger_problems
from money.ledger import house_account
from money.models import LedgerEntry
from tournaments import clock, running, services, standings
from tournaments.models import Entry, Plan, Round, Tournament

from .tourneykit import address, open_of, plan_make, run_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(defaults, make_user):
    return [make_user(f"p{i}") for i in range(5)]


def points_of(rnd: Round) -> dict[int, tuple[int, int]]:
    """Independently of the services: each entry's (points, hands won) in the round, from its table's hands."""
    out = {}
    for seat in rnd.seats.all():
        hands = Hand.objects.filter(table=seat.table, finished_at__isnull=False)
        out[seat.entry_id] = (sum(h.scores[seat.position] for h in hands if h.scores),
                              sum(1 for h in hands if (h.result or {}).get("winner") == seat.position))
    return out


def test_a_nine_player_sit_and_go_with_bots_runs_three_rounds_and_pays_its_prizes_once(people):
    plan = plan_make(bots_after_seconds=60)
    tournament = open_of(plan)
    start_coins = {u.pk: u.coins for u in people}
    house_before = house_account().coins
    for i, user in enumerate(people):
        services.register(tournament=tournament, user=user, address=address(i))
    assert all(User.objects.get(pk=u.pk).coins == start_coins[u.pk] - 100 for u in people)
    commitment = tournament.commitment
    tournament = run_out(tournament)

    assert tournament.state == Tournament.State.FINISHED and tournament.pool == 500
    assert tournament.commitment == commitment  # the seed revealed is the one committed to
    rounds = list(tournament.rounds.all())
    assert [r.seats.count() for r in rounds] == [9, 6, 3] and [r.final for r in rounds] == [False, False, True]
    assert Entry.objects.filter(tournament=tournament, is_bot=True).count() == 4
    # every round's tables were dealt together and ran their planned hand
    for rnd in rounds:
        tables = Table.objects.filter(tournament_seats__round=rnd).distinct()
        assert {t.status for t in tables} == {Table.Status.FINISHED}
        firsts = [t.hands.order_by("number").first().started_at for t in tables]
        assert max(firsts) - min(firsts) < timedelta(seconds=2)  # dealt in one transaction
        for seat in rnd.seats.all():  # the seating is the seed's
            assert seat.table.seats.get(position=seat.position).user_id == seat.entry.user_id
    # the ranking, recomputed from the hands with the documented tie-breaks (points, hands won, registration)
    results, going = [], []
    for rnd in rounds:
        got = points_of(rnd)
        results.append([standings.Result(e, s.table_id, *got[e], e) for s in rnd.seats.all() for e in [s.entry_id]])
    going = [{s.entry_id for s in rounds[1].seats.all()}, {s.entry_id for s in rounds[2].seats.all()}]
    ranked = sorted(results[0], key=standings.key)
    assert {r.entry for r in ranked[:6]} == going[0]
    assert {r.entry for r in sorted(results[1], key=standings.key)[:3]} == going[1]
    expected = ([r.entry for r in sorted(results[2], key=standings.key)]
                + [r.entry for r in sorted(results[1], key=standings.key) if r.entry not in going[1]]
                + [r.entry for r in ranked if r.entry not in going[0]])
    entries = {e.pk: e for e in tournament.entries.all()}
    assert [entries[e].rank for e in expected] == list(range(1, 10))
    # prizes: 500 coins of fees, 10 % to the house → 450: 225, 135, 90 to ranks 1-3 (a bot's stays)
    prizes = {1: 225, 2: 135, 3: 90}
    for entry in entries.values():
        paid = prizes.get(entry.rank, 0) if entry.user_id else 0
        assert entry.prize == paid
        if entry.user_id:
            assert User.objects.get(pk=entry.user_id).coins == start_coins[entry.user_id] - 100 + paid
    people_paid = sum(e.prize for e in entries.values())
    assert house_account().coins == house_before + 500 - people_paid
    assert LedgerEntry.objects.filter(settlement_key__startswith=f"tournament:{tournament.pk}:prize:").count() \
        == 2 * sum(1 for e in entries.values() if e.prize)
    # applying the end again (a sweep after a crash, a second sweeper) pays nothing more
    house_after = house_account().coins
    running.finish(Tournament.objects.get(pk=tournament.pk), timezone.now())
    assert clock.step(tournament.pk, timezone.now() + timedelta(days=1)) == 0
    assert house_account().coins == house_after
    assert ledger_problems() == []
    call_command("ledger_check")
    # the sit-and-go's plan opened its next tournament when this one started
    assert plan.tournaments.filter(state=Tournament.State.REGISTERING).count() == 1


def test_a_round_end_applied_twice_sends_the_same_on_once(people):
    plan = plan_make(entry_fee=0, prize_mode=Plan.PrizeMode.FIXED, prizes="300", bots_after_seconds=0)
    tournament = open_of(plan)
    services.register(tournament=tournament, user=people[0], address=address(0))
    now = timezone.now() + timedelta(minutes=1)
    assert clock.step(tournament.pk, now) == 1  # bots fill, round 1 seated
    for _ in range(200):
        now += timedelta(minutes=5)
        from games.clock import sweeper
        sweeper.sweep(now)
        rnd = Round.objects.get(tournament=tournament, number=1)
        if rnd.ended_at:
            break
    tournament.refresh_from_db()
    before = list(rnd.seats.values_list("entry_id", "goes_on", "points"))
    assert clock.step(tournament.pk, now) == 0  # the break is not over: nothing is due
    assert list(rnd.seats.values_list("entry_id", "goes_on", "points")) == before
    assert sum(1 for _e, on, _p in before if on) == 6
    assert Entry.objects.filter(tournament=tournament, state=Entry.State.OUT, out_round=1).count() == 3
    tournament = run_out(tournament, start=now)
    winner = tournament.entries.get(rank=1)
    assert winner.prize == (300 if winner.user_id else 0)
    assert ledger_problems() == []


def test_a_scheduled_tournament_below_its_minimum_is_cancelled_and_every_fee_refunded_once(people):
    now = timezone.now()
    plan = plan_make(kind=Plan.Kind.SCHEDULED, registration_opens_at=now - timedelta(hours=1),
                     starts_at=now + timedelta(minutes=10), min_entrants=6)
    tournament = open_of(plan)
    coins = {u.pk: u.coins for u in people}
    for i, user in enumerate(people[:4]):
        services.register(tournament=tournament, user=user, address=address(i))
    assert services.unregister(tournament=tournament, user=people[3]) == 100  # withdrawn: refunded then
    assert services.unregister(tournament=tournament, user=people[3]) == 0  # a repeated click: nothing
    assert clock.step(tournament.pk, now) == 0  # not yet its start
    assert clock.step(tournament.pk, now + timedelta(minutes=11)) == 1
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.CANCELLED and not tournament.rounds.exists()
    assert clock.step(tournament.pk, now + timedelta(minutes=12)) == 0  # cancelled once
    services.cancel(Tournament.objects.get(pk=tournament.pk), now)  # even called again: no second refund
    for user in people:
        assert User.objects.get(pk=user.pk).coins == coins[user.pk]
    keys = LedgerEntry.objects.filter(settlement_key__contains=f"tournament:{tournament.pk}:refund:")
    assert keys.filter(amount__gt=0).count() == 4
    assert set(Entry.objects.filter(tournament=tournament).values_list("state", flat=True)) == {"refunded", "withdrawn"}
    assert ledger_problems() == []


def test_registration_refuses_in_the_players_language(people, make_user):
    plan = plan_make(entrants=3, entry_fee=100)
    tournament = open_of(plan)
    services.register(tournament=tournament, user=people[0], address=address(0))
    assert services.register(tournament=tournament, user=people[0], address=address(0)).user == people[0]
    with translation.override("zh-hans"), pytest.raises(Refused, match="同一地址"):
        services.register(tournament=tournament, user=people[1], address=address(0))
    other = open_of(plan_make(name="另一个", entrants=3))
    with translation.override("en"), pytest.raises(Refused, match="another tournament"):
        services.register(tournament=other, user=people[0], address=address(9))
    poor = make_user("poor")
    User.objects.filter(pk=poor.pk).update(coins=50)
    with translation.override("en"), pytest.raises(Refused, match="coins"):
        services.register(tournament=tournament, user=User.objects.get(pk=poor.pk), address=address(7))
    services.register(tournament=tournament, user=people[1], address=address(1))
    services.register(tournament=tournament, user=people[2], address=address(2))  # full: it starts
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.RUNNING and tournament.rounds.get().final
    with translation.override("zh-hans"), pytest.raises(Refused, match="名额已满"):
        services.register(tournament=tournament, user=people[3], address=address(3))
    with translation.override("en"), pytest.raises(Refused, match="started"):
        services.unregister(tournament=tournament, user=people[1])
    table = tournament.rounds.get().seats.first().table
    with translation.override("zh-hans"), pytest.raises(Refused, match="不能解散"):
        dissolve_vote(table=table, user=people[0], agree=True)
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING


def test_the_clock_opens_each_offered_plan_once(defaults):
    sng = plan_make()
    scheduled = plan_make(name="晚场", kind=Plan.Kind.SCHEDULED, registration_opens_at=timezone.now(),
                          starts_at=timezone.now() + timedelta(hours=1), min_entrants=3)
    Plan.objects.filter(pk=plan_make(name="停办").pk).update(active=False)
    assert clock.tick() == 2 and clock.tick() == 0
    assert sng.tournaments.count() == 1 and scheduled.tournaments.get().starts_at == scheduled.starts_at
    assert Tournament.objects.count() == 2


def test_seating_never_puts_one_address_twice_at_a_table(defaults, make_user):
    """Registration keeps one entrant per address; entries from one address that got in anyway (the
    admin's, an address shared later) are still seated apart, from the seed, in every draw."""
    from django.db import transaction

    tournament = open_of(plan_make(entry_fee=0, prize_mode=Plan.PrizeMode.FIXED, prizes=""))
    addresses = ["10.0.0.1"] * 3 + ["10.0.0.2"] * 3 + [None] * 3
    for i, where in enumerate(addresses):
        Entry.objects.create(tournament=tournament, user=make_user(f"s{i}"), address=where)
    with transaction.atomic():
        services.start(services.locked(tournament.pk), timezone.now())
    seats = Round.objects.get(tournament=tournament).seats.select_related("entry")
    by_table: dict[int, list] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat.entry.address)
    assert len(by_table) == 3
    for where in by_table.values():
        known = [a for a in where if a]
        assert len(known) == len(set(known)) == 2, by_table

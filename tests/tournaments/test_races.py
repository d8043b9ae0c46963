"""Registration under concurrency (PostgreSQL pass): 20 people registering for 9 places of a sit-and-go
at the same moment: 9 are in (the 9th starts it), each fee taken once, the other 11 told it is full, and nobody charged without a place. Threads with their own connections, released together by
a barrier."""

import pytest
from django.db import connection

from accounts.models import User
from games.errors import Refused
from money.audit import ledger_problems
from money.models import LedgerEntry
from tests.concurrently import at_once
from tournaments import services
from tournaments.models import Entry, Tournament

from .tourneykit import address, open_of, plan_make

pytestmark = pytest.mark.django_db(transaction=True)
PEOPLE = 20


def test_twenty_registering_at_once_for_nine_places(defaults, make_user):
    if connection.vendor == "sqlite":
        pytest.skip("the in-memory SQLite test database takes one writer; the PostgreSQL pass runs this")
    tournament = open_of(plan_make(entry_fee=100))
    people = [make_user(f"r{i}") for i in range(PEOPLE)]
    before = {u.pk: u.coins for u in people}
    outcomes = at_once([lambda u=u, i=i: services.register(tournament=tournament, user=u, address=address(i)).pk
                        for i, u in enumerate(people)])
    placed = [o for o in outcomes if isinstance(o, int)]
    refused = [str(o) for o in outcomes if isinstance(o, Refused)]
    assert len(placed) == 9 and len(refused) == PEOPLE - 9, outcomes
    assert set(refused) == {"本场比赛名额已满。"}, refused  # the site's language: Chinese
    entries = Entry.objects.filter(tournament=tournament, state=Entry.State.REGISTERED, is_bot=False)
    assert entries.count() == 9
    fees = LedgerEntry.objects.filter(settlement_key__startswith=f"tournament:{tournament.pk}:fee:", amount__lt=0)
    assert sorted(fees.values_list("account_id", flat=True)) == sorted(entries.values_list("user_id", flat=True))
    charged = {u.pk for u in people if User.objects.get(pk=u.pk).coins == before[u.pk] - 100}
    assert all(User.objects.get(pk=u.pk).coins in (before[u.pk], before[u.pk] - 100) for u in people)
    assert charged == set(entries.values_list("user_id", flat=True))
    assert Tournament.objects.get(pk=tournament.pk).state == Tournament.State.RUNNING
    assert ledger_problems() == []

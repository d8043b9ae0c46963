"""Clubs under concurrency (PostgreSQL pass): 20 members tapping one rule set at the same moment fill
whole tables (no seat twice, no table over-full); two managers approving one request at once approve it
once. Threads with their own connections, released together by a barrier."""
from collections import Counter

import pytest
from django.db import connection

from clubs import services
from clubs.models import JoinRequest, Membership
from games.errors import Refused
from games.models import Seat, Table
from tests.concurrently import at_once

from .test_services import IP, member, three_player_variant

pytestmark = pytest.mark.django_db(transaction=True)
TAPPERS = 20


@pytest.fixture
def club(defaults, make_user):
    if connection.vendor == "sqlite":
        pytest.skip("the in-memory SQLite test database takes one writer; the PostgreSQL pass runs this")
    owner = make_user("owner")
    club = services.club_create(owner=owner, name="常来", needs_approval=False)
    services.rule_set_save(club=club, user=owner, variant=three_player_variant(), planned_hands=8,
                           player_count=3)
    return club


def test_twenty_taps_at_once_fill_whole_tables(club, make_user):
    rule_set = club.rule_sets.get()
    people = [member(club, make_user, f"tap{i}") for i in range(TAPPERS)]
    tables = at_once([lambda u=u: services.tap(club=club, user=u, rule_set_id=rule_set.pk).pk for u in people])
    assert all(isinstance(t, int) for t in tables), tables
    per_table = Counter(Seat.objects.filter(table__club_link__club=club).values_list("table_id", flat=True))
    assert sorted(per_table.values()) == [2] + [3] * 6
    assert Seat.objects.filter(user__in=people).count() == TAPPERS
    assert Table.objects.filter(status=Table.Status.PLAYING).count() == 6


def test_two_managers_approving_one_request_at_once_approve_it_once(club, make_user):
    second = member(club, make_user, "manager")
    services.role_set(club=club, user=club.owner, member_id=second.pk, role=Membership.Role.MANAGER)
    services.club_edit(club=club, user=club.owner, name=club.name, announcement="", needs_approval=True)
    services.join(number=club.number, user=make_user("asker"), ip=IP)
    asked = JoinRequest.objects.get()
    outcomes = at_once([lambda m=m: services.decide(club=club, user=m, request_id=asked.pk, approve=True)
                        for m in (club.owner, second)])
    assert sum(isinstance(o, Refused) for o in outcomes) == 1
    assert Membership.objects.filter(club=club, user=asked.user).count() == 1

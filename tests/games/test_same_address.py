"""Anti-cheat: people seated from one IP address (issue 11). A coin tier refuses to seat them together,
or seats them and warns the table, or allows it; a private room always tells every player. The address
itself never reaches a page."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games.live import fragments
from games import selectors
from games import rooms
from games.models import RoomTier, Table

from .tablekit import private_table

pytestmark = pytest.mark.django_db

HOME = "203.0.113.7"
ELSEWHERE = "198.51.100.20"


def people(make_user, n: int):
    return [make_user(f"addr{i}") for i in range(n)]


def tier(policy: str) -> RoomTier:
    t = RoomTier.objects.order_by("entry_coins").first()
    RoomTier.objects.filter(pk=t.pk).update(same_address=policy)
    return RoomTier.objects.get(pk=t.pk)


def test_a_refusing_tier_seats_two_people_of_one_address_at_different_tables(defaults, make_user):
    a, b, c = people(make_user, 3)
    low = tier(RoomTier.SameAddress.REFUSE)
    first = rooms.quick_match(user=a, tier=low, address=HOME)
    second = rooms.quick_match(user=b, tier=low, address=HOME)
    third = rooms.quick_match(user=c, tier=low, address=ELSEWHERE)
    assert second.pk != first.pk
    assert third.pk == first.pk  # another address joins the first waiting table
    assert first.seats.filter(address=HOME).count() == 1


def test_a_refusing_tier_seats_people_whose_address_is_unknown_together(defaults, make_user):
    a, b = people(make_user, 2)
    low = tier(RoomTier.SameAddress.REFUSE)
    assert rooms.quick_match(user=a, tier=low).pk == rooms.quick_match(user=b, tier=low).pk


@pytest.mark.parametrize("policy, warned", [(RoomTier.SameAddress.WARN, True), (RoomTier.SameAddress.OFF, False)])
def test_a_warning_or_allowing_tier_seats_them_together(defaults, make_user, policy, warned):
    a, b = people(make_user, 2)
    low = tier(policy)
    table = rooms.quick_match(user=a, tier=low, address=HOME)
    assert rooms.quick_match(user=b, tier=low, address=HOME).pk == table.pk
    snap = selectors.snapshot(table.pk, 0)
    assert fragments.info(snap)["shared_address"] == ([[selectors.seat_name(s) for s in table.seats.order_by("position")]]
                                                      if warned else [])


def test_every_player_of_a_private_room_is_told_and_never_shown_the_address(defaults, make_user, client):
    from games.models import Variant

    a, b, c = people(make_user, 3)
    table = rooms.private_create(owner=a, variant=Variant.objects.get(slug="changde"), planned_hands=8,
                                 player_count=3, address=HOME)
    rooms.seat_join(table=table, user=b, address=ELSEWHERE)
    rooms.seat_join(table=table, user=c, address=HOME)
    for user in (a, b, c):
        client.force_login(user)
        page = client.get(reverse("games:table", args=[table.pk])).content.decode()
        assert page.count("same-address") == 1 and "addr0" in page and "addr2" in page
        assert HOME not in page and ELSEWHERE not in page


def test_a_private_room_of_different_addresses_shows_no_warning(defaults, make_user):
    from games.models import Variant

    table = private_table(people(make_user, 3), variant=Variant.objects.get(slug="changde"))
    assert fragments.info(selectors.snapshot(table.pk, 0))["shared_address"] == []


def test_quick_match_records_the_address_of_the_request(defaults, make_user, client):
    a = make_user("addr-web")
    client.force_login(a)
    client.post(reverse("games:quick_match"), REMOTE_ADDR=HOME)
    assert Table.objects.get(seats__user=a).seats.get(user=a).address == HOME

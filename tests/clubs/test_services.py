"""Clubs' services: create, edit, rule sets, hand over, dissolve; joining by number (straight in or by
request), approval once, roles and each permission, capacity and the per-person limit, throttles; the
one tap at a rule set (R11: a club table is a private room)."""
from __future__ import annotations

import pytest
from django.utils import translation

from clubs import services
from clubs.models import Club, ClubTable, JoinRequest, Membership
from games.errors import Refused
from games.models import Table, Variant

pytestmark = pytest.mark.django_db
IP = "203.0.113.9"


@pytest.fixture
def owner(make_user):
    return make_user("owner")


@pytest.fixture
def club(owner, defaults):
    club = services.club_create(owner=owner, name="常来", announcement="周末见", needs_approval=False)
    services.rule_set_save(club=club, user=owner, variant=three_player_variant(), planned_hands=8,
                           player_count=3)
    return club


def three_player_variant() -> Variant:
    return next(v for v in Variant.objects.filter(active=True) if "3" in v.player_counts)


def member(club, make_user, name: str):
    user = make_user(name)
    assert services.join(number=club.number, user=user, ip=IP) == "joined"
    return user


def test_a_new_club_has_a_six_digit_number_and_its_owner_as_owner(club, owner):
    assert len(club.number) == 6 and club.number.isdigit()
    assert Membership.objects.get(club=club).role == Membership.Role.OWNER


def test_guests_cannot_create_or_join(club, make_user):
    guest = make_user("guest-1", is_guest=True)
    with pytest.raises(Refused):
        services.club_create(owner=guest, name="x")
    with pytest.raises(Refused):
        services.join(number=club.number, user=guest, ip=IP)


def test_refusals_are_in_chinese_by_default(club, make_user):
    stranger = make_user("stranger")
    with translation.override("zh-hans"), pytest.raises(Refused, match="不是"):
        services.leave(club=club, user=stranger)
    with translation.override("en"), pytest.raises(Refused, match="not a member"):
        services.leave(club=club, user=stranger)


def test_joining_with_approval_waits_and_two_managers_decide_once(club, owner, make_user):
    manager = member(club, make_user, "manager")
    services.role_set(club=club, user=owner, member_id=manager.pk, role=Membership.Role.MANAGER)
    services.club_edit(club=club, user=owner, name="常来", announcement="", needs_approval=True)
    asker = make_user("asker")
    assert services.join(number=club.number, user=asker, ip=IP) == "asked"
    with pytest.raises(Refused):  # pending: asking again is refused
        services.join(number=club.number, user=asker, ip=IP)
    asked = JoinRequest.objects.get(user=asker)
    services.decide(club=club, user=manager, request_id=asked.pk, approve=True)
    with pytest.raises(Refused):
        services.decide(club=club, user=owner, request_id=asked.pk, approve=False)
    assert Membership.objects.filter(club=club, user=asker).count() == 1


def test_a_plain_member_cannot_decide_remove_or_edit(club, owner, make_user):
    plain = member(club, make_user, "plain")
    other = member(club, make_user, "other")
    with pytest.raises(Refused):
        services.member_remove(club=club, user=plain, member_id=other.pk)
    with pytest.raises(Refused):
        services.club_edit(club=club, user=plain, name="x", announcement="", needs_approval=False)
    with pytest.raises(Refused):
        services.role_set(club=club, user=plain, member_id=other.pk, role=Membership.Role.MANAGER)


def test_a_manager_removes_members_but_not_managers_nor_the_owner(club, owner, make_user):
    manager, second, plain = (member(club, make_user, n) for n in ("m1", "m2", "plain"))
    for m in (manager, second):
        services.role_set(club=club, user=owner, member_id=m.pk, role=Membership.Role.MANAGER)
    services.member_remove(club=club, user=manager, member_id=plain.pk)
    assert not Membership.objects.filter(club=club, user=plain).exists()
    for target in (second, owner):
        with pytest.raises(Refused):
            services.member_remove(club=club, user=manager, member_id=target.pk)
    with pytest.raises(Refused):  # removed: no more taps
        services.tap(club=club, user=plain, rule_set_id=club.rule_sets.get().pk)


def test_capacity_and_the_per_person_limit(club, make_user, settings):
    Club.objects.filter(pk=club.pk).update(capacity=2)
    member(club, make_user, "second")
    with pytest.raises(Refused, match="full|满"):
        services.join(number=club.number, user=make_user("third"), ip=IP)
    settings.CLUBS_PER_PERSON = 2
    busy = make_user("busy")
    services.club_create(owner=busy, name="a")
    services.club_create(owner=busy, name="b")
    with pytest.raises(Refused):
        services.club_create(owner=busy, name="c")


def test_join_requests_are_throttled_per_person_and_per_address(club, make_user, settings):
    settings.CLUB_JOINS_PER_USER_PER_HOUR, settings.CLUB_JOINS_PER_IP_PER_HOUR = 2, 3
    one = make_user("one")
    for _ in range(2):
        with pytest.raises(Refused):
            services.join(number="000000", user=one, ip=IP)
    with pytest.raises(Refused, match="hour|小时"):
        services.join(number=club.number, user=one, ip="198.51.100.1")
    two = make_user("two")
    services.join(number=club.number, user=two, ip=IP)  # the address's third
    with pytest.raises(Refused, match="hour|小时"):
        services.join(number=club.number, user=make_user("three"), ip=IP)


def test_hand_over_and_dissolve(club, owner, make_user):
    heir = member(club, make_user, "heir")
    services.hand_over(club=club, user=owner, to_user_id=heir.pk)
    assert Membership.objects.get(club=club, user=owner).role == Membership.Role.MANAGER
    with pytest.raises(Refused):
        services.dissolve(club=club, user=owner)
    services.dissolve(club=club, user=heir)
    club.refresh_from_db()  # the row stays, disabled, for the records of what was played
    assert club.disabled and not Membership.objects.exists()


def test_the_owner_cannot_leave_and_a_member_can(club, owner, make_user):
    plain = member(club, make_user, "plain")
    with pytest.raises(Refused):
        services.leave(club=club, user=owner)
    services.leave(club=club, user=plain)
    assert not Membership.objects.filter(user=plain).exists()


def test_at_most_three_rule_sets_each_checked_as_a_private_room(club, owner):
    variant = three_player_variant()
    with pytest.raises(Refused):
        services.rule_set_save(club=club, user=owner, variant=variant, planned_hands=5, player_count=3)
    for _ in range(2):
        services.rule_set_save(club=club, user=owner, variant=variant, planned_hands=16, player_count=3)
    with pytest.raises(Refused):
        services.rule_set_save(club=club, user=owner, variant=variant, planned_hands=8, player_count=3)


def test_one_tap_opens_a_table_the_next_taps_fill_it_and_it_starts(club, owner, make_user):
    rule_set = club.rule_sets.get()
    friends = [member(club, make_user, f"f{i}") for i in range(4)]
    first = services.tap(club=club, user=owner, rule_set_id=rule_set.pk)
    assert services.tap(club=club, user=owner, rule_set_id=rule_set.pk) == first  # back to my own
    assert first.kind == Table.Kind.PRIVATE and first.planned_hands == 8
    services.tap(club=club, user=friends[0], rule_set_id=rule_set.pk)
    assert services.tap(club=club, user=friends[1], rule_set_id=rule_set.pk) == first
    first.refresh_from_db()
    assert first.status == Table.Status.PLAYING and first.seats.count() == 3
    second = services.tap(club=club, user=friends[2], rule_set_id=rule_set.pk)
    assert second != first and ClubTable.objects.filter(club=club).count() == 2


def test_a_stranger_cannot_tap_and_a_missing_rule_set_is_refused(club, make_user):
    with pytest.raises(Refused):
        services.tap(club=club, user=make_user("stranger"), rule_set_id=club.rule_sets.get().pk)
    with pytest.raises(Refused):
        services.tap(club=club, user=club.owner, rule_set_id=0)


def test_a_rule_set_keeps_the_room_options_its_variant_allows_and_its_tables_play_them(club, owner):
    variant = three_player_variant()
    variant.room_options = {"base_cap": [0, 100], "base_points": [1, 5]}
    variant.save()
    with pytest.raises(Refused):
        services.rule_set_save(club=club, user=owner, variant=variant, planned_hands=8, player_count=3,
                               options={"base_points": 9})
    assert club.rule_sets.count() == 1
    rule_set = services.rule_set_save(club=club, user=owner, variant=variant, planned_hands=8, player_count=3,
                                      options={"base_cap": 30})
    assert rule_set.options == {"base_cap": 30, "base_points": 1}
    table = services.tap(club=club, user=owner, rule_set_id=rule_set.pk)
    assert table.rule_options == {"base_cap": 30, "base_points": 1}


def test_a_club_table_tells_its_players_who_sat_down_from_one_address(club, owner, make_user):
    """The private rooms' same-address rule (anti-cheat) holds at a club's tables: the tap keeps where
    each person connected from, and every player of the table is told who shares one."""
    from games.selectors import shared_address

    rule_set = club.rule_sets.get()
    table = services.tap(club=club, user=owner, rule_set_id=rule_set.pk, address="198.51.100.7")
    services.tap(club=club, user=member(club, make_user, "b"), rule_set_id=rule_set.pk, address="203.0.113.50")
    services.tap(club=club, user=member(club, make_user, "c"), rule_set_id=rule_set.pk, address="198.51.100.7")
    assert shared_address(table, table.seats.all()) == [[0, 2]]

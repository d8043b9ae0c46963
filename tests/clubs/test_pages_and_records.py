"""Club pages: members only (a stranger, a removed member and a pending asker get a 404), the one tap
through the page, the manage page's permissions; records (战绩) with their filters and standings
(积分榜), computed from finished series (R11: points)."""
from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs import selectors, services
from clubs.models import Club, JoinRequest
from games.models import Hand, Seat, Table

from .test_services import IP, member, three_player_variant

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(make_user, defaults):
    owner = make_user("owner")
    club = services.club_create(owner=owner, name="常来", announcement="周末见", needs_approval=False)
    services.rule_set_save(club=club, user=owner, variant=three_player_variant(), planned_hands=8,
                           player_count=3)
    return club


def page(client, user, name, club, **kwargs):
    client.force_login(user)
    return client.get(reverse(name, args=[club.number]), **kwargs)


@pytest.mark.parametrize("name", ["clubs:lobby", "clubs:records", "clubs:manage"])
def test_strangers_removed_and_pending_people_get_a_404(client, club, make_user, name):
    stranger = make_user("stranger")
    removed = member(club, make_user, "removed")
    services.member_remove(club=club, user=club.owner, member_id=removed.pk)
    Club.objects.filter(pk=club.pk).update(needs_approval=True)
    pending = make_user("pending")
    services.join(number=club.number, user=pending, ip=IP)
    for user in (stranger, removed, pending):
        response = page(client, user, name, club)
        assert response.status_code == 404 and "周末见" not in response.content.decode()
    client.logout()
    assert client.get(reverse(name, args=[club.number])).status_code == 404


def test_every_page_of_a_registered_person_links_to_the_clubs(client, make_user):
    client.force_login(make_user("regular"))
    for name in ("home", "leaderboard", "games:lobby"):
        assert f'<a href="{reverse("clubs:home")}" id="nav-clubs">亲友圈</a>' in client.get(reverse(name)).content.decode()


def test_a_club_without_rule_sets_says_where_they_are_added(client, make_user):
    owner = make_user("newowner")
    bare = services.club_create(owner=owner, name="新圈", announcement="", needs_approval=False)
    shown = page(client, owner, "clubs:lobby", bare).content.decode()
    assert "还没有玩法：圈主和管理员可以在管理页添加。" in shown and 'class="club-tap"' not in shown


def test_a_disabled_club_shows_its_members_that_it_is_disabled_and_strangers_nothing(client, club, make_user):
    Club.objects.filter(pk=club.pk).update(disabled=True)
    html = page(client, club.owner, "clubs:lobby", club).content.decode()
    assert "已停用" in html and "周末见" not in html and "tap-" not in html
    assert page(client, make_user("stranger"), "clubs:lobby", club).status_code == 404


def test_the_lobby_shows_the_announcement_rule_sets_and_says_points_not_coins(client, club):
    html = page(client, club.owner, "clubs:lobby", club).content.decode()
    assert "周末见" in html and "只计积分，不用金币" in html and f"tap-{club.rule_sets.get().pk}" in html


def test_the_manage_page_is_for_owner_and_managers_only(client, club, make_user):
    plain = member(club, make_user, "plain")
    assert page(client, plain, "clubs:manage", club).status_code == 404
    assert page(client, club.owner, "clubs:manage", club).status_code == 200


def test_one_tap_on_the_page_seats_and_lists_the_table_with_names(client, club, make_user):
    rule_set = club.rule_sets.get()
    client.force_login(club.owner)
    response = client.post(reverse("clubs:tap", args=[club.number, rule_set.pk]))
    table = Table.objects.get()
    assert response.url == reverse("games:table", args=[table.pk])
    html = page(client, club.owner, "clubs:lobby", club).content.decode()
    assert "owner、空位、空位" in html and "8 局" in html


def test_manage_approves_a_request(client, club, make_user):
    Club.objects.filter(pk=club.pk).update(needs_approval=True)
    asker = make_user("asker")
    client.force_login(asker)
    client.post(reverse("clubs:join"), {"number": club.number})
    asked = JoinRequest.objects.get()
    client.force_login(club.owner)
    client.post(reverse("clubs:manage", args=[club.number]), {"action": "approve", "request": asked.pk})
    assert page(client, asker, "clubs:lobby", club).status_code == 200


def test_the_invite_link_joins(client, club, make_user):
    friend = make_user("friend")
    client.force_login(friend)
    response = client.post(reverse("clubs:invite", args=[club.number]))
    assert response.url == reverse("clubs:lobby", args=[club.number])


def test_a_guest_with_an_invite_is_told_to_keep_the_account_and_comes_back_to_join(client, club, db):
    """A guest may not join (clubs.services) but finds clubs in the lobby; the invite page says so before
    any button, and keeping the account from there leads back to the invite, which then joins."""
    client.post(reverse("accounts:guest"))
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert 'id="lobby-clubs"' in lobby and f'href="{reverse("clubs:home")}" id="lobby-clubs-link"' in lobby
    assert 'id="nav-clubs"' not in lobby  # the header stays short on a phone: the lobby's panel is the way
    invite = reverse("clubs:invite", args=[club.number])
    shown = client.get(invite).content.decode()
    assert 'id="club-guest-claim"' in shown and 'id="club-invite-join"' not in shown
    claim = f"{reverse('accounts:claim')}?next={invite}"
    assert claim in shown
    home = client.get(reverse("clubs:home")).content.decode()
    assert 'id="club-guest"' in home
    assert not any(f'id="{part}"' in home for part in ("my-clubs", "club-join-form", "club-create-form"))
    password = "a-long-secret-9"
    response = client.post(claim, {"username": "xinlai", "password1": password, "password2": password})
    assert response.url == invite
    assert client.post(invite).url == reverse("clubs:lobby", args=[club.number])
    assert club.memberships.filter(user__username="xinlai").exists()


def test_keeping_an_account_ignores_a_next_address_off_the_site(client, db):
    client.post(reverse("accounts:guest"))
    password = "a-long-secret-9"
    response = client.post(f'{reverse("accounts:claim")}?next=https://evil.example/',
                           {"username": "xinlai", "password1": password, "password2": password})
    assert response.url == reverse("accounts:profile")


def finished_series(club, users, totals_by_hand, ended):
    """A club table of `users`, finished: each hand's scores by seat as given, ending at `ended`."""
    rule_set = club.rule_sets.get()
    for user in users:
        table = services.tap(club=club, user=user, rule_set_id=rule_set.pk)
    Hand.objects.filter(table=table).delete()
    seating = [s.user_id for s in Seat.objects.filter(table=table).order_by("position")]
    for number, scores in enumerate(totals_by_hand, 1):
        Hand.objects.create(table=table, number=number, seed="s", dealer=0, scores=scores, seating=seating,
                            finished_at=ended)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    return table


def test_records_and_standings_add_up_the_series_and_filter_by_member_and_day(client, club, make_user):
    a, b, c, d = club.owner, *(member(club, make_user, n) for n in ("b", "c", "d"))
    now = timezone.now()
    finished_series(club, [a, b, c], [[10, -5, -5], [4, -2, -2]], now)  # a wins 14
    finished_series(club, [b, c, d], [[-3, 6, -3]], now - datetime.timedelta(days=3))  # c wins 6
    today = selectors.records(club, day="today")
    assert len(today) == 1 and [(p["name"], p["total"], p["winner"]) for p in today[0]["players"]] == [
        ("owner", 14, True), ("b", -7, False), ("c", -7, False)]
    assert len(today[0]["hands"]) == 2
    assert len(selectors.records(club, day="week")) == 2 and selectors.records(club, day="yesterday") == []
    assert len(selectors.records(club, member_id=d.pk)) == 1
    week = selectors.standings(club, "week")
    assert [(r["name"], r["points"], r["won"], r["series"]) for r in week] == [
        ("owner", 14, 1, 1), ("c", -1, 1, 2), ("d", -3, 0, 1), ("b", -10, 0, 2)]
    html = page(client, b, "clubs:records", club).content.decode()
    assert "大赢家" in html and reverse("games:replay", args=[Hand.objects.first().pk]) in html
    assert "积分榜" in html


def test_the_lobby_page_reads_a_bounded_number_of_queries_whatever_the_tables(client, club, make_user,
                                                                               django_assert_max_num_queries):
    """The club lobby's tables come from a fixed number of queries (selectors.lobby_tables)."""
    client.force_login(club.owner)
    url = reverse("clubs:lobby", args=[club.number])
    client.get(url)
    rule_set = club.rule_sets.get()
    for i in range(6):
        services.tap(club=club, user=member(club, make_user, f"t{i}"), rule_set_id=rule_set.pk)
    with django_assert_max_num_queries(12):
        assert client.get(url).content.decode().count('class="club-table"') == 2


def test_the_admin_finds_clubs_by_number_name_and_owner(client, club, make_user):
    admin_user = make_user("boss")
    type(admin_user).objects.filter(pk=admin_user.pk).update(is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    for q in (club.number, "常来", "owner"):
        html = client.get(reverse("admin:clubs_club_changelist"), {"q": q}).content.decode()
        assert club.number in html
    html = client.get(reverse("admin:clubs_club_change", args=[club.pk])).content.decode()
    assert "owner" in html


def test_the_lobby_page_with_500_members_and_50_tables_reads_a_bounded_number_of_queries(
        client, club, django_assert_max_num_queries):
    """500 members (200 of them online: clubs.live.presence) and 50 tables, 49 playing and one waiting:
    the page's queries do not grow with them."""
    from django.contrib.auth import get_user_model

    from clubs.live import presence
    from clubs.models import Membership

    users = get_user_model().objects.bulk_create(get_user_model()(username=f"m{i:03}") for i in range(499))
    Membership.objects.bulk_create(Membership(club=club, user=u) for u in users)
    rule_set = club.rule_sets.get()
    for user in users[:148]:
        services.tap(club=club, user=user, rule_set_id=rule_set.pk)
    for user in users[:200]:
        presence.arrive(club.pk, user.pk, f"channel-{user.pk}")
    client.force_login(club.owner)
    with django_assert_max_num_queries(12):
        html = client.get(reverse("clubs:lobby", args=[club.number])).content.decode()
    assert html.count('class="club-table"') == 50 and club.memberships.count() == 500
    assert "Members online (200)" in html or "在线成员（200）" in html

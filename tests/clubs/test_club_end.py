"""The end of a club and of a membership at its tables (clubs.ending): dissolving (the owner) or
disabling (the admin) ends the series of every open table of the club, a waiting one closed, one in
play ended as an agreed dissolve, the hands played kept on the records; a disabled club's lobby says
so and takes no tap nor join; a removed member's seat plays on under auto-play and their club pages
are a 404 at once; a person's own records across clubs."""
from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from clubs import ending, selectors, services
from clubs.models import Club, JoinRequest, Membership
from games.errors import Refused
from games.models import Hand, Seat, Table
from games.play import autoplay_set, dissolve_vote, next_ready
from tests.games.tablekit import WIN_SEED, deal_seed, play_out  # noqa: F401 - deal_seed: a fixture

from .test_pages_and_records import club  # noqa: F401 - a fixture
from .test_services import IP, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables(club, make_user, deal_seed):
    """(a table in play at hand 2 after one scored hand, won by seat 1 (WIN_SEED), a waiting table with
    one person, the players of the first by seat)."""
    deal_seed(WIN_SEED)
    rule_set = club.rule_sets.get()
    players = [club.owner, *(member(club, make_user, n) for n in ("b", "c"))]
    for user in players:
        playing = services.tap(club=club, user=user, rule_set_id=rule_set.pk)
    by_seat = {s.position: s.user for s in playing.seats.all()}
    assert play_out(playing, by_seat).scores[1] > 0
    for user in players:
        next_ready(table=playing, user=user)
    waiting = services.tap(club=club, user=member(club, make_user, "d"), rule_set_id=rule_set.pk)
    playing.refresh_from_db()
    assert playing.status == Table.Status.PLAYING and playing.hands.count() == 2
    return playing, waiting, by_seat


def assert_ended(playing, waiting):
    for table in (playing, waiting):
        table.refresh_from_db()
        assert table.status == Table.Status.DISSOLVED
    first, second = playing.hands.order_by("number")
    assert first.scores is not None and second.scores is None and second.result == {"winner": None,
                                                                                    "dissolved": True}
    assert second.deadline is None and second.turn_deadline is None


def test_dissolving_ends_every_table_and_keeps_what_was_played(club, tables):
    playing, waiting, by_seat = tables
    services.dissolve(club=club, user=club.owner)
    assert_ended(playing, waiting)
    club.refresh_from_db()
    assert club.disabled and not Membership.objects.filter(club=club).exists()
    mine = selectors.person_records(by_seat[1])  # the club is gone, its series stays the player's
    assert len(mine) == 1 and mine[0]["cut_short"] and [h.number for h in mine[0]["hands"]] == [1]
    assert not any(p["winner"] for p in mine[0]["players"])
    assert sum(p["total"] for p in mine[0]["players"]) == sum(playing.hands.get(number=1).scores)
    assert selectors.person_records(waiting.seats.get().user) == []  # nothing played there


def test_the_admin_disables_a_club_its_tables_end_its_lobby_says_so(client, club, tables, make_user):
    playing, waiting, by_seat = tables
    boss = make_user("boss")
    type(boss).objects.filter(pk=boss.pk).update(is_staff=True, is_superuser=True)
    client.force_login(boss)
    client.post(reverse("admin:clubs_club_changelist"), {"action": "disable", "_selected_action": [club.pk]})
    assert_ended(playing, waiting)
    club.refresh_from_db()
    assert club.disabled and Membership.objects.filter(club=club).count() == 4
    client.force_login(club.owner)
    html = client.get(reverse("clubs:lobby", args=[club.number])).content.decode()
    assert 'id="club-disabled"' in html and "已停用" in html and "tap-" not in html
    assert client.get(reverse("clubs:manage", args=[club.number])).status_code == 404
    assert "已停用" in client.get(reverse("clubs:records", args=[club.number])).content.decode()
    with translation.override("zh-hans"), pytest.raises(Refused, match="已关闭"):
        services.tap(club=club, user=club.owner, rule_set_id=club.rule_sets.get().pk)
    with translation.override("zh-hans"), pytest.raises(Refused, match="已关闭"):
        services.join(number=club.number, user=make_user("late"), ip=IP)


def test_disabling_touches_no_finished_table(club, tables):
    playing, waiting, _ = tables
    Table.objects.filter(pk=playing.pk).update(status=Table.Status.FINISHED)
    ending.club_disable(club=club)
    playing.refresh_from_db()
    assert playing.status == Table.Status.FINISHED and playing.hands.get(number=2).result is None


def test_a_removed_member_seat_plays_on_under_auto_play_and_their_pages_are_a_404(client, club, tables):
    playing, waiting, by_seat = tables
    removed = by_seat[1] if by_seat[1] != club.owner else by_seat[2]
    services.member_remove(club=club, user=club.owner, member_id=removed.pk)
    seat = Seat.objects.get(table=playing, user=removed)
    assert seat.auto_play and seat.auto_play_kept and playing.seats.filter(auto_play=True).count() == 1
    with translation.override("zh-hans"), pytest.raises(Refused, match="托管"):  # no "I'm back"
        autoplay_set(table=playing, user=removed, on=False)
    client.force_login(removed)
    html = client.get(reverse("games:table", args=[playing.pk])).content.decode()
    assert 'id="auto-play-kept"' in html and 'id="im-back"' not in html
    hand = playing.hands.get(number=2)
    assert hand.deadline is not None  # the auto-played seat is scheduled: play goes on
    for name in ("clubs:lobby", "clubs:records"):
        assert client.get(reverse(name, args=[club.number])).status_code == 404
    others = {p: u for p, u in by_seat.items() if u != removed}
    hand = play_out(playing, others)  # the others play; the clock plays the removed seat (tablekit)
    assert hand.number == 2 and hand.scores is not None
    playing.refresh_from_db()
    assert playing.status == Table.Status.PLAYING  # hand 3 of 8 to come: the series plays on


def test_a_removed_member_has_no_say_in_dissolving_the_table(club, tables):
    playing, _, by_seat = tables
    removed = next(u for u in by_seat.values() if u != club.owner)
    services.member_remove(club=club, user=club.owner, member_id=removed.pk)
    for user in by_seat.values():
        if user != removed:
            dissolve_vote(table=playing, user=user, agree=True)
    playing.refresh_from_db()
    assert playing.status == Table.Status.DISSOLVED


def test_my_records_across_clubs_are_linked_from_clubs_and_the_profile(client, club, tables, make_user):
    playing, waiting, by_seat = tables
    Table.objects.filter(pk=playing.pk).update(status=Table.Status.FINISHED)
    Hand.objects.filter(table=playing, number=2).delete()
    player = by_seat[0]
    client.force_login(player)
    assert reverse("clubs:my_records") in client.get(reverse("clubs:home")).content.decode()
    assert reverse("clubs:my_records") in client.get(reverse("accounts:profile")).content.decode()
    html = client.get(reverse("clubs:my_records")).content.decode()
    assert "常来" in html and "大赢家" in html
    assert reverse("games:replay", args=[playing.hands.get().pk]) in html
    for user in by_seat.values():
        assert user.display_name in html
    client.force_login(make_user("stranger"))
    assert "常来" not in client.get(reverse("clubs:my_records")).content.decode()


@pytest.mark.parametrize("lang,chinese", [("zh-hans", True), ("en", False)])
def test_every_refusal_is_in_the_player_s_language(club, make_user, settings, lang, chinese):
    """Full club, pending request, not a member, removed, too many clubs, rule set missing."""
    rule_set_id = club.rule_sets.get().pk
    removed = member(club, make_user, "removed")
    services.member_remove(club=club, user=club.owner, member_id=removed.pk)
    Club.objects.filter(pk=club.pk).update(needs_approval=True)
    pending = make_user("pending")
    services.join(number=club.number, user=pending, ip=IP)
    refusals = {
        "pending": lambda: services.join(number=club.number, user=pending, ip="198.51.100.2"),
        "stranger": lambda: services.tap(club=club, user=make_user("stranger"), rule_set_id=rule_set_id),
        "removed": lambda: services.tap(club=club, user=removed, rule_set_id=rule_set_id),
        "rule set": lambda: services.tap(club=club, user=club.owner, rule_set_id=rule_set_id + 99),
        "full": lambda: (Club.objects.filter(pk=club.pk).update(capacity=1),
                         services.join(number=club.number, user=make_user("late"), ip="198.51.100.3")),
    }
    settings.CLUBS_PER_PERSON = 1
    refusals["too many"] = lambda: services.club_create(owner=club.owner, name="又一个")
    seen = {}
    for what, call in refusals.items():
        with translation.override(lang), pytest.raises(Refused) as refused:
            call()
        seen[what] = str(refused.value)
    for what, message in seen.items():
        has_latin = any("a" <= ch.lower() <= "z" for ch in message)
        assert has_latin != chinese, (what, message)
    assert len(set(seen.values())) == 5  # the stranger and the removed member hear the same


def test_the_admin_shows_members_and_requests(client, club, make_user):
    member(club, make_user, "plain")
    Club.objects.filter(pk=club.pk).update(needs_approval=True)
    services.join(number=club.number, user=make_user("asker"), ip=IP)
    boss = make_user("boss")
    type(boss).objects.filter(pk=boss.pk).update(is_staff=True, is_superuser=True)
    client.force_login(boss)
    html = client.get(reverse("admin:clubs_club_change", args=[club.pk])).content.decode()
    plain, asker = (type(boss).objects.get(username=n) for n in ("plain", "asker"))
    assert f'value="{plain.pk}"' in html and f'value="{asker.pk}"' in html
    assert JoinRequest.objects.filter(status=JoinRequest.Status.PENDING).count() == 1
    assert 'name="disabled"' not in html  # disabling is the admin action, which ends the tables

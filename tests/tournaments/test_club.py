"""A club's free points tournament (tournaments.services.club_tournament_open): its owner or a manager
opens it from the manage page with one of the club's rule sets; its members only see and enter it (a
404 for anyone else, as the club's pages); the site's lobby does not list it, the club's does; it runs
once through the same engine, and moves no coin."""
import pytest
from django.urls import reverse

from clubs import services as club_services
from clubs.ending import club_disable
from clubs.models import Membership
from games.errors import Refused
from money.models import LedgerEntry
from tournaments import clock, selectors, services
from tournaments.models import Tournament

from tests.clubs.test_services import IP, club, member, owner  # noqa: F401 - fixtures
from .tourneykit import address, run_out

pytestmark = pytest.mark.django_db


def rule_set_of(club):
    return club.rule_sets.get()


def test_owner_and_managers_open_it_members_and_strangers_cannot(club, owner, make_user):
    plain = member(club, make_user, "plain")
    manager = member(club, make_user, "manager")
    club_services.role_set(club=club, user=owner, member_id=manager.pk, role=Membership.Role.MANAGER)
    stranger = make_user("stranger")
    rs = rule_set_of(club)
    for who in (plain, stranger):
        with pytest.raises(Refused, match="圈主和管理员"):
            services.club_tournament_open(club=club, user=who, rule_set_id=rs.pk, entrants=3, name="周赛")
    with pytest.raises(Refused):  # not a multiple of the rule set's three players
        services.club_tournament_open(club=club, user=owner, rule_set_id=rs.pk, entrants=4, name="周赛")
    with pytest.raises(Refused):  # another club's rule set, or none
        services.club_tournament_open(club=club, user=owner, rule_set_id=rs.pk + 1000, entrants=3, name="周赛")
    tournament = services.club_tournament_open(club=club, user=manager, rule_set_id=rs.pk, entrants=6, name="周赛")
    plan = tournament.plan
    assert (plan.club_id, plan.entry_fee, plan.prize_list(), plan.table_size, plan.hands_per_round,
            plan.variant_id) == (club.pk, 0, [], 3, 8, rs.variant_id)
    with pytest.raises(Refused, match="已有一场比赛"):
        services.club_tournament_open(club=club, user=owner, rule_set_id=rs.pk, entrants=3, name="又一个")


def test_only_its_members_see_and_enter_it(club, owner, make_user, client):
    inside = member(club, make_user, "inside")
    stranger = make_user("stranger")
    tournament = services.club_tournament_open(club=club, user=owner, rule_set_id=rule_set_of(club).pk,
                                               entrants=3, name="周赛")
    assert tournament.pk not in [r["t"].pk for r in selectors.lobby_list(stranger)]  # not the site's
    assert [r["t"].pk for r in selectors.club_list(club.pk)] == [tournament.pk]
    with pytest.raises(Refused, match="只有本亲友圈的成员"):
        services.register(tournament=tournament, user=stranger, address=address(0))
    client.force_login(stranger)
    assert client.get(reverse("tournaments:detail", args=[tournament.pk])).status_code == 404
    assert client.post(reverse("tournaments:register", args=[tournament.pk])).status_code == 404
    assert "周赛" not in client.get(reverse("games:lobby")).content.decode()
    client.force_login(inside)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "周赛" in page and 'id="tournament-button"' in page
    page = client.get(reverse("clubs:lobby", args=[club.number])).content.decode()
    assert f'id="club-tournament-{tournament.pk}"' in page and "0/3" in page and "只比积分" in page
    client.post(reverse("tournaments:register", args=[tournament.pk]), {"back": "detail"})
    assert tournament.entries.filter(user=inside, state="in").exists()
    assert "1/3" in client.get(reverse("clubs:lobby", args=[club.number])).content.decode()


def test_the_manage_page_opens_it(club, owner, client):
    client.force_login(owner)
    page = client.get(reverse("clubs:manage", args=[club.number])).content.decode()
    assert 'id="club-tournament-form"' in page and "比赛名称" in page
    response = client.post(reverse("clubs:manage", args=[club.number]), {
        "action": "tournament", "tournament-name": "周末赛", "tournament-rule_set": rule_set_of(club).pk,
        "tournament-entrants": 3})
    tournament = Tournament.objects.get(plan__club=club)
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:detail", args=[tournament.pk])
    page = client.post(reverse("clubs:manage", args=[club.number]), {
        "action": "tournament", "tournament-name": "再来", "tournament-rule_set": rule_set_of(club).pk,
        "tournament-entrants": 3}, follow=True).content.decode()
    assert "已有一场比赛在报名或进行中" in page and Tournament.objects.filter(plan__club=club).count() == 1


def test_a_whole_club_tournament_runs_once_and_moves_no_coin(club, owner, make_user):
    people = [owner] + [member(club, make_user, f"m{i}") for i in range(5)]
    coins = {p.pk: p.coins for p in people}
    tournament = services.club_tournament_open(club=club, user=owner, rule_set_id=rule_set_of(club).pk,
                                               entrants=6, name="六人赛")
    for i, person in enumerate(people):
        services.register(tournament=tournament, user=person, address=address(i))
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.RUNNING and tournament.pool == 0
    assert tournament.rounds.get().seats.values("table").distinct().count() == 2  # two tables, then the final
    run_out(tournament)
    assert tournament.state == Tournament.State.FINISHED
    assert tournament.rounds.filter(final=True).count() == 1 and tournament.rounds.count() == 2
    ranks = sorted(tournament.entries.values_list("rank", flat=True))
    assert ranks == [1, 2, 3, 4, 5, 6] and set(tournament.entries.values_list("prize", flat=True)) == {0}
    assert not LedgerEntry.objects.filter(settlement_key__startswith=f"tournament:{tournament.pk}:").exists()
    for person in people:
        person.refresh_from_db()
        assert person.coins == coins[person.pk]
    clock.tick()  # a club's plan runs once: the clock opens no next one
    assert Tournament.objects.filter(plan=tournament.plan).count() == 1
    assert services.plan_open(plan=tournament.plan) is None


@pytest.mark.parametrize("end", ["dissolve", "disable"])
def test_a_dissolved_or_disabled_clubs_tournament_is_called_off_at_the_next_sweep(club, owner, make_user, end):
    people = [owner] + [member(club, make_user, f"m{i}") for i in range(2)]
    running = services.club_tournament_open(club=club, user=owner, rule_set_id=rule_set_of(club).pk, entrants=3,
                                            name="三人赛")
    for i, person in enumerate(people):
        services.register(tournament=running, user=person, address=address(i))
    running.refresh_from_db()
    table = running.rounds.get().seats.first().table
    assert running.state == Tournament.State.RUNNING and table.status == "playing"
    clock.tick()
    running.refresh_from_db()
    assert running.state == Tournament.State.RUNNING  # a live club's tournament is left alone
    if end == "dissolve":
        club_services.dissolve(club=club, user=owner)
    else:
        club_disable(club=club)
    assert clock.tick() >= 1
    running.refresh_from_db()
    table.refresh_from_db()
    assert running.state == Tournament.State.CANCELLED and table.status != "playing"
    assert not LedgerEntry.objects.filter(settlement_key__startswith=f"tournament:{running.pk}:").exists()
    assert clock.tick() == 0  # once

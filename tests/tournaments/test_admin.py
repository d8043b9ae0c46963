"""Tournaments in the admin: a plan's form validates (entrants a multiple of the table size, a scheduled
plan's window and minimum, shares at most 100 %) with Chinese messages, saving an offered plan opens its
tournament, and the tournament's page hides the seed and shows its commitment."""
import pytest
from django.urls import reverse

from tournaments.models import Plan, Tournament

from tests.clubs.test_services import IP, club, owner  # noqa: F401 - fixtures
from tournaments import services

from .tourneykit import three_player_variant

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin(client, defaults, make_user):
    user = make_user("admin")
    user.is_staff = user.is_superuser = True
    user.save(update_fields=["is_staff", "is_superuser"])
    client.force_login(user)
    return client


def form(**changes):
    data = {"name": "周末赛", "name_en": "Weekend", "kind": "sng", "active": "on", "order": 0,
            "variant": three_player_variant().pk, "table_size": 3, "entrants": 9, "entry_fee": 100,
            "prize_mode": "share", "prizes": "50,30,20", "house_cut": 10, "hands_per_round": 2,
            "advance": "points", "advance_per_table": 1}
    data.update(changes)
    return data


def test_a_bad_plan_is_refused_field_by_field_in_chinese(admin):
    page = admin.post(reverse("admin:tournaments_plan_add"),
                      form(entrants=10, prizes="60,50", kind="scheduled", advance_per_table=3)).content.decode()
    for message in ("须为每桌人数的倍数", "各名次比例之和超过 100%", "定时赛需要开赛时间", "至少 1，且少于每桌人数",
                    "报名须在开赛前开始"):
        assert message in page
    assert not Plan.objects.exists()


def test_saving_a_plan_opens_its_tournament_and_the_seed_stays_hidden(admin):
    response = admin.post(reverse("admin:tournaments_plan_add"), form())
    assert response.status_code == 302
    tournament = Tournament.objects.get(plan__name="周末赛", state=Tournament.State.REGISTERING)
    page = admin.get(reverse("admin:tournaments_tournament_change", args=[tournament.pk])).content.decode()
    assert tournament.commitment in page and tournament.seed not in page
    assert admin.get(reverse("admin:tournaments_tournament_changelist")).status_code == 200


def test_the_admin_cancels_a_running_tournament_refunding_each_fee_once(admin, make_user):
    """Six people, a fee of 100, two tables then the final: called off in the final, every fee comes
    back once (the people out after round 1 too) through the refund keys, the final's table ends its
    series, no prize is paid; a second cancel (or the admin's action again) pays nothing more; an open
    tournament is called off the same way; the ledger audit is clean."""
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from games.clock import sweeper
    from games.errors import Refused
    from games.models import Table
    from money.audit import ledger_problems
    from money.ledger import house_account
    from money.models import LedgerEntry
    from tournaments import services
    from .tourneykit import address, open_of, plan_make

    plan = plan_make(entrants=6, entry_fee=100, prize_mode="fixed", prizes="300", house_cut=0, advance_per_table=1)
    tournament = open_of(plan)
    people = [make_user(f"p{i}") for i in range(6)]
    coins = {p.pk: User.objects.get(pk=p.pk).coins for p in people}
    house = house_account().coins
    for i, person in enumerate(people):
        services.register(tournament=tournament, user=person, address=address(i))
    now = timezone.now()
    for _ in range(200):  # on to the final table
        now += timedelta(minutes=5)
        sweeper.sweep(now)
        if tournament.rounds.filter(final=True).exists():
            break
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.RUNNING and tournament.entries.filter(state="out").count() == 3
    final_table = Table.objects.filter(tournament_seats__round__final=True, tournament_seats__round__tournament=tournament).distinct().get()
    assert final_table.status == Table.Status.PLAYING
    response = admin.post(reverse("admin:tournaments_tournament_changelist"),
                          {"action": "cancel_selected", "_selected_action": [tournament.pk]}, follow=True)
    assert "已取消 1 场比赛，退还 6 笔报名费" in response.content.decode()
    tournament.refresh_from_db()
    final_table.refresh_from_db()
    assert tournament.state == Tournament.State.CANCELLED and final_table.status == Table.Status.DISSOLVED
    assert set(tournament.entries.filter(is_bot=False).values_list("state", flat=True)) == {"refunded"}
    assert {p.pk: User.objects.get(pk=p.pk).coins for p in people} == coins and house_account().coins == house
    refunds = LedgerEntry.objects.filter(settlement_key__startswith=f"tournament:{tournament.pk}:refund:")
    assert refunds.values("settlement_key").distinct().count() == 6 and refunds.count() == 12  # a pair each
    assert not LedgerEntry.objects.filter(settlement_key__startswith=f"tournament:{tournament.pk}:prize:").exists()
    with pytest.raises(Refused):
        services.admin_cancel(tournament=tournament)
    page = admin.post(reverse("admin:tournaments_tournament_changelist"),
                      {"action": "cancel_selected", "_selected_action": [tournament.pk]}, follow=True).content.decode()
    assert "只能取消报名中或进行中的比赛" in page and refunds.count() == 12
    sweeper.sweep(now + timedelta(minutes=5))  # the clock leaves it be
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.CANCELLED and refunds.count() == 12

    waiting = Tournament.objects.get(plan=plan, state=Tournament.State.REGISTERING)  # the plan's next
    services.register(tournament=waiting, user=people[0], address=address(0))
    assert services.admin_cancel(tournament=waiting) == 1
    assert User.objects.get(pk=people[0].pk).coins == coins[people[0].pk]
    assert ledger_problems() == []
    call_command("ledger_check")


def test_a_clubs_plan_shows_its_club_which_the_admin_cannot_change(admin, club):
    plan = services.club_tournament_open(club=club, user=club.owner, rule_set_id=club.rule_sets.get().pk,
                                         entrants=3, name="周赛").plan
    page = admin.get(reverse("admin:tournaments_plan_change", args=[plan.pk])).content.decode()
    assert f"{club.name} ({club.number})" in page and 'name="club"' not in page  # shown, not a field
    listed = admin.get(reverse("admin:tournaments_plan_changelist") + "?club__isempty=0").content.decode()
    assert "周赛" in listed and f"{club.name} ({club.number})" in listed
    assert "周赛" not in admin.get(reverse("admin:tournaments_plan_changelist") + "?club__isempty=1").content.decode()
    saved = admin.post(reverse("admin:tournaments_plan_change", args=[plan.pk]),
                       form(name="改名", entrants=3, entry_fee=0, prize_mode="fixed", prizes="", house_cut=0))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    plan.refresh_from_db()
    assert (plan.name, plan.club_id) == ("改名", club.pk)  # saved, still the club's

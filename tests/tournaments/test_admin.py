"""Tournaments in the admin: a plan's form validates (entrants a multiple of the table size, a scheduled
plan's window and minimum, shares at most 100 %) with Chinese messages, saving an offered plan opens its
tournament, and the tournament's page hides the seed and shows its commitment."""
import pytest
from django.urls import reverse

from tournaments.models import Plan, Tournament

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

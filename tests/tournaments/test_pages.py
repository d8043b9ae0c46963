"""Tournament pages: the lobby's list with register and give-up buttons and their messages, the
tournament's page (entrants, round, tables with a watch link, standings, the ranking and prizes once
over), the line at a tournament table, the profile's list; Chinese by default, English complete."""
import pytest
from django.urls import reverse

from tournaments.models import Tournament

from .tourneykit import open_of, plan_make, run_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client, defaults, make_user):
    user = make_user("甲")
    client.force_login(user)
    return user


def test_the_lobby_lists_it_and_registering_and_giving_up_say_so(client, player):
    tournament = open_of(plan_make())
    page = client.get(reverse("games:lobby")).content.decode()
    assert "九人快赛" in page and "0/9" in page and "报名费 100 金币" in page and "满人开赛" in page
    page = client.post(reverse("tournaments:register", args=[tournament.pk]), follow=True).content.decode()
    assert "报名成功" in page and "1/9" in page and f'id="unregister-{tournament.pk}"' in page
    page = client.post(reverse("tournaments:unregister", args=[tournament.pk]), follow=True).content.decode()
    assert "退还 100 金币" in page and "0/9" in page
    page = client.get(reverse("accounts:profile")).content.decode()  # the coin history names both
    assert "比赛报名费</td>" in page and "比赛报名费退还</td>" in page
    client.cookies["django_language"] = "en"
    page = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Nine quick" in page and "fee 100 coins" in page and "Register" in page


def test_the_tournament_page_the_table_line_and_the_profile(client, player, make_user):
    plan = plan_make(entrants=3, entry_fee=0, prize_mode="fixed", prizes="300,100")
    tournament = open_of(plan)
    client.post(reverse("tournaments:register", args=[tournament.pk]), {"back": "detail"})
    from tournaments import services
    from .tourneykit import address
    for i, name in enumerate(["乙", "丙"]):
        services.register(tournament=tournament, user=make_user(name), address=address(i))
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.RUNNING
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "决赛桌" in page and "观战" in page and "?code=" in page and "乙" in page
    table = tournament.rounds.get().seats.get(entry__user=player).table
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'id="tournament-line"' in page and "决赛桌" in page and "第 1 名，共 3 人" in page  # no hand over: a tie
    run_out(tournament)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "最终排名" in page and "300 金币" in page and tournament.seed in page
    page = client.get(reverse("accounts:profile")).content.decode()
    rank = tournament.entries.get(user=player).rank
    assert "我的比赛" in page and "九人快赛" in page and f"第 {rank} 名" in page


def test_a_tournament_table_offers_no_dissolve_and_its_line_is_fetched_anew(client, player, make_user):
    """The dissolve button is not shown at a tournament's table (its tap would be refused), as it is at
    a private room; the line (round, rank, points) answers anew at its own address, which the page
    fetches when a hand's result comes (static/js/tournaments.js)."""
    from games.play import dissolve_forbidden
    from games.rooms import series_open
    from tournaments import services
    from .tourneykit import address

    tournament = open_of(plan_make(entrants=3, entry_fee=0, prize_mode="fixed", prizes="300"))
    services.register(tournament=tournament, user=player, address=address(5))
    for i, name in enumerate(["乙", "丙"]):
        services.register(tournament=tournament, user=make_user(name), address=address(i))
    table = tournament.rounds.get().seats.get(entry__user=player).table
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'id="dissolve-propose"' not in page and dissolve_forbidden(table.pk)
    assert f'hx-get="{reverse("tournaments:line", args=[table.pk])}"' in page and "js/tournaments.js" in page
    room = series_open(variant=table.variant, planned_hands=8, players=[(player, None), (make_user("丁"), None),
                                                                       (make_user("戊"), None)])
    page = client.get(reverse("games:table", args=[room.pk])).content.decode()
    assert 'id="dissolve-propose"' in page and not dissolve_forbidden(room.pk)  # a private room keeps it
    line = client.get(reverse("tournaments:line", args=[table.pk])).content.decode()
    assert line.startswith('\n<p class="panel tournament-line" id="tournament-line"') and "第 1 名，共 3 人" in line
    assert "js/tournaments.js" not in line
    run_out(tournament)
    client.force_login(make_user("路人"))
    assert client.get(reverse("tournaments:line", args=[table.pk])).content == b""


def test_a_scheduled_start_carries_its_countdown_for_the_script_and_the_text_without_it(client, player):
    import re
    from datetime import datetime, timedelta

    from django.utils import timezone

    from tournaments.models import Plan

    now = timezone.now()
    tournament = open_of(plan_make(name="晚场", kind=Plan.Kind.SCHEDULED, registration_opens_at=now - timedelta(hours=1),
                                   starts_at=now + timedelta(hours=2, minutes=5), min_entrants=3))
    for url in (reverse("games:lobby"), reverse("tournaments:detail", args=[tournament.pk])):
        page = client.get(url).content.decode()
        starts = re.search(r'class="tournament-countdown" data-starts="([^"]+)"', page)
        assert starts and datetime.fromisoformat(starts.group(1)) == tournament.starts_at, url
        assert 'data-label="{left}后开赛"' in page and ">2\xa0小时、4\xa0分钟后开赛</span>" in page, url
        assert "js/tournaments.js" in page
    client.cookies["django_language"] = "en"
    page = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-label="starts in {left}"' in page and ">starts in 2\xa0hours, 4\xa0minutes</span>" in page

"""R2 for the person whose quick match (or tier move) fills a coin table (issue 26): the table is not known
before that POST, so its deal waits DEAL_WAIT_SECONDS (the tests' setting is 0; these turn it on), through
the table's waiting timer: meanwhile the joiner's page shows the commitment and sends a client seed, and
the deal, when due, takes every person's stored seed and keeps the commitment shown. The seating forms
carry the page's client seed like the private room's join form (tests/games/test_fair_join.py)."""
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from games.live import fragments
from games import selectors
from games.clock import tick
from games import play
from games import rooms
from games.clock.sweeper import sweep
from games.models import Seat
from games.rules import commitment_of, deal_seed_of

from .tablekit import WIN_SEED, deal_seed, short_after_one_hand  # noqa: F401

pytestmark = pytest.mark.django_db
NEXT = re.compile(r'data-fair-next="([0-9a-f]{64})"')
SEEDS = ["a1" * 16, "b2" * 16, "c3" * 16]


@pytest.fixture
def waiting(defaults, make_user, settings):
    """ann and bob wait at a coin table for a third person (bots only after 60 s); ann's page sent its
    seed over the socket, bob's came with his quick match; deals wait 2 s."""
    settings.QUICK_MATCH_BOT_WAIT, settings.DEAL_WAIT_SECONDS = 60, 2
    ann, bob = make_user("ann"), make_user("bob")
    table = rooms.quick_match(user=ann, client_seed=SEEDS[2])  # a new table: chosen before its commitment
    play.client_seed_set(table=table, user=ann, seed=SEEDS[0])
    assert rooms.quick_match(user=bob, client_seed=SEEDS[1]) == table
    return table


def test_r2_the_quick_match_that_fills_a_coin_table_deals_after_the_wait(waiting, make_user, client):
    cyd = make_user("cyd")
    before = timezone.now()
    assert rooms.quick_match(user=cyd, client_seed="dd" * 16) == waiting
    waiting.refresh_from_db()
    assert waiting.status == "waiting" and not waiting.hands.exists()  # not dealt in the join's request
    assert before + timedelta(seconds=2) <= waiting.fill_at <= timezone.now() + timedelta(seconds=2)
    assert tick.due(waiting) == waiting.fill_at  # the sockets' clock and the sweeper wake for it

    client.force_login(cyd)
    page = client.get(reverse("games:table", args=[waiting.pk])).content.decode()
    shown = NEXT.search(page).group(1)  # the page shows the deal's commitment and says it is dealing
    assert shown == waiting.next_commitment and 'id="dealing-note"' in page and "Bots take" not in page
    play.client_seed_set(table=waiting, user=cyd, seed=SEEDS[2])  # its fair.js, over the socket

    assert sweep(now=waiting.fill_at - timedelta(milliseconds=1)) == 0  # not yet
    assert sweep(now=waiting.fill_at) == 1
    hand = waiting.hands.get()
    assert commitment_of(hand.server_seed) == shown and hand.client_seeds == SEEDS  # every person's seed
    assert int(hand.seed) == deal_seed_of(hand.server_seed, SEEDS)
    assert [s.is_bot for s in waiting.seats.all()] == [False, False, False]


def test_r2_the_dealing_line_is_in_the_players_language(waiting, make_user, client):
    rooms.quick_match(user=make_user("cyd"))
    client.force_login(Seat.objects.get(table=waiting, position=0).user)
    with translation.override("zh-hans"):
        line = client.get(reverse("games:table", args=[waiting.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    note = re.search(r'id="dealing-note">([^<]*)<', line.content.decode()).group(1)
    assert note == "座位已满：正在发牌…"


def test_r2_the_lobbys_quick_match_forms_carry_the_seed_to_the_new_seat(waiting, make_user, client):
    client.force_login(make_user("cyd"))
    lobby = client.get(reverse("games:lobby")).content.decode()
    forms = re.findall(rf'<form method="post" action="{reverse("games:quick_match")}".*?</form>', lobby, re.S)
    assert len(forms) > 1 and all('name="client_seed"' in f for f in forms) and "js/fair.js" in lobby
    client.post(reverse("games:quick_match"), {"client_seed": SEEDS[2].upper()})
    assert Seat.objects.get(table=waiting, user__username="cyd").client_seed == SEEDS[2]


def test_r2_a_malformed_seed_at_quick_match_is_refused_calmly(waiting, make_user, client):
    client.force_login(make_user("cyd"))
    page = client.post(reverse("games:quick_match"), {"client_seed": "not hex!"}, follow=True)
    assert page.status_code == 200 and 'id="quick-match"' in page.content.decode()
    assert not Seat.objects.filter(user__username="cyd").exists()


def test_r2_the_tier_move_that_fills_a_table_carries_the_seed_and_waits(defaults, make_user, settings, deal_seed):
    deal_seed(WIN_SEED)
    three = [make_user(n) for n in ("ann", "bob", "cyd")]
    left = short_after_one_hand(three)  # ann keeps 2,200, short of 岳麓山: her coins allow 天门山
    settings.QUICK_MATCH_BOT_WAIT, settings.DEAL_WAIT_SECONDS = 60, 2
    for name in ("dan", "eve"):
        target = rooms.quick_match(user=make_user(name))
    panel = fragments.render_all(selectors.snapshot(left.pk, 0))["result"]
    button = re.search(r'<button[^>]*id="tier-move"[^>]*>[^<]*</button>(<input[^>]*>)', panel)
    assert 'hx-include="next [data-fair-seed]"' in button.group(0) and 'name="client_seed"' in button.group(1)
    assert rooms.tier_move(table=left, user=three[0], client_seed=SEEDS[0]) == target
    assert Seat.objects.get(table=target, user=three[0]).client_seed == SEEDS[0]
    target.refresh_from_db()
    assert target.status == "waiting" and target.fill_at and not target.hands.exists()

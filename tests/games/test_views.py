"""Pages: lobby, quick match, private rooms by code and link, the table page, standings, replay, profile."""
import re

import pytest
from django.urls import reverse

from games import play
from games import rooms
from money import ledger
from games.models import Table, Variant

from .tablekit import WIN_SEED, deal_seed, play_out, private_table, short_after_one_hand  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(make_user):
    return [make_user(n) for n in ("ann", "bob", "cyd")]


def test_lobby_lists_the_r11_tiers_with_multiplier_entry_and_players(defaults, client, make_user):
    page = client.get(reverse("games:lobby"))
    assert page.status_code == 200 and 'id="play-as-guest"' in page.content.decode()
    client.force_login(make_user("ann"))
    html = client.get(reverse("games:lobby")).content.decode()
    assert "天门山" in html and 'id="quick-match"' in html


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_lobby_groups_the_digits_of_multipliers_and_entry_coins_in_both_languages(defaults, client, make_user,
                                                                                        language):
    from games.models import RoomTier

    RoomTier.objects.create(name="浮动", order=9, multiplier_min=2000, multiplier_max=10000, entry_coins=1000,
                            experience_per_hand=1)
    client.force_login(make_user("ann"))
    client.cookies["django_language"] = language
    html = client.get(reverse("games:lobby")).content.decode()
    assert "×80,000" in html and ">4,000,000<" in html and "×2,000–10,000" in html
    assert "4000000" not in html and "80000" not in html
    assert "2,000 " in html  # the header's coins


def test_a_guest_quick_matches_and_gets_the_table_page_with_its_socket(defaults, client):
    client.post(reverse("accounts:guest"))
    page = client.post(reverse("games:quick_match"), follow=True)
    table = Table.objects.get()
    assert page.redirect_chain[-1][0] == reverse("games:table", args=[table.pk])
    html = page.content.decode()
    assert f'ws-connect="/ws/table/{table.pk}/?lang=zh-hans"' in html and "hx-ws" in html
    for fid in ("table-info", "seat-0", "my-hand", "actions", "event-log", "result"):
        assert f'id="{fid}"' in html
    assert "django_htmx/ext/hx-ws-2" in html  # served from django-htmx, no CDN


def test_private_room_created_in_the_lobby_and_joined_by_code_and_link(defaults, client, three):
    client.force_login(three[0])
    changde = Variant.objects.get(slug="changde")
    page = client.post(reverse("games:private_create"),
                       {"variant": changde.pk, "planned_hands": 8, "player_count": 2}, follow=True)
    table = Table.objects.get()
    assert table.invite_code in page.content.decode() and "/join/" in page.content.decode()
    client.force_login(three[1])
    found = client.get(reverse("games:join_code"), {"code": table.invite_code.lower()})
    assert found.url == reverse("games:join", args=[table.invite_code])
    assert 'id="join-seat"' in client.get(found.url).content.decode()
    client.post(found.url)
    assert Table.objects.get().status == "playing"


def test_private_room_form_refuses_a_player_count_the_variant_does_not_allow(defaults, client, three):
    client.force_login(three[0])
    changde = Variant.objects.get(slug="changde")
    page = client.post(reverse("games:private_create"), {"variant": changde.pk, "planned_hands": 8, "player_count": 4})
    assert page.status_code == 200 and not Table.objects.exists()


def test_the_table_page_is_only_for_its_players(defaults, client, three, make_user):
    table = private_table(three, variant=Variant.objects.get(slug="changde"))
    client.force_login(make_user("other"))
    assert client.get(reverse("games:table", args=[table.pk])).url == reverse("games:lobby")


def test_standings_replay_and_profile_after_a_hand(defaults, client, three, make_user, deal_seed):
    deal_seed(WIN_SEED)
    table = private_table(three, variant=Variant.objects.get(slug="changde"))
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    client.force_login(three[0])
    assert "+16" in client.get(reverse("games:standings", args=[table.pk])).content.decode()
    replay = client.get(reverse("games:replay", args=[hand.pk]), {"step": 3}).content.decode()
    assert 'id="replay-step"' in replay and 'id="replay-next"' in replay
    end = client.get(reverse("games:replay", args=[hand.pk]), {"step": 999}).content.decode()
    assert 'id="replay-result"' in end
    for step in range(1, hand.move_no + 1):  # each move reads in the page's language (no "peng", "pass")
        page = client.get(reverse("games:replay", args=[hand.pk]), {"step": step}).content.decode()
        move = re.sub(r"<[^>]+>|ann|bob|cyd", "", re.search(r'id="replay-move">(.*?)</p>', page, re.S).group(1))
        assert move.strip() and not re.search(r"[A-Za-z]", move), move
        said = [" ".join(part.split()) for part in move.split("·")]
        assert len(said) == len(set(said)), move  # the move is said once, then what followed it
    profile = client.get(reverse("accounts:profile")).content.decode()
    assert reverse("games:replay", args=[hand.pk]) in profile
    assert f"{hand.scores[0]:+d} 积分" in profile  # a private room's points
    client.force_login(make_user("other"))
    assert client.get(reverse("games:replay", args=[hand.pk])).status_code == 404


@pytest.mark.parametrize("players, places", [(2, ["bottom", "top"]), (3, ["bottom", "right", "left"]),
                                             (4, ["bottom", "right", "top", "left"])])
def test_r2_the_viewer_sits_at_the_bottom_with_the_next_player_to_the_right(defaults, make_user, players, places):
    from games.live import fragments
    from games import selectors

    users = [make_user(f"p{i}") for i in range(players)]
    variant = Variant.objects.get(slug="yongzhou_full" if players == 4 else "changde")
    table = private_table(users, variant=variant)
    snap = selectors.snapshot(table.pk, 0)
    assert [fragments.relative(snap, p) for p in range(players)] == places


def test_r11_the_move_up_button_posts_with_htmx_and_is_sent_to_the_new_table(defaults, client, three, deal_seed):
    from games import rooms
    from money import ledger

    deal_seed(WIN_SEED)
    table = None
    for user in three:
        table = rooms.quick_match(user=user)
    ledger.ledger_settle("gift", {three[1]: 600, ledger.house_account(): -600})  # 2,600 > 2,500
    play_out(table, {s.position: s.user for s in table.seats.all()})
    client.force_login(three[1])
    answer = client.post(reverse("games:tier_move", args=[table.pk]), HTTP_HX_REQUEST="true")
    moved = Table.objects.get(seats__user=three[1], status="waiting", tier__name="岳麓山")
    assert answer.headers["HX-Redirect"] == reverse("games:table", args=[moved.pk])


def test_r11_an_unseated_person_reloading_the_table_is_told_why_and_quick_matches_in_one_click(
        defaults, client, three, deal_seed):
    deal_seed(WIN_SEED)
    table = short_after_one_hand(three)
    play.next_ready(table=table, user=three[1])  # the deal unseats ann and cyd (2,200 < 2,500)
    client.force_login(three[0])
    html = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'id="unseated"' in html and "2,200" in html and "2,500" in html and "进入天门山" in html
    answer = client.post(reverse("games:quick_match"), HTTP_HX_REQUEST="true")  # the panel's button
    moved = Table.objects.get(seats__user=three[0])
    assert moved.tier.name == "天门山" and answer.headers["HX-Redirect"] == reverse("games:table", args=[moved.pk])


def test_r11_a_short_person_no_tier_admits_goes_to_the_lobby_with_a_message(defaults, client, three, deal_seed):
    ledger.ledger_settle("loss", {three[0]: -1890, ledger.house_account(): 1890})  # 110 coins
    deal_seed(WIN_SEED)
    table = None
    for user in three:
        table = rooms.quick_match(user=user)
    play_out(table, {s.position: s.user for s in table.seats.all()})  # ann pays 16: 94 coins
    client.force_login(three[0])
    page = client.post(reverse("games:tier_move", args=[table.pk]), follow=True)
    assert page.redirect_chain[-1][0] == reverse("games:lobby")
    assert "你现在有 94 金币，不够进入任何房间。" in page.content.decode()

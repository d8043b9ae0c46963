"""Friends' room options (games.room_options): what the admin allows per variant, the owner's choice
checked (nothing half-created), the choice applied to the hand's RuleSet and payments at the deal, and
the rules card on the join page and at the table."""
import dataclasses

import pytest
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games import breakdown, rooms, selectors
from games.errors import Refused
from games.models import Table, Variant
from games.rules import Group, score_split
from games.rules import cards as C

from .tablekit import WIN_SEED, deal_seed, play_out, state_of  # noqa: F401

pytestmark = pytest.mark.django_db

OFFERED = {"base_cap": [0, 200], "base_points": [1, 10], "min_huxi": [10, 18]}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def changde(defaults):
    variant = Variant.objects.get(slug="changde")
    variant.room_options = OFFERED
    variant.save()
    return variant


@pytest.fixture
def three(make_user):
    return [make_user(name) for name in ("ann", "bob", "cyd")]


def _room(owner, variant, **options):
    return rooms.private_create(owner=owner, variant=variant, planned_hands=8, player_count=3, options=options)


def test_allowed_options_are_stored_with_the_variants_values_for_the_rest(changde, three):
    table = _room(three[0], changde, base_cap=40)
    assert table.rule_options == {"base_cap": 40, "base_points": 1, "min_huxi": 15}


@pytest.mark.parametrize("options, message", [
    ({"self_draw_grades": 2}, "does not let friends change Self-draw grades"),
    ({"made_up": 1}, "does not let friends change made_up"),
    ({"base_cap": 201}, "Base cap must be from 0 to 200"),
    ({"min_huxi": 9}, "Minimum hu-xi must be from 10 to 18"),
    ({"base_points": "2"}, "Points per base must be from 1 to 10"),
])
def test_a_disallowed_or_out_of_bounds_option_is_refused_and_nothing_is_created(changde, three, options, message):
    with pytest.raises(Refused, match=message):
        _room(three[0], changde, **options)
    assert not Table.objects.exists()


def test_a_variant_that_allows_nothing_refuses_every_option(defaults, three):
    variant = Variant.objects.get(slug="changde")
    variant.room_options = {}
    variant.save()
    assert _room(three[0], variant).rule_options == {}
    with pytest.raises(Refused):
        _room(three[0], variant, base_cap=10)


@pytest.mark.parametrize("spec, field_error", [
    ({"nope": [0, 1]}, "Unknown room option nope"),
    ({"base_cap": [0, 20_000]}, "base_cap: write"),
    ({"base_cap": [5, 1]}, "base_cap: write"),
    ({"min_huxi": [16, 20]}, "the variant's own value 15"),
    (["base_cap"], "JSON object"),
])
def test_the_admin_cannot_save_bounds_the_room_could_not_play(changde, spec, field_error):
    changde.room_options = spec
    with pytest.raises(ValidationError, match=field_error):
        changde.full_clean()


def _dealt(variant, users, **options):
    table = _room(users[0], variant, **options)
    for user in users[1:]:
        rooms.seat_join(table=table, user=user)
    table.refresh_from_db()
    return table


def test_a_hand_with_a_base_cap_pays_the_capped_base_as_the_engine_scores_it(changde, three, deal_seed):
    deal_seed(WIN_SEED)  # seat 1 wins, base 8 uncapped
    table = _dealt(changde, three, base_cap=5)
    assert state_of(table).rules.base_cap == 5
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    result, rules = hand.result, state_of(table).rules
    split = [Group.make(kind, C.parse(cards)) for kind, cards in result["split"]]
    free = score_split(dataclasses.replace(rules, base_cap=0), split, self_draw=result["self_draw"])
    capped = score_split(rules, split, self_draw=result["self_draw"])
    assert (free.base, capped.base, capped.uncapped) == (8, 5, 8)
    assert result["base"] == 5 and hand.scores == [-5, 10, -5] and hand.multiplier == 1
    b = breakdown.from_result(result, rules, pay={"coins": False, "multiplier": 1, "due": 5})
    assert "= base 8, capped at 5: 5 points from each other player" in render_to_string("games/_formula.html", {"b": b})


def test_points_per_base_multiply_what_each_other_player_pays(changde, three, deal_seed):
    deal_seed(WIN_SEED)
    table = _dealt(changde, three, base_points=3)
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    assert hand.result["base"] == 8 and hand.multiplier == 3 and hand.scores == [-24, 48, -24]
    b = breakdown.from_result(hand.result, state_of(table).rules, pay={"coins": False, "multiplier": 3, "due": 24})
    assert "= base 8, × 3 points per base = 24 points from each other player" in render_to_string(
        "games/_formula.html", {"b": b})


def test_a_lower_minimum_hu_xi_reaches_the_hands_rule_set(changde, three, deal_seed):
    deal_seed(WIN_SEED)
    assert state_of(_dealt(changde, three, min_huxi=10)).rules.min_huxi == 10


def test_the_create_form_offers_the_variants_options_and_keeps_a_bad_one_out(changde, client, make_user):
    client.force_login(make_user("ann"))
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert f'name="option-{changde.pk}-base_cap"' in lobby and 'value="15"' in lobby
    post = {"variant": changde.pk, "planned_hands": 8, "player_count": 3, "hints": "on"}
    page = client.post(reverse("games:private_create"), {**post, f"option-{changde.pk}-base_cap": "999"})
    assert "封顶必须在 0 到 200 之间" in page.content.decode() and not Table.objects.exists()
    page = client.post(reverse("games:private_create"), {**post, f"option-{changde.pk}-base_cap": "abc"})
    assert "封顶必须是整数" in page.content.decode() and not Table.objects.exists()
    client.post(reverse("games:private_create"), {**post, f"option-{changde.pk}-base_cap": "50",
                                                  f"option-{changde.pk}-base_points": "2"})
    assert Table.objects.get().rule_options == {"base_cap": 50, "base_points": 2, "min_huxi": 15}


def test_the_join_page_and_the_table_show_the_rules_card_in_the_pages_language(changde, three, client):
    table = _room(three[0], changde, base_cap=0, base_points=2)
    client.cookies["django_language"] = "zh-hans"
    html = client.get(reverse("games:join", args=[table.invite_code])).content.decode()
    card = html[html.index('id="rules-card"'):]
    for words in ("房间规则", "常德", "8", "3", "封顶", "不封顶", "底分", "2", "最低胡息", "15"):
        assert words in card, words
    client.force_login(three[0])
    html = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'id="rules-card"' in html and "底分" in html


def test_a_guest_is_seated_with_one_tap_on_the_join_page(changde, three, client):
    table = _room(three[0], changde)
    page = client.get(reverse("games:join", args=[table.invite_code])).content.decode()
    assert 'id="play-as-guest"' in page and 'action="/accounts/guest/' not in page
    page = client.post(reverse("games:join", args=[table.invite_code]))
    assert page.status_code == 302 and page.url == reverse("games:table", args=[table.pk])
    seat = table.seats.get(position=1)
    assert seat.user.is_guest and selectors.seat_position(table.pk, seat.user) == 1


def test_a_guest_tap_on_a_full_room_makes_no_account(changde, three, client):
    table = _room(three[0], changde)
    for user in three[1:]:
        rooms.seat_join(table=table, user=user)
    from accounts.models import User
    before = User.objects.count()
    client.post(reverse("games:join", args=[table.invite_code]))
    assert User.objects.count() == before

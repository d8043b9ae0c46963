"""Winning-card hints (听牌提示) on the table page: the hand fragment shows exactly the cards the engine
computes (games.rules.seat_hints, R7), never from a card hidden from the seat, and not at all when the
player or the private room switched them off."""
import copy
import re

import pytest
from django.urls import reverse

from accounts.services import hints_set
from games.live import fragments
from games import selectors
from games import rooms
from games.models import Seat, Table, Variant
from games.rules import cards as C
from games.rules import seat_hints
from games.rules.checks import scrambled
from games.rules.views import seat_view

from .tablekit import WIN_SEED, deal_seed, play_one  # noqa: F401
from .test_no_hidden_card_in_html import scrambled_hand

HINT = re.compile(r'<span class="hint"><i class="card[^"]*">(.)</i>')


def seated(make_user, deal_seed, seed=WIN_SEED):
    deal_seed(seed)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = rooms.quick_match(user=user)
    return table, {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")}


def until_ready(table, by_seat):
    """Play the hand until a seat holds one card short of a win: (its snapshot, the engine's hints)."""
    for _ in range(200):
        for seat in by_seat:
            snap = selectors.snapshot(table.pk, seat)
            found = seat_hints(snap.state, seat)
            if found and found.waits:
                return snap, found
        play_one(table, by_seat)
    raise AssertionError("no seat was ever ready")


def hand_html(snap) -> str:
    return fragments.render_all(snap)["my-hand"]


@pytest.mark.django_db
def test_r7_the_hand_shows_exactly_the_winning_cards_the_engine_computes(defaults, make_user, deal_seed):
    table, by_seat = seated(make_user, deal_seed)
    snap, found = until_ready(table, by_seat)
    html = hand_html(snap)
    assert HINT.findall(html) == [C.char(w.card) for w in found.waits]
    for w in found.waits:
        for _, win in w.wins:
            assert f"{win.huxi} 胡息" in html
    for other in by_seat:  # every seat: exactly its own waits, none where it has none
        mine = selectors.snapshot(table.pk, other)
        found = seat_hints(mine.state, other)
        assert HINT.findall(hand_html(mine)) == [C.char(w.card) for w in (found.waits if found else ())]


@pytest.mark.django_db
def test_r7_hints_do_not_depend_on_the_cards_hidden_from_the_seat(defaults, make_user, deal_seed):
    table, by_seat = seated(make_user, deal_seed)
    shown = 0
    for _ in range(200):
        hand = selectors.current_hand(table)
        if hand.finished:
            break
        for seat in by_seat:
            snap = selectors.snapshot(table.pk, seat)
            twin = copy.copy(snap)
            twin.state = scrambled(snap.state, seat)
            twin.view, twin.hand = seat_view(twin.state, seat), scrambled_hand(hand, seat)
            assert fragments.my_hand(twin) == fragments.my_hand(snap), f"seat {seat}, move {hand.move_no}"
            shown += 'class="hints"' in hand_html(snap)
        play_one(table, by_seat)
    assert shown > 0  # the hand did show hints on the way


@pytest.mark.django_db
def test_no_hints_when_the_player_switched_them_off(defaults, make_user, deal_seed):
    table, by_seat = seated(make_user, deal_seed)
    snap, _ = until_ready(table, by_seat)
    hints_set(user=by_seat[snap.position], show=False)
    again = selectors.snapshot(table.pk, snap.position)
    assert fragments.my_hand(again)["hints"] is None and 'class="hints"' not in hand_html(again)


@pytest.mark.django_db
def test_no_hints_at_a_room_that_switched_them_off(defaults, make_user, deal_seed):
    table, by_seat = seated(make_user, deal_seed)
    snap, _ = until_ready(table, by_seat)
    Table.objects.filter(pk=table.pk).update(hints=False)
    again = selectors.snapshot(table.pk, snap.position)
    assert fragments.my_hand(again)["hints"] is None and 'class="hints"' not in hand_html(again)


@pytest.mark.django_db
def test_the_profile_switches_hints_off_and_on(client, make_user):
    user = make_user("ann")
    client.force_login(user)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="hint-setting"' in page and "checked" in page.split('id="hint-setting"')[1].split("</form>")[0]
    client.post(reverse("accounts:hints"), {})
    user.refresh_from_db()
    assert user.show_hints is False
    client.post(reverse("accounts:hints"), {"show_hints": "on"})
    user.refresh_from_db()
    assert user.show_hints is True


@pytest.mark.django_db
@pytest.mark.parametrize("posted, stored", [({"hints": "on"}, True), ({}, False)])
def test_the_private_room_form_chooses_hints_for_the_room(defaults, client, make_user, posted, stored):
    user = make_user("ann")
    client.force_login(user)
    assert 'name="hints"' in client.get(reverse("games:lobby")).content.decode()
    variant = Variant.objects.filter(active=True).first()
    client.post(reverse("games:private_create"),
                {"variant": variant.pk, "planned_hands": 8, "player_count": 3, **posted})
    assert Table.objects.get(owner=user).hints is stored

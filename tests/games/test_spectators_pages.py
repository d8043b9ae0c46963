"""Spectators without a socket: the public view (games.live.fragments with position None) at every move of
two hands is the same whatever the hidden cards are (R3 'shown' column: scrambled hands, stock, wei
cards, draws); the watch page, the lobby's list and the private room's choice."""
import copy

import pytest

from django.urls import reverse

from games.live import fragments
from games import selectors
from games.models import Table, Variant
from games.rules import public_view
from games.rules.checks import scrambled

from .tablekit import deal_seed  # noqa: F401
from .test_no_hidden_card_in_html import scrambled_hand
from .test_spectators import _move, coin_table  # noqa: F401


@pytest.mark.django_db
@pytest.mark.parametrize("hands", [2])
def test_r3_the_public_view_does_not_change_with_any_hidden_card_at_any_move(coin_table, hands):
    """The spectator's fragments (render_all and the running frames) at every move of two hands."""
    table, by_seat = coin_table
    sent, twin_sent, base, checked = {}, {}, None, 0
    for _ in range(400):
        hand = selectors.current_hand(table)
        if hand.finished and hand.number == hands:
            break
        snap = selectors.snapshot(table.pk, None)
        if not snap.state.finished:
            hidden = scrambled(snap.state, None)
            twin = copy.copy(snap)
            twin.shared = {}  # its own: the real snapshot's fragments made no part of the twin's
            twin.state, twin.view, twin.hand = hidden, public_view(hidden), scrambled_hand(snap.hand, None)
            assert fragments.render_all(twin) == fragments.render_all(snap), f"move {snap.state.move_no}"
            assert (fragments.render_changed(twin, twin_sent, base) == fragments.render_changed(snap, sent, base))
            assert 'id="my-hand"' not in fragments.render_changed(snap, {}, None)
            base, checked = snap.version, checked + 1
        _move(table, by_seat)
    assert hand.number == hands and hand.finished and checked > 30


# ---- the pages


@pytest.mark.django_db
def test_the_watch_page_shows_the_public_view_and_the_lobby_lists_the_table(coin_table, client, make_user):
    table, by_seat = coin_table
    client.force_login(make_user("watcher"))
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert reverse("games:watch", args=[table.pk]) in lobby and 'id="now-playing"' in lobby
    page = client.get(reverse("games:watch", args=[table.pk])).content.decode()
    assert f'ws-connect="/ws/watch/{table.pk}/' in page and 'id="seat-2"' in page and 'id="table-info"' in page
    assert 'id="my-hand"' not in page and 'id="actions"' not in page and 'id="watchers"' in page
    client.force_login(by_seat[0])  # a player is sent to their own seat
    assert client.get(reverse("games:watch", args=[table.pk])).url == reverse("games:table", args=[table.pk])
    by_seat[2].may_be_watched = False
    by_seat[2].save(update_fields=["may_be_watched"])
    client.force_login(make_user("other"))
    assert reverse("games:watch", args=[table.pk]) not in client.get(reverse("games:lobby")).content.decode()
    assert client.get(reverse("games:watch", args=[table.pk])).url == reverse("games:lobby")


@pytest.mark.django_db
def test_the_private_room_form_lets_the_owner_allow_watching_by_the_invite_link(defaults, client, make_user):
    owner = make_user("ann")
    client.force_login(owner)
    variant = Variant.objects.get(slug="changde")
    client.post(reverse("games:private_create"),
                {"variant": variant.pk, "planned_hands": 8, "player_count": 3, "watchable": "on"})
    room = Table.objects.get(owner=owner)
    assert room.watchable
    client.force_login(make_user("friend"))
    join = client.get(reverse("games:join", args=[room.invite_code])).content.decode()
    link = f'{reverse("games:watch", args=[room.pk])}?code={room.invite_code}'
    assert link in join
    assert client.get(link).status_code == 200
    assert client.get(reverse("games:watch", args=[room.pk])).url == reverse("games:lobby")  # not without it
    Table.objects.filter(pk=room.pk).update(watchable=False)
    assert client.get(link).url == reverse("games:lobby")

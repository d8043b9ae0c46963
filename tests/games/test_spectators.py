"""Spectators (issue 13): /ws/watch/<id>/ sends the table's public view live, never a card hidden from
any seat (R3 'shown' column), never lets the spectator act, and only where watching is allowed."""
import copy
import re

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import reverse
from django.utils import translation

from accounts import services as accounts_services
from accounts.forms import WatchSettingsForm
from games import bots, selectors
from games.live import chat, fragments, messages, spectators
from games import errors
from games import play
from games import rooms
from games.models import ActionLog, Seat, Table, Variant
from games.live.routing import websocket_urlpatterns
from games.rules import public_view
from games.rules.checks import scrambled

from .tablekit import WIN_SEED, deal_seed, private_table, state_of  # noqa: F401
from .test_consumers import close_the_sync_threads_connection, connect, drain, ids, receive_until  # noqa: F401
from .test_no_hidden_card_in_html import scrambled_hand

db = database_sync_to_async
SPECTATOR_IDS = ["table-version", "table-info", "table-status", "fair-box", "seat-0", "seat-1", "seat-2", "seat-3",
                 "event-log", "result", "watchers"]


async def watch(table_id: int, user=None, code: str = ""):
    """(connected, close code or None, communicator) of a spectator's socket."""
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns),
                                 f"/ws/watch/{table_id}/" + (f"?code={code}" if code else ""))
    if user is not None:
        comm.scope["user"] = user
    connected, code = await comm.connect()
    return connected, (None if connected else code), comm


@pytest.fixture
def coin_table(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = rooms.quick_match(user=user)
    return table, {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")}


def _move(table, by_seat):
    """The next step of the series: the first seat to act plays the bot's choice; after a hand, all are
    ready for the next one. Returns the table's version after it."""
    hand = selectors.current_hand(table)
    if hand.finished:
        for user in by_seat.values():
            try:
                play.next_ready(table=table, user=user)
            except errors.Stale:
                pass
    else:
        state = state_of(table)
        seat = state.to_act[0]
        play.action_submit(table=table, user=by_seat[seat],
                           wire={"action": bots.choose_action(state, seat).text, "move_no": hand.move_no})
    return Table.objects.get(pk=table.pk).version


def _twin_frame(table_id: int, version: int, sent: dict, base):
    """The frame the spectator would get at `version` had every hidden card been another: other hands,
    stock order, removed cards, the card of every wei and every unseen draw (checks.scrambled for no
    seat, and the log); `sent` is what the twin socket was sent before."""
    with translation.override("zh-hans"):
        snap = selectors.snapshot(table_id, None, "", version)
        twin = copy.copy(snap)
        twin.shared = {}  # its own: the real snapshot's fragments made no part of the twin's
        if not snap.state.finished:
            hidden = scrambled(snap.state, None)
            assert hidden != snap.state or not snap.state.stock  # the scramble really changes cards
            twin.state, twin.view, twin.hand = hidden, public_view(hidden), scrambled_hand(snap.hand, None)
        return fragments.render_changed(twin, sent, base)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_r3_a_spectators_frames_over_two_hands_do_not_depend_on_any_hidden_card(coin_table):
    table, by_seat = coin_table
    connected, _, spectator = await watch(table.pk)
    assert connected
    first = await spectator.receive_from(timeout=5)
    assert ids(first) == SPECTATOR_IDS  # the public view: no hand, no moves
    assert 'id="watchers"' in await spectator.receive_from(timeout=5)  # and the count, 1
    twin_sent, base, checked = {}, None, 0
    for _ in range(400):
        for frame in _frames(first):
            v = int(re.search(r'data-version="(\d+)"', frame).group(1))
            assert frame == await db(_twin_frame)(table.pk, v, twin_sent, base), f"version {v}"
            assert 'id="my-hand"' not in frame and 'id="actions"' not in frame
            base, checked = v, checked + 1
        hand = await db(selectors.current_hand)(table)
        if hand.finished and hand.number == 2:
            break
        version = await db(_move)(table, by_seat)
        first = await receive_until(spectator, f'data-version="{version}"')
    assert hand.number == 2 and hand.finished and checked > 30
    await spectator.disconnect()


def _frames(text: str) -> list[str]:
    """The versioned frames in what the socket sent (the count's frames aside)."""
    text = re.sub(r'<span id="watchers".*?</span>\s*', "", text)
    return ['<span id="table-version"' + f for f in text.split('<span id="table-version"')[1:]]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_spectator_can_never_act_every_op_is_refused_calmly_and_nothing_changes(coin_table, make_user):
    table, by_seat = coin_table
    stranger = await db(make_user)("watcher")
    connected, _, spectator = await watch(table.pk, stranger)
    assert connected
    await drain(spectator, 0.1)
    before = await db(selectors.current_hand)(table)
    version = (await db(Table.objects.get)(pk=table.pk)).version
    state = await db(state_of)(table)
    legal = bots.choose_action(state, state.to_act[0]).text  # a move the seat to act could make
    for op in messages.OPS:
        if op == "sync":
            continue
        await spectator.send_json_to({"op": op, "action": legal, "move_no": before.move_no, "phrase": chat.IDS[0]})
        frame = await receive_until(spectator, 'class="flash info"')
        assert "旁观者不能出牌" in frame and [i for i in ids(frame) if i != "watchers"] == ["flash"], op
    await spectator.send_to(text_data="not json")
    await receive_until(spectator, "flash error")
    after = await db(selectors.current_hand)(table)
    assert (after.move_no, after.state, after.events) == (before.move_no, before.state, before.events)
    assert (await db(Table.objects.get)(pk=table.pk)).version == version
    assert not await db(ActionLog.objects.filter(hand=before).exists)()
    assert not await db(Seat.objects.filter(table=table, ready=True).exists)()
    await spectator.send_json_to({"op": "sync"})  # the one op it has: a full snapshot
    assert ids(await receive_until(spectator, 'id="result"')) == SPECTATOR_IDS
    await spectator.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_private_room_is_watched_only_by_its_invite_link_and_only_when_the_owner_allows(
        defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [await db(make_user)(n) for n in ("ann", "bob", "cyd")]
    table = await db(private_table)(users, variant=await db(Variant.objects.get)(slug="changde"))
    connected, code, comm = await watch(table.pk, code=table.invite_code)
    assert not connected and code == 4403  # the owner did not allow it
    await comm.disconnect()
    await db(Table.objects.filter(pk=table.pk).update)(watchable=True)
    for wrong in ("", "WRONG1"):
        connected, code, comm = await watch(table.pk, code=wrong)
        assert not connected and code == 4403  # allowed, but only by the link
        await comm.disconnect()
    connected, _, comm = await watch(table.pk, code=table.invite_code.lower())
    assert connected and ids(await comm.receive_from(timeout=5)) == SPECTATOR_IDS
    await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_coin_table_is_not_watched_once_a_player_turned_watching_off(coin_table):
    table, by_seat = coin_table
    connected, _, spectator = await watch(table.pk)
    assert connected
    await drain(spectator, 0.1)
    form = WatchSettingsForm({}, instance=by_seat[1])  # both boxes unticked
    assert form.is_valid()
    await db(accounts_services.watch_settings_save)(form=form)  # the table's next version: the socket closes
    frame = await receive_until(spectator, 'id="flash"')
    assert "不能再观看" in frame and 'id="seat-0"' not in frame
    assert (await spectator.receive_output(timeout=5))["code"] == 4403
    await spectator.disconnect()
    connected, code, comm = await watch(table.pk)
    assert not connected and code == 4403
    await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_spectator_count_reaches_the_players_and_the_spectators(coin_table):
    table, by_seat = coin_table
    player = await connect(by_seat[0], table.pk)
    await player.receive_from(timeout=5)
    _, _, one = await watch(table.pk)
    _, _, two = await watch(table.pk)

    def count(frames: str) -> int:
        return int(re.findall(r'id="watchers"[^>]*>(\d+)', frames)[-1])

    assert count(await receive_until(player, 'id="watchers"', "2")) == 2
    assert count("".join(await drain(two, 0.1))) == 2
    await one.disconnect()
    assert count(await receive_until(player, 'id="watchers"')) == 1
    await two.disconnect()
    frame = await receive_until(player, 'id="watchers"')
    assert count(frame) == 0 and "hidden" in frame.split('id="watchers"')[1].split(">")[0]
    await player.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_seats_new_socket_and_its_page_show_the_spectator_count_at_once(coin_table, client):
    table, by_seat = coin_table
    _, _, one = await watch(table.pk)
    _, _, two = await watch(table.pk)
    await drain(one, 0.1)
    player = await connect(by_seat[0], table.pk)  # after the spectators came: no live count is pushed to it
    first = await player.receive_from(timeout=5)
    assert re.search(r'<span id="watchers"[^>]*hx-swap-oob="true">2 人观战</span>', first)
    await db(client.force_login)(by_seat[0])
    page = (await db(client.get)(reverse("games:table", args=[table.pk]))).content.decode()
    assert re.search(r'<span id="watchers" class="watchers">2 人观战</span>', page)
    await one.send_to(text_data='{"op": "sync"}')  # a spectator's resync carries it too
    assert re.search(r'id="watchers"[^>]*>2 ', await receive_until(one, 'id="watchers"'))
    for comm in (one, two, player):
        await comm.disconnect()


async def watch_from(table_id: int, address: str, headers=()):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/watch/{table_id}/", headers=list(headers))
    comm.scope["client"] = (address, 50000)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def refused(comm) -> str:
    """The flash the page was sent before its socket was closed with TOO_MANY_HERE."""
    flash = await comm.receive_from(timeout=5)
    assert (await comm.receive_output(timeout=5)) == {"type": "websocket.close", "code": spectators.TOO_MANY_HERE}
    return flash


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_one_address_keeps_at_most_the_cap_of_spectator_sockets_and_a_closed_one_makes_room(
        coin_table, settings):
    settings.SPECTATOR_SOCKETS_PER_ADDRESS = 2
    table, _ = coin_table
    first, second = [await watch_from(table.pk, "10.0.0.1") for _ in range(2)]
    for comm in (first, second):
        assert 'id="table-version"' in await comm.receive_from(timeout=5)
    third = await watch_from(table.pk, "10.0.0.1")
    flash = await refused(third)
    assert "同一地址正在观战的牌桌太多" in flash and 'id="table-version"' not in flash
    other = await watch_from(table.pk, "10.0.0.2")  # another address has its own places
    assert 'id="table-version"' in await other.receive_from(timeout=5)
    await first.disconnect()
    again = await watch_from(table.pk, "10.0.0.1")
    assert 'id="table-version"' in await again.receive_from(timeout=5)
    await refused(await watch_from(table.pk, "10.0.0.1"))  # and it is full again
    for comm in (second, other, again):
        await comm.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_behind_a_proxy_the_cap_counts_the_address_the_proxy_names(coin_table, settings):
    settings.SPECTATOR_SOCKETS_PER_ADDRESS, settings.CLIENT_IP_HEADER = 1, "HTTP_X_REAL_IP"
    table, _ = coin_table
    one = await watch_from(table.pk, "127.0.0.1", [(b"x-real-ip", b"203.0.113.5")])
    await one.receive_from(timeout=5)
    two = await watch_from(table.pk, "127.0.0.1", [(b"x-real-ip", b"203.0.113.6")])  # the same proxy, another client
    assert 'id="table-version"' in await two.receive_from(timeout=5)
    await refused(await watch_from(table.pk, "127.0.0.1", [(b"x-real-ip", b"203.0.113.5")]))
    for comm in (one, two):
        await comm.disconnect()

"""Hostile input over the table's websocket (docs/design.md#every-message-is-validated-before-use):
thousands of malformed, huge, deeply nested, mistyped, out-of-turn, stale and replayed messages change nothing,
crash no socket and log no traceback; a flood is dropped with one notice and then closed; a user's
fourth socket at a table closes the oldest; a failing handler is logged once and leaves nothing behind."""
from __future__ import annotations

import asyncio
import json
import logging
import random

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.models import ActionLog
from games.live.routing import websocket_urlpatterns
from games.selectors import current_hand

from .tablekit import deal_seed  # noqa: F401
from .test_consumers import FRAGMENT_IDS, close_the_sync_threads_connection, coin_table, connect, db, ids  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def hostile(rng: random.Random, move_no: int) -> str:
    """One message a broken or malicious page might send."""
    values = [None, True, [], {}, "", "x" * 5000, -1, 2 ** 70, 1e400, "NaN", "12", move_no, move_no - 1,
              move_no + 1, "discard 一", "peng", "chi 一二三", "hu", "pass", "pass extra", ["discard", "一"]]
    choice = rng.randrange(9)
    if choice == 0:
        return rng.choice(['{"op": []}', '{"op": {}}', '{"move_no": Infinity}', '{"move_no": -Infinity}',
                           '{"move_no": NaN}', '{"move_no": 1e400}', "not json", " ", "null", "[1, 2]", '"act"'])
    if choice == 1:
        return "[" * rng.randrange(1, 5000) + "]" * rng.randrange(0, 3)
    if choice == 2:
        return json.dumps({"op": "act", "action": "x" * rng.randrange(50, 10_000), "move_no": move_no})
    if choice == 3:
        return '{"a":' * 300 + "1" + "}" * 300
    message = {key: rng.choice(values) for key in rng.sample(["op", "action", "move_no", "HEADERS"], 3)}
    if choice < 7:  # mostly real ops with wrong or stale fields
        message["op"] = rng.choice(["act", "act", "act", "next", "bots", "dissolve_yes", "nonsense"])
    try:
        return json.dumps(message)
    except ValueError:  # 1e400 is not JSON: send it as the page would write it
        return json.dumps({**message, "move_no": None}).replace("null", "1e400")


async def test_thousands_of_hostile_messages_change_nothing_and_crash_nothing(coin_table, settings, caplog):
    settings.TABLE_MESSAGES_PER_SECOND, settings.TABLE_MESSAGE_BURST = 1e9, 10 ** 9  # validation, not limits
    table, seats = coin_table
    hand = await db(current_hand)(table)
    from games.rules import HandState

    to_act = HandState.from_json(hand.state).to_act
    idle = next(p for p in seats if p not in to_act)  # a seat with nothing to decide: any move is refused
    attacker = await connect(seats[idle], table.pk)
    await attacker.receive_from(timeout=5)
    rng = random.Random(11)
    with caplog.at_level(logging.WARNING):
        for i in range(5000):
            await attacker.send_to(text_data=hostile(rng, hand.move_no))
            if i % 50 == 0:
                while not await attacker.receive_nothing(timeout=0.001):
                    await attacker.receive_from()
        while not await attacker.receive_nothing(timeout=0.2):
            await attacker.receive_from()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a handler raised"
    after = await db(current_hand)(table)
    assert (after.move_no, after.state) == (hand.move_no, hand.state)
    assert not await db(ActionLog.objects.filter(hand=hand).exists)()
    await attacker.send_to(text_data='{"op": "sync"}')  # the socket is still there and answers
    assert set(FRAGMENT_IDS) <= set(ids(await attacker.receive_from(timeout=5)))
    await attacker.disconnect()


async def test_a_flood_is_dropped_with_one_notice_then_the_socket_is_closed(coin_table, settings):
    settings.TABLE_MESSAGES_PER_SECOND, settings.TABLE_MESSAGE_BURST, settings.TABLE_FLOOD_DROPS = 10, 5, 50
    table, seats = coin_table
    flooder = await connect(seats[1], table.pk)
    await flooder.receive_from(timeout=5)
    for _ in range(100):
        await flooder.send_to(text_data='{"op": "sync"}')
    frames = []
    out = await flooder.receive_output(timeout=5)
    while out["type"] != "websocket.close":
        frames.append(out.get("text", ""))
        out = await flooder.receive_output(timeout=5)
    notices = [f for f in frames if "Too many clicks" in f or "点得太快" in f]
    assert len(notices) == 1 and out["code"] == 4429
    served = sum(set(FRAGMENT_IDS) <= set(ids(f)) for f in frames)
    assert 5 <= served <= 15  # the burst (and what refilled meanwhile) was served; the rest was dropped


async def test_a_fourth_socket_of_a_user_at_a_table_closes_the_oldest(coin_table):
    table, seats = coin_table
    sockets = [await connect(seats[0], table.pk) for _ in range(4)]
    closed = await sockets[0].receive_output(timeout=5)
    while closed["type"] != "websocket.close":
        closed = await sockets[0].receive_output(timeout=5)
    assert closed["code"] == 4409
    for s in sockets[1:]:
        assert ids(await s.receive_from(timeout=5)) == FRAGMENT_IDS
        await s.disconnect()


async def test_a_closed_socket_makes_room_and_many_sockets_leave_only_the_newest_open(coin_table, settings):
    """The cap is kept through the channel layer (every process hears of every socket): a socket that
    closed no longer counts, and of twenty sockets opened one after another only the newest three stay."""
    settings.TABLE_SOCKETS_PER_USER = 3
    table, seats = coin_table
    first = [await connect(seats[0], table.pk) for _ in range(3)]
    await first[0].disconnect()
    fourth = await connect(seats[0], table.pk)
    for s in (*first[1:], fourth):
        assert await s.receive_nothing(timeout=0.3) is False  # its snapshot, and no close
        assert ids(await s.receive_from(timeout=5)) == FRAGMENT_IDS
    many = [await connect(seats[0], table.pk) for _ in range(17)]
    sockets = [*first[1:], fourth, *many]
    codes = []
    for s in sockets:
        out = await s.receive_output(timeout=5)
        while out["type"] != "websocket.close" and not await s.receive_nothing(timeout=0.2):
            out = await s.receive_output(timeout=5)
        codes.append(out.get("code") if out["type"] == "websocket.close" else None)
    assert codes[:-3] == [4409] * 17 and codes[-3:] == [None] * 3
    for s in sockets[-3:]:
        await s.disconnect()


async def test_of_300_sockets_opened_at_once_exactly_the_newest_three_stay_open(coin_table, monkeypatch):
    """All at once (an attacker's script): the cap is decided in one place (games.live.socket_limits.admit),
    so no socket misses another's opening; the three counted last stay, every other one is closed."""
    from games.live.consumers import TableConsumer

    table, seats = coin_table
    order = []  # the sockets (by their number) in the order the cap counted them
    place = TableConsumer._seat_and_place

    def counted(consumer):
        placed = place(consumer)
        order.append(consumer.scope.get("n"))
        return placed

    monkeypatch.setattr(TableConsumer, "_seat_and_place", counted)
    sockets = [WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/table/{table.pk}/") for _ in range(300)]
    for n, s in enumerate(sockets):
        s.scope.update(user=seats[0], n=n)
    assert all(ok for ok, _ in await asyncio.gather(*(s.connect(timeout=60) for s in sockets)))
    codes = await asyncio.gather(*(close_code(s, first=60) for s in sockets))
    newest = order[-3:]
    assert sorted(n for n, code in enumerate(codes) if code is None) == sorted(newest)
    assert sorted(code for code in codes if code is not None) == [4409] * 297
    page = await connect(seats[0], table.pk)  # the page's own socket, opened after them: it stays
    assert ids(await page.receive_from(timeout=5)) == FRAGMENT_IDS
    assert [await close_code(sockets[n]) for n in newest] == [4409, None, None]
    # Every socket ends its handler (the closed ones too: their clean-up writes to the database) before
    # the test's database is flushed.
    await asyncio.gather(*(s.disconnect(timeout=30) for s in (page, *sockets)))


async def close_code(socket, first: float = 0, quiet: float = 0.5) -> int | None:
    """The code the socket was closed with, or None when it is open and has gone quiet; `first`: the
    seconds its first frame may take (300 sockets opened at once take a while)."""
    if first:
        await socket.receive_output(timeout=first)  # its snapshot, or why it was closed
    while not await socket.receive_nothing(timeout=quiet):
        out = await socket.receive_output()
        if out["type"] == "websocket.close":
            return out.get("code")
    return None


async def test_a_socket_cancelled_while_it_opens_leaves_nothing_behind(coin_table, monkeypatch):
    """Daphne cancels the task of a socket whose page left 10 s before while the socket still opens
    (its snapshot queued behind a burst on the database thread): its clean-up runs all the same."""
    import time

    from channels.layers import get_channel_layer

    from games.live import socket_limits
    from games.live import registry
    from games.live.consumers import TableConsumer

    table, seats = coin_table
    monkeypatch.setattr(TableConsumer, "_first_frame", lambda consumer: time.sleep(0.3))
    comm = await connect(seats[0], table.pk)
    for _ in range(100):  # accepted; then it watches the table's clock, then its snapshot hop sleeps
        if registry.watchers(table.pk):
            break
        await asyncio.sleep(0.02)
    assert len(registry.watchers(table.pk)) == 1
    comm.future.cancel()
    for _ in range(100):
        await asyncio.sleep(0.02)
        if comm.future.done():
            break
    assert comm.future.cancelled() and registry.watchers(table.pk) == []
    for newer in ("a", "b", "c"):  # it no longer takes a place: three newer ones push nothing out
        assert await db(socket_limits.admit)(table.pk, seats[0].pk, newer) == []
    layer = get_channel_layer()
    if hasattr(layer, "groups"):  # the in-memory layer
        assert not any(layer.groups.get(g) for g in (f"table.{table.pk}", f"user.{seats[0].pk}"))


async def test_a_failing_handler_is_logged_once_answered_calmly_and_leaves_nothing_behind(coin_table, monkeypatch,
                                                                                         caplog):
    """A bug in a service (here: any move raises) is one logged error and a calm answer; the socket stays
    open, and once it closes neither its table's timer nor its groups hold it (a crashed socket's did)."""
    from channels.layers import get_channel_layer

    from games import play
    from games.live import registry

    def broken(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(play, "action_submit", broken)
    table, seats = coin_table
    comm = await connect(seats[0], table.pk)
    await comm.receive_from(timeout=5)
    with caplog.at_level(logging.WARNING):
        await comm.send_json_to({"op": "act", "action": "pass", "move_no": 0})
        answer = await comm.receive_from(timeout=5)
    assert "没有成功" in answer or "did not work" in answer
    assert [r.exc_info[1].args for r in caplog.records if r.levelno >= logging.ERROR] == [("a bug",)]
    await comm.send_to(text_data='{"op": "sync"}')
    assert set(FRAGMENT_IDS) <= set(ids(await comm.receive_from(timeout=5)))
    assert len(registry.watchers(table.pk)) == 1
    await comm.disconnect()
    assert registry.watchers(table.pk) == []
    layer = get_channel_layer()
    if hasattr(layer, "groups"):  # the in-memory layer (Redis keeps them in Redis)
        assert not any(layer.groups.get(g) for g in (f"table.{table.pk}", f"user.{seats[0].pk}"))

"""Quick chat at the table (issue 22, docs/protocol.md#quick-chat): a fixed phrase said by a seat reaches
every page at the table, spectators included, in each page's language; it is never free text, at most one
per seat every CHAT_SECONDS, and never a change of the table (no version, no frame of fragments)."""
import asyncio
import re

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core.cache import cache

from games import selectors
from games.live import messages
from games.live.routing import websocket_urlpatterns
from games.models import Table
from games.rules import legal_actions

from .tablekit import WIN_SEED, deal_seed, state_of  # noqa: F401
from .test_consumers import close_the_sync_threads_connection, coin_table, connect, drain  # noqa: F401
from .test_spectators import watch

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
db = database_sync_to_async
SAID = re.compile(r'<p class="chat-line[^"]*" data-seat="(\d)" data-phrase="(\w+)">([^<]*)</p>')


@pytest.fixture(autouse=True)
def no_turns_left_from_other_tests():
    cache.clear()  # the seats' turns live in the cache, keyed by table and seat
    yield
    cache.clear()


def said(frames: list[str]) -> list[tuple[str, str, str]]:
    return [m.groups() for f in frames for m in SAID.finditer(f)]


async def _open(coin_table, spectator=True):
    table, seats = coin_table
    comms = {p: await connect(u, table.pk) for p, u in seats.items()}
    watcher = None
    if spectator:
        connected, _, watcher = await watch(table.pk)
        assert connected
    for c in [*comms.values(), watcher] if watcher else comms.values():
        await drain(c, 0.1)  # the snapshots, the spectator count
    return table, comms, watcher


async def test_a_phrase_reaches_every_seat_and_the_spectator_and_counts_no_version(coin_table):
    table, comms, watcher = await _open(coin_table)
    version = (await db(Table.objects.get)(pk=table.pk)).version
    hand = await db(selectors.current_hand)(table)
    await comms[1].send_json_to({"op": "chat", "phrase": "hurry"})
    for c in [*comms.values(), watcher]:
        frames = await drain(c, 0.2)
        assert said(frames) == [("1", "hurry", "快点吧，等得花都谢了")]
        assert not any("table-version" in f for f in frames)  # a say is no change of the table
    assert (await db(Table.objects.get)(pk=table.pk)).version == version
    # The move protocol goes on as if nothing was said: the seat to act moves at the same move number.
    state = await db(state_of)(table)
    seat = state.to_act[0]
    action = legal_actions(state, seat)[0]
    await comms[seat].send_json_to({"op": "act", "action": action.text, "move_no": hand.move_no})
    frames = await drain(comms[seat], 0.3)
    assert any("table-version" in f for f in frames)
    assert (await db(selectors.current_hand)(table)).move_no == hand.move_no + 1


async def test_an_english_page_reads_the_phrase_in_english(coin_table):
    table, seats = coin_table
    comm = await connect(seats[0], table.pk)
    english = await watch_in(table.pk, "en")
    for c in (comm, english):
        await drain(c, 0.1)
    await comm.send_json_to({"op": "chat", "phrase": "stay"})
    assert said(await drain(english, 0.2)) == [("0", "stay", "Don&#x27;t go, let&#x27;s play till dawn")]


async def watch_in(table_id: int, lang: str):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/watch/{table_id}/?lang={lang}")
    connected, _ = await comm.connect()
    assert connected
    return comm


async def test_one_say_per_seat_every_chat_seconds_over_all_its_sockets(coin_table, settings):
    settings.CHAT_SECONDS = 1
    table, comms, _ = await _open(coin_table, spectator=False)
    _, seats = coin_table
    second = await connect(seats[2], table.pk)  # the same player in another window
    await drain(second, 0.1)
    await comms[2].send_json_to({"op": "chat", "phrase": "nice"})
    assert said(await drain(comms[0], 0.2)) == [("2", "nice", "你的牌打得太好了")]
    await drain(comms[2], 0.05)
    await drain(second, 0.05)
    await second.send_json_to({"op": "chat", "phrase": "net"})  # too soon, from the other window
    refused = await drain(second, 0.2)
    assert "快捷语每隔几秒才能发一条" in "".join(refused) and not said(refused)
    assert not said(await drain(comms[0], 0.1))
    await comms[1].send_json_to({"op": "chat", "phrase": "cry"})  # another seat has its own turn
    assert said(await drain(comms[0], 0.2)) == [("1", "cry", "😭")]
    await asyncio.sleep(1.05)
    await second.send_json_to({"op": "chat", "phrase": "net"})
    assert said(await drain(comms[0], 0.2)) == [("2", "net", "又断线了，网络怎么这么差")]


async def test_an_unknown_phrase_is_refused_calmly_and_reaches_nobody(coin_table):
    table, comms, watcher = await _open(coin_table)
    await comms[0].send_json_to({"op": "chat", "phrase": "free text, whatever I like"})
    answer = "".join(await drain(comms[0], 0.2))
    assert "页面发来了牌桌无法识别的消息" in answer
    for c in [comms[1], comms[2], watcher]:
        assert not said(await drain(c, 0.1))
    await comms[0].send_json_to({"op": "chat", "phrase": "hurry"})  # the socket stayed open, its turn unspent
    assert said(await drain(comms[1], 0.2)) == [("0", "hurry", "快点吧，等得花都谢了")]


async def test_a_spectator_cannot_chat(coin_table):
    table, comms, watcher = await _open(coin_table)
    await watcher.send_json_to({"op": "chat", "phrase": "hurry"})
    assert not said(await drain(watcher, 0.2))
    for c in comms.values():
        assert not said(await drain(c, 0.1))

"""The table's websocket (docs/design.md#one-move-end-to-end): what each seat receives, and what it never
does."""
import asyncio
import re
from datetime import timedelta

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connections
from django.utils import timezone

from games import bots, selectors
from games import play
from games import rooms
from games.models import ActionLog, Hand, Seat, Table
from money.models import LedgerEntry
from games.live.routing import websocket_urlpatterns
from games.rules import cards as C

from .tablekit import WIN_SEED, deal_seed, short_after_one_hand, state_of  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

FRAGMENT_IDS = ["table-version", "table-info", "table-status", "fair-box", "seat-0", "seat-1", "seat-2", "seat-3",
                "my-hand", "actions", "event-log", "result", "watchers"]  # a full snapshot: every fragment, then the spectator count
db = database_sync_to_async


async def connect(user, table_id):
    """A seat's socket; the user is put in the scope as AuthMiddlewareStack would."""
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/table/{table_id}/")
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    return comm


async def drain(comm, wait: float = 0.02) -> list[str]:
    frames = []
    while not await comm.receive_nothing(timeout=wait):
        frames.append(await comm.receive_from())
    return frames


async def receive_until(comm, *needles: str, timeout: float = 5.0) -> str:
    """Frames until every needle has come (joined): waits for events rather than for a fixed time."""
    frames = ""
    while not all(n in frames for n in needles):
        frames += await comm.receive_from(timeout=timeout)
    return frames


def _forget_connections():
    connections.close_all()
    for alias in list(connections):  # SQLite's in-memory test database ignores close(): drop them
        del connections[alias]


@pytest_asyncio.fixture(autouse=True)
async def close_the_sync_threads_connection():
    """Consumers keep a persistent connection in channels' database thread: let it go, so that the
    test database can be dropped (PostgreSQL) and later tests without database access do not trip
    over it when Channels checks old connections."""
    yield
    await db(_forget_connections)()


async def until(predicate, timeout: float = 5.0):
    for _ in range(int(timeout / 0.01)):
        if await db(predicate)():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def ids(frame: str) -> list[str]:
    return re.findall(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob="true"', frame)


@pytest.fixture
def coin_table(defaults, make_user, deal_seed):
    """Three people quick-matched at one 天门山 table, hand 1 dealt from WIN_SEED with dealer 0."""
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    table = None
    for user in users:
        table = rooms.quick_match(user=user)
    seats = {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    return table, seats


def hand_texts(table) -> list[str]:
    state = state_of(table)
    return [C.fmt(C.from_counts(h)) for h in state.hands]


async def test_three_people_play_a_whole_hand_each_seat_sees_its_own_view_and_never_another_hand(coin_table):
    table, seats = coin_table
    comms = {p: await connect(u, table.pk) for p, u in seats.items()}
    frames = {p: [await c.receive_from(timeout=5)] for p, c in comms.items()}
    for p in comms:
        assert ids(frames[p][0]) == FRAGMENT_IDS  # the full snapshot on connect
    seen_hands = {p: set() for p in seats}  # every hand text each seat held while the hand ran
    while True:
        hand = await db(selectors.current_hand)(table)
        if hand.finished:
            break
        for p, text in enumerate(await db(hand_texts)(table)):
            seen_hands[p].add(text)
        state = await db(state_of)(table)
        seat = state.to_act[0]
        action = bots.choose_action(state, seat)
        await comms[seat].send_json_to({"op": "act", "action": action.text, "move_no": str(hand.move_no)})
        await until(lambda: selectors.current_hand(table).move_no > hand.move_no)
        if not (await db(selectors.current_hand)(table)).finished:
            for p, c in comms.items():
                frames[p] += await drain(c, 0.005)
    running = {p: list(f) for p, f in frames.items()}  # frames sent while the cards were hidden
    for p, c in comms.items():
        frames[p].append(await receive_until(c, 'id="score-base"', 'id="nav-coins"'))  # and the new balance
        await c.disconnect()

    hand = await db(selectors.current_hand)(table)
    hand_scores = hand.scores
    for p in seats:
        own = set(re.findall(r'id="my-hand"[^>]*data-cards="([^"]*)"', "".join(running[p])))
        assert own and own <= seen_hands[p]  # its own hand, always
        for other in seats:
            if other != p:
                leaked = [t for t in seen_hands[other] if len(t) >= 3 and any(t in f for f in running[p])]
                assert not leaked, f"seat {p} received seat {other}'s hidden hand"
        final = "".join(frames[p])
        assert 'id="score-base">8<' in final and "红胡" in final  # the result panel for everyone
        assert f'id="nav-coins" title="金币" hx-swap-oob="true">{2000 + hand_scores[p]:,} ' in final
    assert hand.scores == [-16, 32, -16]
    assert await db(LedgerEntry.objects.filter(hand=hand).count)() == 3


async def test_only_changed_fragments_are_sent_after_a_move(coin_table):
    table, seats = coin_table
    watcher = await connect(seats[2], table.pk)
    await watcher.receive_from(timeout=5)
    hand = await db(selectors.current_hand)(table)
    state = await db(state_of)(table)
    await db(play.action_submit)(table=table, user=seats[0], wire={
        "action": bots.choose_action(state, 0).text, "move_no": hand.move_no})  # the dealer discards
    frame = await receive_until(watcher, 'id="event-log-new"')  # only the log's new rows, added on top
    assert 'hx-swap-oob="afterbegin:#event-log-list"' in frame and "seat-0" in ids(frame)
    assert "seat-3" not in ids(frame) and "result" not in ids(frame) and "event-log" not in ids(frame)
    await watcher.disconnect()


async def test_a_stale_move_and_a_move_out_of_turn_are_refused_in_the_page_without_change(coin_table):
    table, seats = coin_table
    dealer, other = await connect(seats[0], table.pk), await connect(seats[1], table.pk)
    await dealer.receive_from(timeout=5), await other.receive_from(timeout=5)
    hand = await db(selectors.current_hand)(table)
    state = await db(state_of)(table)
    discard = bots.choose_action(state, 0).text
    await other.send_json_to({"op": "act", "action": "pass", "move_no": hand.move_no})
    await receive_until(other, 'id="flash" class="flash error"')
    await dealer.send_json_to({"op": "act", "action": discard, "move_no": hand.move_no + 1})  # not this move
    stale = await receive_until(dealer, 'class="flash info"')  # calmly: the decision is over
    assert "这一步已经过去了" in stale
    assert ids(stale) == ["table-version", "flash"]  # nothing changed since the last frame: not re-sent
    after = await db(selectors.current_hand)(table)
    assert (after.move_no, after.state) == (hand.move_no, hand.state)
    assert not await db(ActionLog.objects.filter(hand=hand).exists)()
    await dealer.send_to(text_data="not json")
    await receive_until(dealer, "flash error")
    await dealer.disconnect(), await other.disconnect()


async def test_a_reconnect_receives_a_full_snapshot_of_the_table_as_it_is_now(coin_table):
    table, seats = coin_table
    comm = await connect(seats[1], table.pk)
    await comm.receive_from(timeout=5)
    await comm.disconnect()
    hand = await db(selectors.current_hand)(table)
    state = await db(state_of)(table)
    await db(play.action_submit)(table=table, user=seats[0], wire={
        "action": bots.choose_action(state, 0).text, "move_no": hand.move_no})
    comm = await connect(seats[1], table.pk)
    snapshot = await comm.receive_from(timeout=5)
    assert ids(snapshot) == FRAGMENT_IDS
    discarded = bots.choose_action(state, 0).card
    assert f">{C.char(discarded)}</i>" in snapshot.split('id="event-log"')[1]
    await comm.disconnect()


async def test_a_deadline_applies_the_default_move_then_auto_play_until_im_back(defaults, make_user, settings,
                                                                               deal_seed):
    settings.TURN_SECONDS = 0.2
    deal_seed(WIN_SEED)
    user = await db(make_user)("solo")
    table = await db(rooms.quick_match)(user=user)
    comm = await connect(user, table.pk)  # the socket's timer seats the bots (QUICK_MATCH_BOT_WAIT 0)
    await until(lambda: Seat.objects.get(table=table, user=user).auto_play, timeout=10)
    await until(lambda: selectors.current_hand(table).finished, timeout=20)
    await receive_until(comm, 'id="im-back"')
    hand = await db(selectors.current_hand)(table)
    mine = await db(lambda: list(ActionLog.objects.filter(hand=hand, seat=0).values_list("action", flat=True)))()
    assert mine  # the default moves were played for the seat
    await comm.send_json_to({"op": "autoplay_off"})
    await until(lambda: not Seat.objects.get(table=table, user=user).auto_play)
    await comm.disconnect()


async def test_a_socket_without_a_seat_at_the_table_is_closed(coin_table, make_user):
    table, _ = coin_table
    stranger = await db(make_user)("stranger")
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/table/{table.pk}/")
    comm.scope["user"] = stranger
    connected, code = await comm.connect()
    assert not connected and code == 4403
    await comm.disconnect()  # let the application end, or the loop's teardown may wait on it (Redis)


async def test_r11_a_person_unseated_at_the_deal_is_told_why_offered_their_tier_and_the_socket_closes(
        defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [await db(make_user)(n) for n in ("ann", "bob", "cyd")]
    table = await db(short_after_one_hand)(users)  # ann (seat 0) keeps 2,200 of 岳麓山's 2,500
    short = await connect(users[0], table.pk)
    assert "不能参加下一局" in await short.receive_from(timeout=5)  # the result panel says so first
    await db(play.next_ready)(table=table, user=users[1])  # the winner is ready: the deal unseats ann
    frame = await receive_until(short, 'id="unseated"')
    assert ids(frame) == ["table-live"]  # the live table is replaced: no fragment of anyone's seat
    assert "2,200" in frame and "进入天门山" in frame and 'hx-post="/play/quick/"' in frame
    assert await short.receive_output(timeout=5) == {"type": "websocket.close", "code": 4403}
    await short.disconnect()


async def test_the_site_application_authenticates_the_socket_from_the_session(coin_table, client):
    from paohuzi_site.asgi import application

    table, seats = coin_table
    await db(client.force_login)(seats[0])
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = WebsocketCommunicator(application, f"/ws/table/{table.pk}/",
                                 headers=[(b"origin", b"http://testserver"), (b"host", b"testserver"),
                                          (b"cookie", cookie)])
    connected, _ = await comm.connect()
    assert connected
    assert ids(await comm.receive_from(timeout=5)) == FRAGMENT_IDS
    await comm.disconnect()


async def test_dissolve_vote_over_the_socket(defaults, make_user):
    from games.models import Variant

    users = [await db(make_user)(n) for n in ("ann", "bob")]
    variant = await db(Variant.objects.get)(slug="changde")
    table = await db(rooms.private_create)(owner=users[0], variant=variant, planned_hands=8, player_count=2)
    await db(rooms.seat_join)(table=table, user=users[1])
    comms = [await connect(u, table.pk) for u in users]
    for c in comms:
        await c.receive_from(timeout=5)
    await comms[0].send_json_to({"op": "dissolve_yes"})
    await until(lambda: Seat.objects.filter(table=table, dissolve_vote=True).count() == 1)
    asked = await receive_until(comms[1], 'id="dissolve-yes"')  # the other seat is asked to agree
    assert "有玩家提议解散房间。" in asked
    assert await db(lambda: Table.objects.get(pk=table.pk).status)() != "dissolved"  # one vote of two
    hand = await db(selectors.current_hand)(table)
    await comms[1].send_json_to({"op": "dissolve_yes"})
    await until(lambda: Table.objects.get(pk=table.pk).status == "dissolved")
    for c in comms:  # each page shows the panel: the hand is over and not scored
        panel = await receive_until(c, '<section id="result" class="result"')
        assert "房间已解散，本局不计分。" in panel
        await c.disconnect()
    hand = await db(Hand.objects.get)(pk=hand.pk)
    assert hand.finished and not await db(LedgerEntry.objects.filter(hand=hand).exists)()


async def test_fragments_come_in_the_language_of_the_page(coin_table):
    table, seats = coin_table
    for lang, heading in (("en", "What happened"), ("zh-hans", "牌局记录"), ("xx", "牌局记录")):
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/table/{table.pk}/?lang={lang}")
        comm.scope["user"] = seats[0]
        await comm.connect()
        assert heading in await comm.receive_from(timeout=5)
        await comm.disconnect()


async def test_a_deadline_that_passed_while_no_server_ran_is_applied_when_a_seat_connects(coin_table):
    """Deadlines are stored: after a restart the first socket to connect applies what is overdue."""
    table, seats = coin_table
    hand = await db(selectors.current_hand)(table)
    past = timezone.now() - timedelta(seconds=5)
    await db(Hand.objects.filter(pk=hand.pk).update)(deadline=past, turn_deadline=past)
    comm = await connect(seats[1], table.pk)  # seat 0 (the dealer) is the one out of time
    await until(lambda: selectors.current_hand(table).move_no > hand.move_no)
    assert await db(lambda: Seat.objects.get(table=table, position=0).auto_play)()
    await comm.disconnect()


async def test_refusals_speak_the_page_language_and_a_double_click_is_silent(coin_table):
    table, seats = coin_table
    dealer = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/table/{table.pk}/?lang=en")
    dealer.scope["user"] = seats[0]
    assert (await dealer.connect())[0]
    await dealer.receive_from(timeout=5)
    hand = await db(selectors.current_hand)(table)
    await dealer.send_json_to({"op": "act", "action": "peng", "move_no": hand.move_no})  # the dealer discards now
    refused = await receive_until(dealer, 'class="flash error"')
    assert ">You must discard a card now.</div>" in refused  # the engine's reason, by its code
    chinese = await connect(seats[0], table.pk)  # the default language
    await chinese.receive_from(timeout=5)
    await chinese.send_json_to({"op": "act", "action": "peng", "move_no": hand.move_no})
    assert ">现在你必须打出一张牌。</div>" in await receive_until(chinese, 'class="flash error"')
    await chinese.disconnect()
    await dealer.send_to(text_data="not json")
    assert "the table does not understand" in await receive_until(dealer, 'class="flash error"')
    discard = bots.choose_action(await db(state_of)(table), 0).text
    await dealer.send_json_to({"op": "act", "action": discard, "move_no": hand.move_no})
    await dealer.send_json_to({"op": "act", "action": discard, "move_no": hand.move_no})  # the double click
    await until(lambda: selectors.current_hand(table).move_no > hand.move_no)
    frames = "".join(await drain(dealer, 0.3))
    assert 'id="my-hand"' in frames and "flash error" not in frames and "flash info" not in frames
    assert await db(ActionLog.objects.filter(hand=hand).count)() == 1
    await dealer.disconnect()


async def test_a_move_by_an_english_page_reaches_a_chinese_page_in_chinese(coin_table):
    """The request runs in the mover's language and renders every socket's frame in its own (a socket in
    the language already active skips the switch: consumers._speaking)."""
    table, seats = coin_table
    english = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/table/{table.pk}/?lang=en")
    english.scope["user"] = seats[0]
    assert (await english.connect())[0]
    chinese = await connect(seats[1], table.pk)
    for comm in (english, chinese):
        await comm.receive_from(timeout=5)
    hand = await db(selectors.current_hand)(table)
    discard = bots.choose_action(await db(state_of)(table), 0).text
    await english.send_json_to({"op": "act", "action": discard, "move_no": hand.move_no})
    mine, theirs = await receive_until(english, "table-status"), await receive_until(chinese, "table-status")
    assert "Dealer" in mine and "庄家" not in mine
    assert "庄家" in theirs and "Dealer" not in theirs and "discarded" not in theirs
    for comm in (english, chinese):
        await comm.disconnect()


async def test_a_seats_open_pages_are_counted_and_the_last_one_closing_is_noted(coin_table):
    """Presence (issue 22.4): what the next coin deal reads to know who left the table."""
    table, seats = coin_table
    first, second = await connect(seats[0], table.pk), await connect(seats[0], table.pk)

    def presence():
        seat = Seat.objects.get(table=table, position=0)
        return seat.sockets, seat.left_at is not None
    assert await database_sync_to_async(presence)() == (2, False)
    await first.disconnect()
    assert await database_sync_to_async(presence)() == (1, False)
    await second.disconnect()
    assert await database_sync_to_async(presence)() == (0, True)

"""The move path (docs/design.md#one-move-end-to-end): a change costs one read per process, frames carry the
table's version, unchanged fragments are not re-sent, and a gap brings what changed since the page's version."""
from __future__ import annotations

import asyncio
import re

import channels.consumer
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import bots
from games.live import fanout
from games import play
from games import rooms
from games.clock import tick as clock_tick
from games.rules import HandState
from games import notify
from games.selectors import current_hand

from .test_consumers import FRAGMENT_IDS, close_the_sync_threads_connection, coin_table, connect, db, ids  # noqa: F401
from .tablekit import deal_seed  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
MAX_STATEMENTS_PER_MOVE = 8  # the move's transaction and every connected seat's update, together


def _next_move(table, seats):
    """(user, wire) of a legal move of a person whose turn it is (the bot's choice for them)."""
    hand = current_hand(table)
    state = HandState.from_json(hand.state)
    seat = state.to_act[0]
    return seats[seat], {"action": bots.choose_action(state, seat).text, "move_no": hand.move_no}


def _fragments(frame: str) -> dict[str, str]:
    """Each out-of-band fragment of a frame by its id."""
    parts = re.split(r'(?=<\w+ id="[\w-]+"[^>]*hx-swap-oob="true")', frame)
    return {ids(p)[0]: p for p in parts if ids(p)}


def _version(frame: str) -> tuple[int, str]:
    found = re.search(r'id="table-version" hidden data-version="(\d+)" data-base="(\d*)"', frame)
    return int(found[1]), found[2]


async def _connected(table, seats):
    comms = {p: await connect(u, table.pk) for p, u in seats.items()}
    for c in comms.values():
        assert ids(await c.receive_from(timeout=5)) == FRAGMENT_IDS  # the full snapshot
    return comms


async def test_a_move_costs_at_most_eight_sql_statements_with_every_seat_connected(coin_table):
    table, seats = coin_table
    comms = await _connected(table, seats)
    for _ in range(6):  # discards and claims alike
        user, wire = await db(_next_move)(table, seats)
        capture = CaptureQueriesContext(connection)
        await db(capture.__enter__)()  # on the database thread every consumer's work runs on
        await db(play.action_submit)(table=table, user=user, wire=wire)
        for c in comms.values():
            assert "table-version" in await c.receive_from(timeout=5)
        await db(capture.__exit__)(None, None, None)
        statements = [q["sql"] for q in await db(lambda: capture.captured_queries)()]  # that thread's log
        assert len(statements) <= MAX_STATEMENTS_PER_MOVE, "\n".join(statements)
    for c in comms.values():
        await c.disconnect()


async def test_a_move_sent_by_a_seats_socket_is_rendered_for_every_seat_in_its_own_hop(coin_table, monkeypatch):
    """The move's request renders this process's three sockets in the database hop it made anyway
    (fanout.render_committed): one render of the three, and the change's event after it finds every
    page up to date (no hop of its own, no second frame) — within the SQL statements of a move. No
    message costs a hop to close old connections first (TableConsumer.dispatch)."""
    table, seats = coin_table
    comms = await _connected(table, seats)
    closes = []
    monkeypatch.setattr(channels.consumer, "aclose_old_connections", lambda: closes.append(1) or asyncio.sleep(0))
    batches, hops, render, hop = [], [], fanout._render, fanout.database_sync_to_async
    monkeypatch.setattr(fanout, "_render", lambda sockets, *args: batches.append(len(sockets)) or render(sockets, *args))
    monkeypatch.setattr(fanout, "database_sync_to_async", lambda fn: hops.append(fn) or hop(fn))
    for _ in range(4):
        user, wire = await db(_next_move)(table, seats)
        mover = next(p for p, u in seats.items() if u.pk == user.pk)
        capture = CaptureQueriesContext(connection)
        await db(capture.__enter__)()
        await comms[mover].send_json_to({"op": "act", **wire})
        for c in comms.values():
            assert "table-version" in await c.receive_from(timeout=5)
        for c in comms.values():
            assert await c.receive_nothing(timeout=0.05)
        await db(capture.__exit__)(None, None, None)
        statements = [q["sql"] for q in await db(lambda: capture.captured_queries)()]
        assert len(statements) <= MAX_STATEMENTS_PER_MOVE, "\n".join(statements)
    assert batches == [3, 3, 3, 3] and hops == [] and closes == []
    for c in comms.values():
        await c.disconnect()


async def test_frames_carry_the_version_and_never_resend_an_unchanged_fragment(coin_table):
    table, seats = coin_table
    comms = await _connected(table, seats)
    last = {p: {} for p in comms}  # what each page holds, fragment by fragment
    shown = {p: None for p in comms}
    for _ in range(8):
        user, wire = await db(_next_move)(table, seats)
        await db(play.action_submit)(table=table, user=user, wire=wire)
        for p, c in comms.items():
            frame = await c.receive_from(timeout=5)
            version, base = _version(frame)
            assert shown[p] is None or (base == str(shown[p]) and version == shown[p] + 1)
            shown[p] = version
            for fid, html in _fragments(frame).items():
                if fid != "table-version":
                    assert last[p].get(fid) != html, f"seat {p} was sent {fid} again unchanged"
                    last[p][fid] = html
            assert 'name="move_no"' not in frame  # the move number lives in the version element only
    for c in comms.values():
        await c.disconnect()


async def test_a_missed_event_brings_what_changed_since_the_version_the_page_shows(coin_table, monkeypatch):
    table, seats = coin_table
    comms = await _connected(table, seats)
    send = notify._group_send
    monkeypatch.setattr(notify, "_group_send", lambda group, event: None)  # this change's event is lost
    user, wire = await db(_next_move)(table, seats)
    await db(play.action_submit)(table=table, user=user, wire=wire)
    for c in comms.values():
        assert await c.receive_nothing(timeout=0.1)
    monkeypatch.setattr(notify, "_group_send", send)
    user, wire = await db(_next_move)(table, seats)
    await db(play.action_submit)(table=table, user=user, wire=wire)
    for c in comms.values():
        frame = await c.receive_from(timeout=5)
        version, base = _version(frame)
        assert base == str(version - 2)  # both changes, diffed against what the page shows: no snapshot
        assert "table-status" in ids(frame) and ids(frame) != FRAGMENT_IDS
        await c.disconnect()


async def test_the_page_asking_for_sync_gets_a_full_snapshot(coin_table):
    table, seats = coin_table
    comms = await _connected(table, seats)
    await comms[0].send_to(text_data='{"op": "sync"}')
    assert ids(await comms[0].receive_from(timeout=5)) == FRAGMENT_IDS
    for c in comms.values():
        await c.disconnect()


async def test_a_deadline_is_applied_once_per_process_whatever_the_sockets(coin_table, monkeypatch):
    """The seat to move turns on auto-play: its move is due at once (BOT_DELAY 0 here), and the three
    sockets' process ticks the table once for it, not once per socket."""
    table, seats = coin_table
    comms = await _connected(table, seats)
    ticks = []
    tick = clock_tick.table_tick
    monkeypatch.setattr(clock_tick, "table_tick", lambda **kw: ticks.append(kw) or tick(**kw))
    mover = seats[(await db(lambda: HandState.from_json(current_hand(table).state))()).to_act[0]]
    await db(play.autoplay_set)(table=table, user=mover, on=True)
    for c in comms.values():
        await c.receive_from(timeout=5)  # auto-play shown
        await c.receive_from(timeout=5)  # the move played for it
    assert len(ticks) == 1
    for c in comms.values():
        await c.disconnect()


async def test_the_median_frame_per_seat_per_move_is_at_most_2_5_kb(defaults, make_user, deal_seed):
    """A whole drawn hand (DRAWN_SEED: 38 moves, every seat a person playing the bots' choices) in the
    default language: bytes, not time."""
    from games.models import Seat

    from .tablekit import DRAWN_SEED

    deal_seed(DRAWN_SEED)
    users = [await db(make_user)(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = await db(rooms.quick_match)(user=user)
    seats = await db(lambda: {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")})()
    comms = await _connected(table, seats)
    sizes = []
    while not (await db(current_hand)(table)).finished:
        user, wire = await db(_next_move)(table, seats)
        await db(play.action_submit)(table=table, user=user, wire=wire)
        sizes += [len((await c.receive_from(timeout=5)).encode()) for c in comms.values()]
    sizes.sort()
    assert len(sizes) >= 3 * 30 and sizes[len(sizes) // 2] <= 2500, sizes
    for c in comms.values():
        await c.disconnect()


async def test_a_deadline_another_process_applied_still_reaches_the_sockets(coin_table, monkeypatch):
    """The embedded default's sweeper applies deadlines in a process of its own, whose events never reach
    this process's sockets (the in-memory layer): the clock's tick that finds nothing due any more
    brings them up to date from one read."""
    table, seats = coin_table
    comms = await _connected(table, seats)
    tick, send = clock_tick.table_tick, notify._group_send

    def sweeper_first(**kw):
        monkeypatch.setattr(notify, "_group_send", lambda group, event: None)  # its event is lost here
        tick(**kw)
        monkeypatch.setattr(notify, "_group_send", send)
        return tick(**kw)  # this process's own tick: nothing is due any more

    monkeypatch.setattr(clock_tick, "table_tick", sweeper_first)
    mover = seats[(await db(lambda: HandState.from_json(current_hand(table).state))()).to_act[0]]
    await db(play.autoplay_set)(table=table, user=mover, on=True)
    for c in comms.values():
        shown = _version(await c.receive_from(timeout=5))[0]  # auto-play shown
        assert _version(await c.receive_from(timeout=5))[0] > shown  # the move the sweeper played
        await c.disconnect()


async def test_what_every_viewer_sees_alike_is_made_once_per_read(coin_table, monkeypatch):
    """fragments.build: the room's line and each seat as the others see it are made once for the three
    seats' frames of a change; each seat as it sees itself (its own wei and ti face up) once more."""
    from games.live import fragments
    from games import selectors

    table, seats = coin_table
    made = {"seat": [], "info": []}
    for name in made:
        real = getattr(fragments, name)
        monkeypatch.setattr(fragments, name, lambda *a, real=real, name=name: made[name].append(a[1:]) or real(*a))

    def frames():
        version = selectors.snapshot(table.pk, 0).version  # one read, as a change's first socket makes
        made["seat"].clear(), made["info"].clear()
        snaps = [selectors.snapshot(table.pk, p, version=version) for p in (0, 1, 2)]
        return [fragments.render_changed(s, {}, None) for s in snaps]

    await db(frames)()
    assert len(made["info"]) == 1
    assert sorted(made["seat"]) == sorted([(0,), (1,), (2,), (3,), (0,), (1,), (2,)])  # 3 others' + 3 own + empty

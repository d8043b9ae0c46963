"""Events as data with their audience (games.events) and replays from the short history
(games.live.history, docs/design.md#replays-from-a-short-history): a page that comes back knowing a
version gets only what changed since, never what its audience may not see; past the history, a full
snapshot."""
from __future__ import annotations

import re

import pytest
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import events, selectors
from games.live import history
from games.live.routing import websocket_urlpatterns
from games.models import Table

from .tablekit import deal_seed  # noqa: F401
from .test_claim_window_socket import _to_a_claim, held  # noqa: F401
from .test_consumers import (FRAGMENT_IDS, close_the_sync_threads_connection, coin_table, connect, db, drain,  # noqa: F401
                             ids)
from .test_spectators import _move, _twin_frame

SPECTATOR_IDS = [i for i in FRAGMENT_IDS if i not in ("my-hand", "actions")]


def _fragments(frame: str) -> dict[str, str]:
    parts = re.split(r'(?=<\w+ id="[\w-]+"[^>]*hx-swap-oob)', frame)
    return {ids(p)[0] if ids(p) else re.match(r'<\w+ id="([\w-]+)"', p)[1]: p for p in parts
            if re.match(r'<\w+ id="[\w-]+"', p)}


def _page(frames: list[str]) -> dict[str, str]:
    """What a page holds after these frames, fragment by fragment (the log: its rows)."""
    page: dict[str, str] = {}
    for frame in frames:
        for fid, html in _fragments(frame).items():
            if fid == "event-log-new":
                page["rows"] = re.findall(r"<li\b.*?</li>", html, re.DOTALL) + page.get("rows", [])
            elif fid == "event-log":
                page["rows"] = re.findall(r"<li\b.*?</li>", html, re.DOTALL)
            elif fid not in ("table-version", "watchers"):
                page[fid] = html
    return page


def _version(frame: str) -> tuple[str, str]:
    found = re.search(r'data-version="(\d+)" data-base="(\d*)"', frame)
    return found[1], found[2]


async def _come_back(path: str, user=None) -> tuple[WebsocketCommunicator, str]:
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    if user is not None:
        comm.scope["user"] = user
    assert (await comm.connect())[0]
    return comm, "".join(await drain(comm, 0.1))


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("missed", [1, 3])
async def test_a_page_back_within_the_history_gets_only_what_changed_and_ends_as_a_snapshot_would(
        coin_table, missed):
    table, seats = coin_table
    comms = {p: await connect(u, table.pk) for p, u in seats.items()}
    frames = {p: await drain(c, 0.1) for p, c in comms.items()}
    shown = _version(frames[0][-1])[0]
    await comms[0].disconnect()  # seat 0's page loses its socket…
    for _ in range(missed):
        await db(_move)(table, seats)  # …while the others play on (their frames keep the history)
        for p in (1, 2):
            frames[p] += await drain(comms[p], 0.1)
    back, replay = await _come_back(f"/ws/table/{table.pk}/?since={shown}", seats[0])
    now = str((await db(Table.objects.get)(pk=table.pk)).version)
    assert _version(replay) == (now, shown)  # diffed against the version the page shows
    assert set(ids(replay)) < set(FRAGMENT_IDS) and "table-version" in ids(replay)
    fresh, snapshot = await _come_back(f"/ws/table/{table.pk}/", seats[0])
    assert _version(snapshot) == (now, "") and ids(snapshot) == FRAGMENT_IDS
    assert _page(frames[0] + [replay]) == _page([snapshot])  # the same page either way
    assert len(replay.encode()) < len(snapshot.encode())
    for c in (back, fresh, comms[1], comms[2]):
        await c.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_version_outside_the_history_and_a_sync_without_one_bring_a_full_snapshot(coin_table):
    table, seats = coin_table
    comm = await connect(seats[0], table.pk)
    shown = _version(await comm.receive_from(timeout=5))[0]
    await db(_move)(table, seats)
    await drain(comm, 0.1)
    history.forget()  # as after SECONDS, or a page that was served by another process
    back, frame = await _come_back(f"/ws/table/{table.pk}/?since={shown}", seats[0])
    assert ids(frame) == FRAGMENT_IDS and _version(frame)[1] == ""
    await back.send_json_to({"op": "sync", "since": int(_version(frame)[0])})  # known now: nothing changed
    assert ids(await back.receive_from(timeout=5)) == ["table-version", "watchers"]
    await back.send_json_to({"op": "sync"})
    assert ids(await back.receive_from(timeout=5)) == FRAGMENT_IDS
    for c in (comm, back):
        await c.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_private_step_is_read_and_rendered_for_its_seats_sockets_only(held, coin_table, monkeypatch):
    """R7 claim privacy as the event's audience: a TablePrivate for one seat; the other seats' and a
    spectator's sockets take no snapshot (no read, no render) and get nothing."""
    from .test_spectators import watch

    table, seats = coin_table
    await db(_to_a_claim)(table, seats)
    comms = {p: await connect(u, table.pk) for p, u in seats.items()}
    _ok, _code, spectator = await watch(table.pk)
    for c in [*comms.values(), spectator]:
        await drain(c, 0.1)
    snapshots, real = [], selectors.snapshot
    monkeypatch.setattr(selectors, "snapshot", lambda table_id, position, *a: snapshots.append(position) or real(
        table_id, position, *a))
    state = await db(lambda: selectors.current_hand(table))()
    version = (await db(Table.objects.get)(pk=table.pk)).version
    await get_channel_layer().group_send(f"table.{table.pk}", events.message(
        events.TablePrivate(version, state.move_no + 1, 1)))  # a step the read has not seen: a read is due
    await drain(comms[1], 0.2)
    assert snapshots == [1]
    for c in (comms[0], comms[2], spectator):
        assert await c.receive_nothing(timeout=0.05)
    for c in [*comms.values(), spectator]:
        await c.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_r3_a_spectators_replay_holds_no_seats_fragment_and_no_hidden_card(coin_table):
    from .test_spectators import watch

    table, seats = coin_table
    _ok, _code, spectator = await watch(table.pk)
    shown = _version("".join(await drain(spectator, 0.1)))[0]
    await spectator.disconnect()
    seat = await connect(seats[1], table.pk)  # a socket at the table keeps the history going
    for _ in range(3):
        await db(_move)(table, seats)
    await drain(seat, 0.1)
    kept = history.at(table.pk, int(shown), (None, "zh-hans", ""))
    assert kept is not None
    back, replay = await _come_back(f"/ws/watch/{table.pk}/?since={shown}")
    assert _version(replay)[1] == shown
    assert not {"my-hand", "actions"} & set(ids(replay)) and set(ids(replay)) < set(SPECTATOR_IDS)
    versioned = re.sub(r'<span id="watchers".*?</span>\s*', "", replay)
    assert re.sub(r'data-version="\d+"', "", versioned) == re.sub(
        r'data-version="\d+"', "", await db(_twin_frame)(table.pk, int(_version(replay)[0]), kept, int(shown)))
    for c in (back, seat):
        await c.disconnect()

"""Channel-layer events as data with their audience (games.events), and the bounds of the short history
(games.live.history): no database, no event loop."""
from __future__ import annotations

import logging

import pytest

from games import events
from games.live import history

EVENTS = [events.TableChanged(7), events.TablePrivate(7, 12, 1), events.TablePrivate(7, 12, None),
          events.WatchersChanged(3), events.TableChat(2, "hurry"), events.UserChanged(), events.SocketPushedOut()]


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_round_trips_through_the_layers_message(event):
    assert events.parse(events.message(event)) == event
    assert events.parse({**events.message(event), "__asgi_group__": "table.7"}) == event  # the layer's own keys


@pytest.mark.parametrize("message", [
    {"type": "table.changed"}, {"type": "table.changed", "version": "7"}, {"type": "table.changed", "version": True},
    {"type": "table.changed", "version": 7.0}, {"type": "table.private", "version": 7, "move_no": 3},
    {"type": "table.private", "version": 7, "move_no": 3, "seat": "0"}, {"type": "watchers.changed", "count": None},
    {"type": "table.chat", "seat": 0, "phrase": 5}, {"type": "table.chat", "seat": 0, "phrase": "x" * 41},
    {"type": "table.chat", "seat": "0", "phrase": "hurry"}, {"type": "table.chat", "phrase": "hurry"},
    {"type": "table.exploded"}, {"type": ["table.changed"]}, {}])
def test_a_malformed_layer_message_is_no_event(message):
    assert events.parse(message) is None


def test_a_malformed_message_is_logged_once_per_type(caplog, monkeypatch):
    monkeypatch.setattr(events, "_LOGGED", set())
    with caplog.at_level(logging.WARNING, logger="paohuzi.events"):
        for _ in range(3):
            events.parse({"type": "table.changed", "version": "x"})
    assert len(caplog.records) == 1


def test_audiences_say_who_may_see_an_event():
    seat_one = events.TablePrivate(7, 12, 1).audience
    assert [seat_one.includes(p) for p in (None, 0, 1, 2)] == [False, False, True, False]
    release = events.TablePrivate(7, 12, None).audience
    assert [release.includes(p) for p in (None, 0, 1, 2)] == [False, True, True, True]
    assert all(events.TableChanged(7).audience.includes(p) for p in (None, 0, 1, 2))
    assert all(events.TableChat(1, "nice").audience.includes(p) for p in (None, 0, 1, 2))  # spectators too


def test_the_history_is_bounded_in_versions_time_and_entries(monkeypatch):
    for v in range(1, 41):
        history.record(1, v, (0, "zh-hans", ""), {"seat-0": v})
    assert history.at(1, 40, (0, "zh-hans", "")) == {"seat-0": 40}
    assert history.at(1, 40 - history.VERSIONS, (0, "zh-hans", "")) is None  # the 31st version back is gone
    assert history.entries() == history.VERSIONS
    clock = [1000.0]
    monkeypatch.setattr(history.time, "monotonic", lambda: clock[0])
    history.record(2, 1, (None, "en", ""), {})
    clock[0] += history.SECONDS + 1
    assert history.at(2, 1, (None, "en", "")) is None  # older than SECONDS
    monkeypatch.setattr(history, "ENTRIES", 100)
    for table in range(10, 60):
        for audience in range(4):
            history.record(table, 1, (audience, "en", ""), {})
    assert history.entries() <= 100 and history.at(59, 1, (3, "en", "")) == {}
    assert history.at(10, 1, (0, "en", "")) is None  # the least recently recorded table went first


def test_a_withdrawn_version_is_no_longer_replayed():
    history.record(1, 5, (0, "en", ""), {"actions": 1})
    history.withdraw(1, 5, (0, "en", ""))
    history.record(1, 5, (0, "en", ""), {"actions": 2})  # a later socket's render cannot bring it back
    assert history.at(1, 5, (0, "en", "")) is None

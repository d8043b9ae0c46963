"""Bots' levels at tables: a room tier's bots play at its level, a private room's owner calls bots of a
chosen level, names show the level, and a hard bot's search never runs in a tick (a Daphne's database
thread): only the sweeper's plan (games.clock.searches) moves it."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games import bots, rooms, selectors
from games.clock import searches, sweeper
from games.clock import tick as clock_tick
from games.live import fragment_html, messages
from games.models import ActionLog
from games.errors import Refused
from games.rules import HandState, legal_actions, preset, deal, seat_view

from .tablekit import changde, deal_seed, solo_bot_table, three  # noqa: F401

pytestmark = pytest.mark.django_db


def test_a_tiers_bots_play_at_its_level_and_their_names_say_it(defaults, make_user, deal_seed):
    table = solo_bot_table(make_user, deal_seed, "easy")
    assert [(s.is_bot, s.bot_level) for s in table.seats.order_by("position")] == [
        (False, "normal"), (True, "easy"), (True, "easy")]
    bot = table.seats.get(position=1)
    with translation.override("zh-hans"):
        assert selectors.seat_name(bot) == "机器人 2（简单）"
    with translation.override("en"):
        assert selectors.seat_name(bot) == "Bot 2 (easy)"


def test_the_owner_calls_in_bots_of_a_chosen_level_and_no_other(changde, three):
    table = rooms.private_create(owner=three[0], variant=changde, planned_hands=8, player_count=3)
    with translation.override("en"), pytest.raises(Refused, match="no such bot level"):
        rooms.bots_fill(table=table, user=three[0], level="expert")
    rooms.bots_fill(table=table, user=three[0], level="hard")
    assert [(s.is_bot, s.bot_level) for s in table.seats.order_by("position")] == [
        (False, "normal"), (True, "hard"), (True, "hard")]
    assert messages.parse('{"op": "bots", "action": "hard"}').action == "hard"


def test_the_waiting_rooms_owner_sees_a_button_per_level():
    waiting = {"playing": False, "invite": "ABC", "link": "http://x/j/ABC/", "owner": True, "can_vote": False}
    with translation.override("zh-hans"):
        html = fragment_html.actions(waiting, False)
    sent = re.findall(r'name="op" value="bots".*?name="action" value="(\w*)"', html)
    assert sent == ["easy", "normal", "hard"]
    assert ">简单机器人</button>" in html and ">困难机器人</button>" in html and 'id="fill-bots"' in html


def test_easy_and_normal_bots_move_in_a_tick(defaults, make_user, deal_seed):
    table = solo_bot_table(make_user, deal_seed, "easy")
    for _ in range(200):
        if selectors.current_hand(table).finished:
            break
        clock_tick.table_tick(table_id=table.pk)
    assert selectors.current_hand(table).finished


def test_a_hard_bot_never_searches_in_a_tick_only_the_sweepers_plan_moves_it(defaults, make_user, deal_seed,
                                                                             monkeypatch):
    table = solo_bot_table(make_user, deal_seed, "hard")
    searched = []
    real = bots.decide

    def spy(rules, view, level="normal", seed=0, search=bots.Search()):
        searched.append(level)
        return real(rules, view, level, seed, search)

    monkeypatch.setattr(bots, "decide", spy)
    hand = selectors.current_hand(table)
    state = HandState.from_json(hand.state)
    hard = [p for p in state.to_act if table.seats.get(position=p).is_bot]
    later = timezone.now() + timedelta(seconds=5)
    if hard:  # a hard bot is asked first: a tick (as a Daphne's timer runs it) leaves it till the fallback
        assert clock_tick.table_tick(table_id=table.pk, now=later) == hand.deadline + clock_tick.HARD_FALLBACK
        assert HandState.from_json(selectors.current_hand(table).state).move_no == state.move_no
        assert "hard" not in searched
    moves = ActionLog.objects.filter(hand=hand).count()
    for i in range(300):
        hand = selectors.current_hand(table)
        if hand.finished:
            break
        sweeper.sweep(now=timezone.now() + timedelta(seconds=5 + i))
    assert selectors.current_hand(table).finished and ActionLog.objects.filter(hand=hand).count() > moves
    assert "hard" in searched


def test_a_planned_move_for_a_passed_move_number_is_not_played(defaults, make_user, deal_seed):
    table = solo_bot_table(make_user, deal_seed, "hard")
    for i in range(50):  # until a hard bot is asked
        state = HandState.from_json(selectors.current_hand(table).state)
        hard = [p for p in state.to_act if table.seats.get(position=p).is_bot]
        if hard:
            break
        clock_tick.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=5))
    assert hard
    stale = {(hard[0], state.public_move_no - 1): legal_actions(state, hard[0])[0].text}
    deadline = selectors.current_hand(table).deadline
    assert clock_tick.table_tick(table_id=table.pk, now=deadline + timedelta(seconds=5),
                                 planned=stale) == deadline + clock_tick.HARD_FALLBACK
    assert HandState.from_json(selectors.current_hand(table).state).move_no == state.move_no


def test_without_a_sweeper_a_hard_bot_plays_the_normal_move_after_the_fallback(defaults, make_user, deal_seed,
                                                                               monkeypatch):
    table = solo_bot_table(make_user, deal_seed, "hard")
    monkeypatch.setattr(bots, "decide", lambda *a, **k: pytest.fail("no search in a tick"))
    for i in range(50):  # until a hard bot is asked
        hand = selectors.current_hand(table)
        state = HandState.from_json(hand.state)
        hard = [p for p in state.to_act if table.seats.get(position=p).is_bot]
        if hard:
            break
        clock_tick.table_tick(table_id=table.pk, now=timezone.now() + timedelta(seconds=5))
    assert hard
    normal = bots.choose_action(state, hard[0])
    clock_tick.table_tick(table_id=table.pk, now=hand.deadline + clock_tick.HARD_FALLBACK)
    log = ActionLog.objects.filter(hand=hand).order_by("-pk").first()
    assert (log.seat, log.action) == (hard[0], normal.to_wire())


def test_the_worker_pool_searches_a_seat_view(settings):
    """BOT_WORKERS=1: a spawned process runs the search and sends back a legal move."""
    settings.BOT_WORKERS = 1
    rules = preset("changde")
    state, _ = deal(rules, seed=3, dealer=0)
    seat = state.to_act[0]
    try:
        pool = searches._pool()
        move = pool.submit(bots.hard_move, rules, seat_view(state, seat), 1, bots.Search(budget_ms=30)).result(60)
    finally:
        searches.shutdown()
    assert move in [a.text for a in legal_actions(state, seat)]

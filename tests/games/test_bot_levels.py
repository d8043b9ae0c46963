"""Bot levels (games.bots.decide): the input is the seat's view, never the hidden state; every level is
deterministic given its seed; normal is today's heuristic; easy makes its share of mistakes; hard
judges moves by their outlook (the holdings plus the useful cards still unseen), may search
determinizations of the view, and plays legal moves only."""
from __future__ import annotations

import random
import time

import pytest

from games import bots
from games.bots import LEVELS, Search, choose_action, decide
from games.rules import PRESETS, Action, apply, deal, determinized, legal_actions, preset, seat_score, seat_view
from games.rules import cards as C
from games.rules.checks import scrambled

QUICK = Search(budget_ms=None, rounds=3)  # no clock: the same move every time


def _states(variant: str, seeds, limit: int = 60):
    """(state, seat asked) along seeded all-bot hands."""
    rules = preset(variant)
    for seed in seeds:
        state, _ = deal(rules, seed=seed, dealer=seed % 3)
        while not state.finished and state.move_no < limit:
            seat = state.to_act[0]
            yield state, seat
            state, _ = apply(state, seat, choose_action(state, seat))


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_normal_from_the_view_is_todays_bot_on_the_state(variant):
    rules = preset(variant)
    for state, seat in _states(variant, range(3)):
        assert decide(rules, seat_view(state, seat), "normal") == choose_action(state, seat)


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_gets_the_view_and_hidden_cards_do_not_change_its_choice(level, monkeypatch):
    """The bot is handed seat_view's dict (the state is nowhere in reach: decide has no state argument),
    and a state with every card hidden from the seat shuffled gives the same view and the same move."""
    seen = []
    real = bots.determinized
    monkeypatch.setattr(bots, "determinized", lambda rules, view, rng: seen.append(view) or real(rules, view, rng))
    rules = preset("changde")
    checked = 0
    for state, seat in _states("changde", (11, 12), limit=30):
        other = scrambled(state, seat)
        assert other.hands != state.hands or other.stock != state.stock  # hidden cards did change
        view, other_view = seat_view(state, seat), seat_view(other, seat)
        assert view == other_view
        assert decide(rules, view, level, seed=5, search=QUICK) == decide(rules, other_view, level, seed=5,
                                                                          search=QUICK)
        checked += 1
    assert checked > 20 and seen and all(isinstance(v, dict) and "hand" in v and "stock" not in v for v in seen)


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_deterministic_given_a_seed_and_play_legal_moves(level):
    rules = preset("luzhou_grade")
    for state, seat in _states("luzhou_grade", (3,), limit=40):
        view = seat_view(state, seat)
        first = decide(rules, view, level, seed=9, search=QUICK)
        assert first == decide(rules, view, level, seed=9, search=QUICK)
        assert first in legal_actions(state, seat)


def test_easy_makes_its_measured_share_of_mistakes():
    rules = preset("yongzhou_basic")
    differ = total = 0
    for state, seat in _states("yongzhou_basic", range(4)):
        legal = legal_actions(state, seat)
        normal = choose_action(state, seat)
        if len(legal) < 2 or normal.verb == "hu":
            continue
        total += 1
        differ += decide(rules, seat_view(state, seat), "easy", seed=total) != normal
    assert total > 60
    assert abs(differ / total - bots.EASY_MISTAKES) < 0.15


def test_determinized_states_agree_with_the_view():
    """Every sample shows the seat exactly its own view, and keeps the cards' count (R1)."""
    rules = preset("changde")
    rng = random.Random(1)
    for state, seat in _states("changde", (21, 22), limit=40):
        view = seat_view(state, seat)
        sample = determinized(rules, view, rng)
        assert sample is not None
        mine = seat_view(sample, seat)
        for key in ("hand", "tables", "piles", "stock_left", "hand_sizes", "turn", "current", "legal"):
            assert mine[key] == view[key], key


def test_hard_search_respects_its_budget_and_scores_points():
    rules = preset("changde")
    state, _ = deal(rules, seed=4, dealer=0)
    view = seat_view(state, state.to_act[0])
    start = time.perf_counter()
    action = decide(rules, view, "hard", seed=1, search=Search(budget_ms=60))
    assert action in legal_actions(state, state.to_act[0])
    assert time.perf_counter() - start < 1.0  # a generous bound: the budget is 60 ms, the machine shared
    assert seat_score({"winner": 1, "base": 4}, 1, 3, 0) == 8
    assert seat_score({"winner": 1, "base": 4}, 2, 3, 0) == -4
    assert seat_score({"winner": None}, 2, 3, 0) == 0


def test_the_outlook_counts_the_unseen_cards_that_improve_the_holdings():
    """一二 wait for 三 (or a third 一 or 二): the outlook adds what one more card is expected to bring,
    from the copies still unseen (a 六 shares no group with a card held: it brings nothing); with none
    of them left it is the holdings' value alone."""
    rules = preset("changde")
    me = bots._Holdings(rules, [], C.counts(C.parse("一二柒")))
    left = [0] * 20
    assert me.outlook(left) == me.value()
    left[C.parse_card("三")] = left[C.parse_card("六")] = 4
    with_san = bots.holdings_value(rules, [], C.counts(C.parse("一二三柒")))
    assert with_san > me.value()
    assert me.outlook(left) == pytest.approx(me.value() + 4 / 8 * (with_san - me.value()))


def test_hard_plays_the_best_outlook_and_its_clock_stops_only_planner_work():
    """Without a clock the hard bot plays outlook_move (and differs from the normal bot somewhere). Its
    clock stops the planner's memo misses only: with the memo warm a budget of 0 ms plays the same
    move; with it cold, the quick move (no planner call), since not even the normal move was found."""
    rules = preset("changde")
    differ = total = quick = 0
    for state, seat in _states("changde", (31, 32), limit=40):
        view = seat_view(state, seat)
        normal = choose_action(state, seat)
        legal = [Action.parse(a) for a in view["legal"]]
        bots._planner.cache_clear()
        sample = determinized(rules, view, random.Random(3))
        assert decide(rules, view, "hard", seed=3, search=Search(budget_ms=0.0)) == bots._quick_move(sample, seat,
                                                                                                      legal)
        hard = decide(rules, view, "hard", seed=3, search=Search(budget_ms=None, rounds=0))
        assert decide(rules, view, "hard", seed=3, search=Search(budget_ms=0.0)) == hard
        if normal.verb == "hu" or len(legal) < 2:
            continue
        total += 1
        differ += hard != normal
        quick += bots._quick_move(sample, seat, legal) != normal
        assert hard == bots.outlook_move(sample, seat, legal, normal)
    assert total > 20 and differ and quick


def test_unknown_level_is_refused():
    rules = preset("changde")
    state, _ = deal(rules, seed=4, dealer=0)
    with pytest.raises(ValueError):
        decide(rules, seat_view(state, state.to_act[0]), "expert")


def test_the_analysis_of_a_seeded_hand_is_stable_and_rates_the_bots_own_move_as_played():
    rules = preset("changde")
    state, _ = deal(rules, seed=5, dealer=0)
    log = []
    while not state.finished:
        seat = state.to_act[0]
        action = choose_action(state, seat)
        log.append((seat, action.to_wire()))
        state, _ = apply(state, seat, action)
    seen = []
    first = bots.analyse(rules, 5, 0, 3, log, QUICK, progress=lambda done, total: seen.append((done, total)))
    assert first == bots.analyse(rules, 5, 0, 3, log, QUICK)
    assert len(first) == len(log) and seen[-1] == (len(log), len(log))
    assert [e["played"] for e in first] == [" ".join(w) for _, w in log]
    rated = [e for e in first if e["before"] is not None]
    assert len(rated) > len(log) // 2 and all(e["before"] == e["after"] for e in rated if e["hard"] == e["played"])
    assert any(e["hard"] != e["played"] for e in rated)  # the search disagrees with the normal bot somewhere


@pytest.mark.parametrize("players", [2, 4])
def test_normal_from_the_view_at_two_and_four_players(players):
    """At 2 players 20 cards are removed unseen; at 4 the seat opposite the dealer sits out (R2)."""
    variant = next(name for name in sorted(PRESETS) if players in preset(name).player_counts)
    rules = preset(variant)
    for seed in range(3):
        state, _ = deal(rules, seed=seed, dealer=seed % players, players=players)
        while not state.finished and state.move_no < 60:
            seat = state.to_act[0]
            assert decide(rules, seat_view(state, seat), "normal") == choose_action(state, seat)
            assert decide(rules, seat_view(state, seat), "hard", seed=1, search=QUICK) in legal_actions(state, seat)
            state, _ = apply(state, seat, choose_action(state, seat))


def test_the_search_clock_counts_playouts_only_not_the_moves_judged_before(monkeypatch):
    """Each playout's expected time is the playouts' own mean: the outlook judged before them (here 600
    of the 1,000 ms) once counted as playout time, and the search stopped after a single playout."""
    ticks = iter(range(600, 10**6))  # a clock that moves 1 ms per reading, 600 ms after the decision began
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(ticks) / 1000)
    rules = preset("changde")
    state, _ = deal(rules, seed=4, dealer=0)
    seat = state.to_act[0]
    view = seat_view(state, seat)
    candidates = [Action.parse(a) for a in view["legal"]][:2]
    first = determinized(rules, view, random.Random(1))
    scores = bots._scores(rules, view, candidates, first, random.Random(1), Search(budget_ms=1000, rounds=3), 0.0)
    assert {len(s) for s in scores.values()} == {3}  # every round played, within the budget

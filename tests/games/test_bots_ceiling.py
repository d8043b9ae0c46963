"""bench/bots_ceiling.py, the experiment behind issue 25's ceiling (README, Benchmarks): its cheating
samples keep the true hands and shuffle only the stock, its honest ones come from the seat's view, and
a hand plays to the end in either mode."""
from __future__ import annotations

import random

from bench import bots_ceiling
from games.rules import deal, preset


def test_hands_samples_keep_every_hand_and_table_and_shuffle_the_stock():
    state, _ = deal(preset("changde"), seed=7, dealer=0, players=3)
    drawn = bots_ceiling.sample(state, 1, "hands", random.Random(1))
    assert drawn.hands == state.hands and drawn.tables == state.tables
    assert sorted(drawn.stock) == sorted(state.stock) and drawn.stock != state.stock


def test_honest_samples_keep_the_seats_own_hand_and_redeal_the_others():
    state, _ = deal(preset("changde"), seed=7, dealer=0, players=3)
    drawn = bots_ceiling.sample(state, 1, "honest", random.Random(1))
    assert drawn.hands[1] == state.hands[1]
    assert drawn.hands[0] != state.hands[0] or drawn.hands[2] != state.hands[2]


def test_a_hand_plays_to_the_end_in_both_modes_and_the_control():
    for mode in (None, *bots_ceiling.MODES):
        won, score = bots_ceiling.play_hand(("changde", 11, 4, mode, "best", 1, 4))
        assert won in (0.0, 1.0) and isinstance(score, float)


def test_the_true_hands_fit_the_normal_bots_discards_and_most_samples_do_not():
    """A hand only loses cards, so `fit` rebuilds each other seat's hand at its discards: on the true
    state every discard was the normal bot's choice (fit 0); honest samples mostly fit worse."""
    rules = preset("changde")
    state, _ = deal(rules, seed=1003, dealer=0, players=3)
    history = [[] for _ in range(3)]
    for _ in range(30):
        if state.finished:
            break
        who = state.to_act[0]
        action = bots_ceiling.bots.choose_action(state, who)
        before = state
        state, _ = bots_ceiling.apply(state, who, action)
        bots_ceiling.record(before, state, who, action, history)
    assert any(discard is not None for steps in history[1:] for _, discard, _, _ in steps)
    assert bots_ceiling.fit(state, 0, history) == 0
    rng = random.Random(2)
    fits = [bots_ceiling.fit(bots_ceiling.sample(state, 0, "honest", rng), 0, history) for _ in range(12)]
    assert sum(f < 0 for f in fits) > len(fits) / 2

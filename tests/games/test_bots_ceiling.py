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
    for mode in (None, "honest", "hands"):
        won, score = bots_ceiling.play_hand(("changde", 11, 4, mode, "best", 1))
        assert won in (0.0, 1.0) and isinstance(score, float)

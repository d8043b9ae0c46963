"""What the turn loop keeps beside a hand as it changes (turns.Play) against the same figures computed
anew from the hand, after every move of random hands of every variant: a fact kept stale would change
no golden hand until the card it is wrong about comes up."""
import random

import pytest

from games.rules import PRESETS, deal, legal_actions, play_out
from games.rules.prechecks import _SENTENCE_NEAR, _sentence_near, hand_facts
from games.rules.state import threes_of

VARIANTS = sorted(PRESETS)


def kept_wrong(play) -> str | None:
    """The first kept figure that differs from the one computed anew, or None."""
    for seat, hand in enumerate(play.hands):
        if play.facts[seat] != hand_facts.__wrapped__(bytes(hand)):
            return f"seat {seat}'s facts"
    anew = threes_of(play.hands, play.pengs, play.weis)
    if anew & ~play.threes:  # a pao laid later may leave a stale bit: never a missing one
        return "threes"
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_kept_figures_equal_the_ones_computed_anew_after_every_move(variant):
    rules = PRESETS[variant]
    moves = 0
    for seed in range(60):
        players = rules.player_counts[seed % len(rules.player_counts)]
        state, _ = deal(rules, seed=seed, dealer=seed % players, players=players)
        play, rng = play_out(state), random.Random(seed)
        assert kept_wrong(play) is None
        while play.result is None:
            seat = rng.choice(play.to_act)
            play.step(seat, rng.choice(legal_actions(play, seat)))
            moves += 1
            assert kept_wrong(play) is None, f"seed {seed}, move {play.move_no}"
    assert moves > 60 * 15  # the hands were played, not dealt only


def test_the_near_table_of_one_size_gives_both_sizes_near():
    rng = random.Random(7)
    for usable in [0, (1 << 20) - 1, *(rng.getrandbits(20) for _ in range(3000))]:
        both = _SENTENCE_NEAR[usable & 1023] | _SENTENCE_NEAR[usable >> 10] << 10
        assert both == _sentence_near(usable), bin(usable)

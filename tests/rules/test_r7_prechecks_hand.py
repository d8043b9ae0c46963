"""The cheap hu pre-checks (prechecks.py) may only ever skip holdings that cannot win (R7.1, R7.2)."""
import random

import pytest

from games.rules import cards as C
from games.rules.prechecks import huxi_bound, loose_singles, may_win
from games.rules.scoring import Win, evaluate, wins
from games.rules.variants import PRESETS, preset
from tests.rules.holdings import build


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_r7_precheck_never_refuses_a_win_that_scoring_finds(variant):
    rules = preset(variant)
    rng = random.Random(variant)
    wins = 0
    for i in range(1500):
        b = build(rng, discard_win=rules.discard_win, table_bias=0.3 * (i % 3), dense=i % 2 == 0)
        won = evaluate(rules, b.table, b.hand, b.card, b.source)
        if isinstance(won, Win):
            wins += 1
            hand = C.counts(b.hand)
            assert may_win(rules, b.table, hand, b.card), (b, won)
            assert huxi_bound(rules, b.table, hand, b.card) >= won.huxi
    assert wins > 500


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_r7_wins_answers_as_evaluate_does(variant):
    """scoring.wins, the turn loop's hu check (R7.1, R7.2, R6.5), is evaluate's Win without the scoring:
    the same answer on every holdings, winning or not, given as the turn loop's bytes of counts."""
    rules = preset(variant)
    rng = random.Random(f"wins-{variant}")
    seen = set()
    for i in range(1500):
        b = build(rng, discard_win=rules.discard_win, table_bias=0.3 * (i % 3), dense=i % 2 == 0)
        won = isinstance(evaluate(rules, b.table, b.hand, b.card, b.source), Win)
        assert wins(rules, b.table, bytes(C.counts(b.hand)), b.card, b.source) == won, b
        seen.add(won)
    assert seen == {True, False}


def test_r7_loose_singles_are_cards_no_group_of_the_hand_can_hold():
    assert loose_singles(tuple(C.counts(C.parse("一二三五八")))) == sum(1 << k for k in C.parse("五八"))
    assert loose_singles(tuple(C.counts(C.parse("五伍伍")))) == 0  # a jiao
    assert loose_singles(tuple(C.counts(C.parse("四五五五")))) == 1 << C.parse_card("四")  # kan: never split


def test_r7_a_card_far_from_a_loose_single_cannot_win():
    rules = preset("changde")
    hand = C.counts(C.parse("一二三壹贰叁贰柒拾" + "九"))
    assert not may_win(rules, (), hand, C.parse_card("二"))

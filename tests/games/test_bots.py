"""The computer player (games/bots.py): wins when it can, discards the useless card, weighs claims,
never plays an illegal move, decides only from what its seat sees, and beats the random player."""
from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import choose_action, default_action, discard_order, self_play
from games.rules import cards as C
from games.rules.actions import Action
from games.rules.checks import scrambled
from games.rules.hand import HandState, apply, deal, legal_actions
from games.rules.variants import preset
from tests.rules.handkit import legal, play, start

HU, PASS = Action("hu"), Action("pass")

# The dealer holds four kans, 九九 十十 七七 八 拾 and one card that fits nothing (四 or 肆).
DEALER = "伍伍伍陆陆陆捌捌捌玖玖玖九九十十七七八{}拾"
NEXT_WITH_456 = "一一二三五六壹壹贰贰叁叁柒柒拾八伍陆捌玖"  # 一二三 plus 五六
NEXT_WITHOUT_456 = "一二三九九壹壹贰贰叁叁柒柒拾拾八伍陆捌玖"  # 一二三 and nothing else for 四
THIRD = "二二三三五五六六七七壹壹贰贰叁叁{}柒柒"


def test_r7_bot_takes_the_heavenly_hu_on_the_shown_card():
    """R9.3: 壹壹壹 贰贰贰 一二三 + four sentences is 15 hu-xi in 7 groups: the bot hus; auto-play passes."""
    state, _ = start("壹壹壹贰贰贰一二三四五六七八九肆伍陆柒捌玖",
                     "一一二二三三四四五五六六七七八八九九十十", "叁叁肆肆伍伍陆陆柒柒捌捌玖玖拾拾十十壹贰")
    assert legal(state, 0) == ["hu", "pass"]
    assert choose_action(state, 0) == HU
    assert default_action(state, 0) == PASS  # the issue: a timeout passes on every claim


def test_r6_5_bot_discards_the_isolated_card():
    """四 shares no group with any card it may use (伍 and 陆 are kans, R6.2): it goes first."""
    state, _ = start(DEALER.format("四"), NEXT_WITH_456, THIRD.format("肆肆"), stock="十")
    assert state.turn == 0
    assert discard_order(state, 0)[0] == C.parse_card("四")
    assert choose_action(state, 0) == default_action(state, 0) == Action.discard(C.parse_card("四"))


def test_r6_2_bot_chi_keeps_its_one_two_three():
    """On a discarded 四 it may chi 二三四, 三四五 or 四五六: 四五六 completes a group and keeps 一二三
    (3 hu-xi) whole. Auto-play passes."""
    state, _ = play(start(DEALER.format("四"), NEXT_WITH_456, THIRD.format("肆肆"), stock="十")[0],
                    (0, "discard", "四"))
    assert legal(state, 1) == ["chi 二三四", "chi 三四五", "chi 四五六", "pass"]
    assert choose_action(state, 1).text == "chi 四五六"
    assert default_action(state, 1) == PASS


def test_r6_2_bot_passes_a_chi_that_breaks_its_one_two_three():
    """The only chi, 二三四, would break 一二三 (3 hu-xi) for a group worth nothing: the bot passes."""
    state, _ = play(start(DEALER.format("四"), NEXT_WITHOUT_456, THIRD.format("肆肆"), stock="十")[0],
                    (0, "discard", "四"))
    assert legal(state, 1) == ["chi 二三四", "pass"]
    assert choose_action(state, 1) == PASS


def test_r6_1_bot_pengs_a_big_pair_before_the_next_seat_chis():
    """A discarded 肆 with 肆肆 in hand: the peng (3 hu-xi, R4) beats passing; the 下家 would chi 肆伍陆."""
    state, _ = play(start(DEALER.format("肆"), NEXT_WITH_456, THIRD.format("肆肆"), stock="十")[0],
                    (0, "discard", "肆"))
    assert legal(state, 2) == ["peng", "pass"]
    assert choose_action(state, 2) == Action("peng")
    assert choose_action(state, 1).text == "chi 肆伍陆"


TABLES = [("changde", 3), ("changde", 2), ("yongzhou_half", 4), ("luzhou_redblack", 3)]


@settings(max_examples=24, deadline=None, derandomize=True)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**64 - 1), dealer=st.integers(0, 3),
       bot_seats=st.sets(st.integers(0, 3)))
def test_bot_moves_are_legal_hu_first_and_use_only_what_the_seat_sees(table, seed, dealer, bot_seats):
    """Every state of seeded hands (bots and random players mixed): for each seat to act, the bot's and
    auto-play's moves are legal, the bot takes every hu offered (R7), and its choice does not change
    when everything hidden from the seat is shuffled (views.py) or the state goes through JSON."""
    variant, players = table
    rules, rng = preset(variant), random.Random(seed)
    state, _ = deal(rules, seed=seed, dealer=dealer % players, players=players)
    while not state.finished:
        for seat in state.to_act:
            options = legal_actions(state, seat)
            mine = choose_action(state, seat)
            assert mine in options
            assert default_action(state, seat) in options
            assert choose_action(state, seat, random.Random(seed)) in options
            if HU in options:
                assert mine == HU
            assert choose_action(scrambled(state, seat), seat) == mine
            assert choose_action(HandState.from_json(state.to_json()), seat) == mine
        seat = state.to_act[0]
        action = choose_action(state, seat) if seat in bot_seats else rng.choice(legal_actions(state, seat))
        state, _ = apply(state, seat, action)


def test_bot_seat_wins_far_more_than_random_seats():
    """Seeded, so not flaky: 36 changde hands, the bot's seat and the dealer rotating over 3 seats. The
    bot wins about half its hands in bench/bench_bots.py; a random seat about 1 in 100."""
    rules, seeds = preset("changde"), random.Random(5)
    wins = {"bot": 0, "random": 0}
    for i in range(36):
        bot = i % 3
        winner = self_play(rules, seeds.getrandbits(64), (i // 3) % 3, 3, {bot}).result["winner"]
        if winner is not None:
            wins["bot" if winner == bot else "random"] += 1
    assert wins["bot"] >= 9  # a quarter of the hands, at least
    assert wins["bot"] > 4 * wins["random"]  # random has two seats to the bot's one


def test_bots_module_imports_no_django():
    """games/bots.py stays at engine level, usable from the CLI and bench/
    (docs/design.md#the-engine-is-pure-python)."""
    import games.bots
    from tests.rules.test_engine_is_pure import _imported_roots

    assert not _imported_roots(Path(games.bots.__file__)) & {"django", "channels"}


def test_r10_3_where_a_declined_peng_bars_winning_the_bot_always_pengs():
    """Luzhou (rules.skipped_peng_bars_hu): every peng offered to the bot is taken, unless it can hu."""
    rules, offered = preset("luzhou_grade"), 0
    for seed in range(40):
        state, _ = deal(rules, seed=seed, dealer=seed % 3)
        while not state.finished:
            seat = state.to_act[0]
            move = choose_action(state, seat)
            if Action("peng") in legal_actions(state, seat):
                offered += 1
                assert move in (Action("peng"), HU)
            state, _ = apply(state, seat, move)
    assert offered > 10

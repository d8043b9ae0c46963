"""R2: seats, the deal from a secret seed, 2- and 4-player tables, and the dealer over a series."""
import dataclasses

import pytest

from games.rules import cards as C
from games.rules.hand import SetupError, deal, new_seed, next_dealer, setup
from games.rules.variants import preset
from tests.rules.handkit import legal, play, said, start
from tests.rules.test_r5_forced_moves import DEALER20

CHANGDE, YONGZHOU = preset("changde"), preset("yongzhou_basic")


def ordinary_deal(rules, players, dealer):
    """The first seed whose deal leaves the dealer to discard (no heavenly hu, no two ti)."""
    for seed in range(100):
        state, events = deal(rules, seed=seed, dealer=dealer, players=players)
        if state.to_act == (dealer,) and state.turn == dealer:
            return seed, state, events
    raise AssertionError("no ordinary deal in 100 seeds")


def test_r2_deal_dealer_21_others_20_stock_19_and_the_shown_card_is_the_dealers_last():
    seed, state, events = ordinary_deal(CHANGDE, 3, dealer=2)
    assert [state.holdings(s) for s in range(3)] == [20, 20, 21]
    assert len(state.stock) == 19 and state.removed == ()
    assert events[0].move == "show" and events[0].seat == 2 and events[0].cards == (state.shown,)
    again, _ = deal(CHANGDE, seed=seed, dealer=2)
    assert again == state  # the seed fixes the whole deal


def test_r2_new_seed_is_a_fresh_secret_int_of_128_bits_and_all_of_them_shape_the_deal():
    seeds = {new_seed() for _ in range(5)}
    assert len(seeds) == 5 and all(isinstance(s, int) and 0 <= s < 2**128 for s in seeds)
    assert max(seeds).bit_length() > 64  # 5 draws all below 2**64: odds 2**-320
    low = 12345
    one, _ = deal(CHANGDE, seed=low, dealer=0)
    other, _ = deal(CHANGDE, seed=low + 2**100, dealer=0)  # differs only far above 64 bits
    assert one.hands != other.hands


def test_r2_two_players_20_cards_removed_unseen_and_the_other_player_may_chi_the_discard():
    _, state, _ = ordinary_deal(CHANGDE, 2, dealer=0)
    assert [state.holdings(s) for s in range(2)] == [21, 20]
    assert len(state.stock) == 19 and len(state.removed) == 20 and state.order == (0, 1)
    state, _ = start("五" + DEALER20, "四六")
    state, _ = play(state, (0, "discard", "五"))
    assert legal(state, 1) == ["chi 四五六", "pass"]


def test_r2_two_players_the_drawers_upper_seat_is_also_his_lower_one():
    state, _ = start("四六拾", "", stock="五")  # seat 1 draws 五: seat 0 is its 下家 and may chi
    assert legal(state, 0) == ["chi 四五六", "pass"]


def test_r2_four_players_the_seat_opposite_the_dealer_sits_out():
    _, state, _ = ordinary_deal(YONGZHOU, 4, dealer=1)
    assert state.order == (1, 2, 0) and state.hands[3] == (0,) * 20
    assert [state.holdings(s) for s in range(4)] == [20, 21, 20, 0]
    with pytest.raises(SetupError, match="sits out"):
        setup(YONGZHOU, dealer=0, hands=[C.deck()[:21], [], C.deck()[21:40], []], stock=C.deck()[40:])


def test_r2_four_players_turns_skip_the_seat_that_sits_out():
    state, _ = start("五" + DEALER20, "", "", "", variant="yongzhou_basic", stock="六")
    state, events = play(state, (0, "discard", "五"))
    assert said(events) == ["0 discard 五", "1 draw 六", "1 show 六", "drawn_hand"]
    state, _ = start("拾", "", "", "四六", variant="yongzhou_basic", stock="五")
    assert legal(state, 3) == ["chi 四五六", "pass"]  # seat 3 is the drawer's 下家: seat 2 sits out


def test_r2_a_variant_says_which_table_sizes_it_allows():
    with pytest.raises(SetupError, match="changde is played by 2 or 3 players"):
        deal(CHANGDE, seed=1, dealer=0, players=4)
    with pytest.raises(SetupError):
        deal(preset("luzhou_grade"), seed=1, dealer=0, players=2)


def test_r2_setup_refuses_cards_that_are_not_the_80():
    with pytest.raises(SetupError, match="exactly 4 times"):
        setup(CHANGDE, dealer=0, hands=[C.parse("一"), [], []], stock=[])


def test_r2_winner_deals_next():
    assert next_dealer(CHANGDE, 3, dealer=0, winner=2, drawn_in_row=2) == (2, 0)


def test_r2_three_drawn_hands_in_a_row_move_the_deal_to_the_xiajia():
    dealer, drawn, dealers = 2, 0, []
    for _ in range(4):
        hands = ["", "", ""]
        hands[dealer] = "九" + DEALER20
        state, _ = start(*hands, dealer=dealer)
        state, _ = play(state, (dealer, "discard", "九"))
        assert state.result["winner"] is None  # 荒庄
        dealer, drawn = next_dealer(CHANGDE, 3, dealer, state.result["winner"], drawn)
        dealers.append(dealer)
    assert dealers == [2, 2, 0, 0]


def test_r2_drawn_hands_to_rotate_is_a_variant_parameter():
    quick = dataclasses.replace(CHANGDE, drawn_hands_to_rotate=1)
    assert next_dealer(quick, 4, dealer=3, winner=None, drawn_in_row=0) == (0, 0)

"""R5: forced moves (ti, wei, pao) happen by themselves, and the discard that follows them (R6.5)."""
import pytest

from games.rules import cards as C
from games.rules.claims import pao_seat
from games.rules.hand import IllegalAction
from games.rules.state import DISCARD, DRAW
from tests.rules.handkit import legal, play, said, start, table

# A dealer who only has to discard: four kans, and singles and pairs no test card works with.
DEALER20 = "壹壹壹叁叁叁柒柒柒玖玖玖" + "一四贰伍" + "捌捌拾拾"
# 15 cards for a seat of 20 holdings: kans and cards that 肆 and 陆 (the harmless draws) never join.
FILL15 = "六六六九九九二三四七八" + "壹叁柒玖"
A_WAITS_SAN_LIU = "一二三四五七八九壹贰贰叁伍伍伍柒捌玖拾拾"  # wins on 三 or 六 (21 hu-xi)


def test_fillers_have_the_sizes_the_tests_count_on():
    assert len(C.parse(DEALER20)) == 20 and len(C.parse(FILL15)) == 15


def test_r5_1_start_ti_is_laid_dealer_first_then_in_turn_order():
    state, events = start("五" + "四四四四" + "壹壹叁叁捌捌玖玖柒柒陆陆十十七七", "伍伍伍伍", "九九九九")
    assert said(events) == ["0 show 七", "0 ti 四四四四", "1 ti 伍伍伍伍", "2 ti 九九九九"]
    assert state.to_act == (0,)  # one ti: 21 > 20, the dealer discards (R6.5)


def test_r5_1_dealer_whose_shown_card_makes_a_second_ti_does_not_discard():
    dealer = "七七七七八八八" + "壹壹叁叁捌捌玖玖柒柒陆陆肆" + "八"  # 21 cards, shown 八
    _, events = start(dealer, "", "", stock="五")
    assert said(events)[:4] == ["0 show 八", "0 ti 七七七七", "0 ti 八八八八", "1 draw 五"]  # 下家 draws


def test_r5_1_non_dealer_starting_with_two_ti_does_not_discard_after_the_next_take():
    seat1 = "五五五五十十十十" + "一二" + "壹叁柒玖六六六九九九"  # 20 cards, two ti
    state, _ = start("三" + DEALER20, seat1, "", stock="肆")
    state, events = play(state, (0, "discard", "三"), (1, "chi", "一二三"))
    assert said(events) == ["0 discard 三", "1 chi 一二三", "2 draw 肆", "2 show 肆", "drawn_hand"]


def test_r5_2_ti_from_a_drawn_fourth_card_of_a_kan_then_a_discard():
    state, events = start("拾", "五五五" + FILL15 + "十十", "", stock="五")
    assert said(events) == ["0 show 拾", "1 draw 五", "1 ti 五五五五"]  # never shown: no `show`
    assert table(state, 1) == ["ti 五五五五"]
    assert state.to_act == (1,) and legal(state, 1)[0].startswith("discard")  # first ti: 21 > 20


def test_r5_2_ti_from_the_own_wei():
    state, events = start("拾", "五五", "", stock="五陆肆五")
    assert said(events) == ["0 show 拾", "1 draw 五", "1 wei 五五五", "2 draw 陆", "2 show 陆",
                            "0 draw 肆", "0 show 肆", "1 draw 五", "1 ti 五五五五", "drawn_hand"]
    assert table(state, 1) == ["ti 五五五五"]


def test_r5_3_kan_and_another_players_discard_make_a_pao_without_asking():
    state, _ = start("五" + DEALER20, "五五五" + FILL15 + "十十", "")
    state, events = play(state, (0, "discard", "五"))
    assert said(events) == ["0 discard 五", "1 pao 五五五五"]
    assert state.to_act == (1,) and legal(state, 1)[0].startswith("discard")  # first pao: discard


def test_r5_3_peng_on_the_table_and_another_players_draw_make_a_pao():
    state, _ = start("五" + DEALER20, "五五" + FILL15 + "十十拾", "", stock="肆五")
    state, _ = play(state, (0, "discard", "五"))
    assert legal(state, 1) == ["peng", "pass"]  # chi 三四五 would leave 五 without a bi
    state, _ = play(state, (1, "peng"))
    state, events = play(state, (1, "discard", "二"))
    assert said(events) == ["1 discard 二", "2 draw 肆", "2 show 肆", "0 draw 五", "0 show 五",
                            "1 pao 五五五五"]
    assert table(state, 1) == ["pao 五五五五"] and state.to_act == (1,)


def test_r5_3_peng_and_the_players_own_draw_make_a_pao():
    state, _ = start("五" + DEALER20, "五五" + FILL15 + "十十拾", "", stock="肆陆五")
    state, events = play(state, (0, "discard", "五"), (1, "peng"), (1, "discard", "二"))
    assert said(events)[-3:] == ["1 draw 五", "1 show 五", "1 pao 五五五五"]


def test_r5_3_a_discard_never_makes_a_pao_from_a_peng_but_a_draw_does():
    state, _ = start("五" + DEALER20, "五五" + FILL15 + "十十拾", "", stock="肆五")
    state, _ = play(state, (0, "discard", "五"), (1, "peng"))
    five = C.parse_card("五")
    assert pao_seat(state, DISCARD, five, owner=2) is None
    assert pao_seat(state, DRAW, five, owner=2) == 1
    assert pao_seat(state, DRAW, five, owner=1) == 1  # the peng's owner drawing it: pao as well


def test_r5_3_wei_and_another_players_draw_or_discard_make_a_pao():
    state, events = start("拾", "五五", "", stock="五五")
    assert said(events) == ["0 show 拾", "1 draw 五", "1 wei 五五五", "2 draw 五", "2 show 五",
                            "1 pao 五五五五", "drawn_hand"]
    state, _ = start("拾", "五五", "", stock="五陆")
    five = C.parse_card("五")
    assert pao_seat(state, DISCARD, five, owner=0) == 1
    assert pao_seat(state, DISCARD, five, owner=1) is None  # the wei's owner: never from himself


def test_r5_3_eight_pieces_second_pao_is_not_followed_by_a_discard():
    state, _ = start("五" + DEALER20, "五五五" + FILL15 + "十十", "", stock="六肆")
    state, events = play(state, (0, "discard", "五"))
    assert said(events)[-1] == "1 pao 五五五五" and state.to_act == (1,)
    state, events = play(state, (1, "discard", "二"))
    # seat 2 draws 六: seat 1's second pao (八块): no discard, seat 1's 下家 draws
    assert said(events) == ["1 discard 二", "2 draw 六", "2 show 六", "1 pao 六六六六", "2 draw 肆",
                            "2 show 肆", "drawn_hand"]


def test_r5_4_wei_from_a_drawn_card_matching_a_pair_is_forced():
    state, events = start("拾", "九九一二", "", stock="九")
    assert said(events) == ["0 show 拾", "1 draw 九", "1 wei 九九九", "drawn_hand"]
    assert table(state, 1) == ["wei 九九九"]


def test_r5_5_nobody_may_win_on_a_card_that_was_weid():
    # Seat 2 wins on a shown 六 (R7.3) ...
    state, _ = start("拾", "", A_WAITS_SAN_LIU, stock="六")
    assert "hu" in legal(state, 2)
    # ... but not on a 六 that seat 1 drew and had to wei.
    state, events = start("拾", "六六", A_WAITS_SAN_LIU, stock="六")
    assert said(events) == ["0 show 拾", "1 draw 六", "1 wei 六六六", "drawn_hand"]


def test_r5_forced_moves_are_never_asked():
    state, _ = start("五" + DEALER20, "五五五" + FILL15 + "十十", "")
    assert state.to_act == (0,)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        play(state, (1, "pass"))


def test_r5_3_wei_and_another_players_discard_make_a_pao_in_play():
    # Seat 1 wei's 五 on its own draw and discards 拾; seat 2 chis it and discards 五: seat 1 must pao.
    seat2 = "十十五" + "一一一二二二三三三七七七" + "八八肆肆贰"
    state, _ = start("陆" + DEALER20, "五五" + FILL15 + "十十拾", seat2, stock="五肆")
    state, events = play(state, (0, "discard", "陆"))
    assert said(events)[-2:] == ["1 draw 五", "1 wei 五五五"]
    state, _ = play(state, (1, "discard", "拾"), (0, "pass"), (2, "chi", "十十拾"))
    state, events = play(state, (2, "discard", "五"))
    assert said(events) == ["2 discard 五", "1 pao 五五五五"]
    assert table(state, 1) == ["pao 五五五五"] and state.to_act == (1,)  # first pao: a discard


def test_r5_3_a_discard_of_a_penged_card_is_no_pao_in_play():
    # Seat 1 pengs the dealer's 五 and discards 拾; seat 2 chis it and discards the last 五: no pao.
    seat2 = "十十五" + "一一一二二二三三三七七七" + "八八肆肆贰"
    state, _ = start("五" + DEALER20, "五五" + FILL15 + "十十拾", seat2, stock="陆")
    state, _ = play(state, (0, "discard", "五"), (1, "peng"), (1, "discard", "拾"), (0, "pass"),
                    (2, "chi", "十十拾"))
    state, events = play(state, (2, "discard", "五"))
    assert said(events) == ["2 discard 五", "0 draw 陆", "0 show 陆", "drawn_hand"]
    assert table(state, 1) == ["peng 五五五"]


def test_r5_2_a_ti_from_the_own_draw_after_a_pao_is_eight_pieces_no_discard():
    state, _ = start("五" + DEALER20, "五五五" + FILL15 + "十十", "", stock="肆肆六陆")
    state, _ = play(state, (0, "discard", "五"))
    state, events = play(state, (1, "discard", "二"))
    assert said(events)[-5:] == ["1 draw 六", "1 ti 六六六六", "2 draw 陆", "2 show 陆", "drawn_hand"]
    assert table(state, 1) == ["pao 五五五五", "ti 六六六六"]

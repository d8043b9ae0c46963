"""R6.1 peng, R6.4 passed cards (臭牌) and their exceptions, R6.5 the discard rule."""
import pytest

from games.rules import cards as C
from games.rules.hand import IllegalAction
from games.rules.state import mask_text
from tests.rules.handkit import hand, legal, play, said, start, table
from tests.rules.test_r5_forced_moves import DEALER20


def test_r6_4_a_passed_chi_may_not_be_chid_later():
    state, _ = start("二" + DEALER20, "一三", "二贰", stock="二")
    state, _ = play(state, (0, "discard", "二"))
    assert legal(state, 1) == ["chi 一二三", "pass"]
    state, events = play(state, (1, "pass"))
    assert mask_text(state.passed[1]) == "二"
    # seat 1 draws the next 二: as the drawer it could chi it, but it is passed; seat 2 (his 下家) may
    assert said(events)[-2:] == ["1 draw 二", "1 show 二"] and state.to_act == (2,)
    with pytest.raises(IllegalAction, match="二 is a passed card for you"):
        play(state, (1, "chi", "一二三"))


def test_r6_4_a_card_taken_by_a_higher_claim_first_is_not_passed_for_the_seat_that_waited():
    state, _ = start("五" + DEALER20, "四六", "五五", stock="肆")
    state, _ = play(state, (0, "discard", "五"))
    assert state.to_act == (1, 2)
    state, events = play(state, (2, "peng"))  # peng beats chi: it resolves at once
    assert said(events) == ["2 peng 五五五", "0 draw 肆", "0 show 肆", "drawn_hand"]
    assert table(state, 2) == ["peng 五五五"] and state.passed[1] == 0


def test_r6_4_a_seat_that_passes_has_passed_even_if_another_takes_the_card():
    state, _ = start("五" + DEALER20, "四六", "五五", stock="肆")
    state, _ = play(state, (0, "discard", "五"), (1, "pass"), (2, "peng"))
    assert mask_text(state.passed[1]) == "五" and state.passed[2] == 0


def test_r6_4_nobody_may_chi_or_peng_a_kind_they_discarded():
    dealer = "五三" + DEALER20[:-1]  # holds 三四: could chi 五, but discarded it
    state, _ = start(dealer, "", "六七", stock="肆五")
    state, events = play(state, (0, "discard", "五"))
    assert said(events) == ["0 discard 五", "1 draw 肆", "1 show 肆", "2 draw 五", "2 show 五"]
    assert state.to_act == (2,)  # seat 2 drew 五 and may chi it; seat 0 is its 下家 but discarded 五
    assert legal(state, 0) == []
    with pytest.raises(IllegalAction, match="you discarded 五 yourself"):
        play(state, (0, "chi", "三四五"))


def test_r6_4_passed_pair_then_own_draw_is_a_chou_wei():
    state, _ = start("九" + DEALER20, "九九", "", stock="九")
    state, _ = play(state, (0, "discard", "九"))
    assert legal(state, 1) == ["peng", "pass"]
    state, events = play(state, (1, "pass"))  # 忍碰
    assert said(events) == ["1 draw 九", "1 chouwei 九九九", "drawn_hand"]
    assert table(state, 1) == ["chouwei 九九九"]


def test_r6_1_peng_lays_three_face_up_and_a_discard_follows():
    state, _ = start("九" + DEALER20, "九九" + "一一一二二二三三三四四四" + "五六柒捌陆陆", "")
    state, events = play(state, (0, "discard", "九"), (1, "peng"))
    assert said(events)[-1] == "1 peng 九九九" and state.to_act == (1,)
    assert legal(state, 1) == ["discard 五", "discard 六", "discard 陆", "discard 柒", "discard 捌"]


def test_r6_5_dealer_discards_first_and_never_a_kan_card():
    state, _ = start("九" + DEALER20, "", "")
    assert state.to_act == (0,)
    assert "discard 壹" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="part of a kan"):
        play(state, (0, "discard", "壹"))
    with pytest.raises(IllegalAction, match="you do not hold 五"):
        play(state, (0, "discard", "五"))
    with pytest.raises(IllegalAction, match="you must discard"):
        play(state, (0, "pass"))


def test_r6_5_a_chi_that_would_leave_nothing_to_discard_is_refused():
    # Four kans and the R6.3 example: the chi choices that lay down all eight free cards are refused.
    seat1 = "六六六七七七八八八九九九" + "一二二三三四贰贰"
    state, _ = start("二" + DEALER20, seat1, "")
    state, _ = play(state, (0, "discard", "二"))
    assert legal(state, 1) == ["peng", "chi 一二三 二二贰", "chi 二三四 二二贰", "chi 二二贰 一二三",
                               "chi 二二贰 二三四", "pass"]
    with pytest.raises(IllegalAction, match="nothing to discard"):
        play(state, (1, "chi", "二贰贰", "一二三", "二三四"))


def test_r6_5_after_a_forced_move_with_nothing_to_discard_the_xiajia_draws():
    # Seat 1 pengs four of seat 2's draws (discarding each time), keeping two kans and a pair of 九;
    # its own 九 then makes a wei: 21 holdings owe a discard, but only kan cards are left.
    seat1 = "六六六十十十" + "三三五五七七八八" + "九九" + "贰伍肆陆"
    state, events = start("拾", seat1, "", stock="壹三五七八叁壹九叁")
    for card, out in zip("三五七八", "贰伍肆陆"):
        assert state.window.card == C.parse_card(card) and legal(state, 1) == ["peng", "pass"]
        state, more = play(state, (1, "peng"), (1, "discard", out))
        events += more
    assert said(events)[-5:] == ["1 draw 九", "1 wei 九九九", "2 draw 叁", "2 show 叁", "drawn_hand"]
    assert hand(state, 1) == "六六六十十十"


def test_r6_4_a_seat_below_a_decided_peng_is_no_longer_asked_and_never_passes():
    # Seat 1 draws 六: it may win or chi, the dealer may peng, seat 2 (the drawer's 下家) may chi.
    from tests.rules.test_r5_forced_moves import A_WAITS_SAN_LIU
    state, _ = start("六六拾", A_WAITS_SAN_LIU, "四五", stock="六")
    assert state.window.offers == ((1, "hu"), (0, "peng"), (1, "chi"), (2, "chi"))
    assert state.to_act == (0, 1, 2)
    state, events = play(state, (0, "peng"))
    assert events == [] and state.to_act == (1,)  # the peng waits for the hu; seat 2's chi is moot
    with pytest.raises(IllegalAction, match="a better claim on 六 has been made"):
        play(state, (2, "chi", "四五六"))
    # Seat 1 is still asked for its hu, but its own chi sits below the peng too: it is not offered,
    # and letting the hu go does not make 六 a passed card for it (it never got to decide on the chi).
    assert legal(state, 1) == ["hu", "pass"]
    with pytest.raises(IllegalAction, match="a better claim on 六 has been made"):
        play(state, (1, "chi", "四五六"))
    state, events = play(state, (1, "pass"))
    assert said(events)[0] == "0 peng 六六六"
    assert state.passed[2] == 0 and state.passed[1] == 0
    assert state.passed_hu[1] == ((C.parse_card("六"), 0),)  # the hu it let go is a passed hu (R7.4)


def test_r6_4_a_seat_that_passes_before_the_better_claim_is_made_has_passed():
    from tests.rules.test_r5_forced_moves import A_WAITS_SAN_LIU
    state, _ = start("六六拾", A_WAITS_SAN_LIU, "四五", stock="六")
    state, _ = play(state, (2, "pass"), (1, "pass"), (0, "peng"))
    assert table(state, 0)[0] == "peng 六六六"
    assert mask_text(state.passed[1]) == "六" and mask_text(state.passed[2]) == "六"


@pytest.mark.parametrize("variant", ["changde", "luzhou_grade"])
def test_r6_5_a_peng_that_would_leave_nothing_to_discard_is_not_offered_but_a_win_on_the_card_is(variant):
    # Seat 1 pengs four of seat 2's draws and keeps two kans and a pair of 九; the dealer then draws 九.
    seat1 = "六六六十十十" + "三三五五七七八八" + "九九" + "贰伍肆陆"
    state, _ = start("拾", seat1, "", stock="壹三五七八叁九", variant=variant)
    for card, out in zip("三五七八", "贰伍肆陆"):
        assert state.window.card == C.parse_card(card)
        state, _ = play(state, (1, "peng"), (1, "discard", out))
    assert state.window is None or state.window.card == C.parse_card("九")
    if variant == "changde":  # 11 hu-xi: no win, and the peng is not offered: nobody is asked
        assert state.finished and state.passed[1] == 0
    else:  # Luzhou hu-xi make it a win: hu is offered, the peng still not
        assert legal(state, 1) == ["hu", "pass"]
        with pytest.raises(IllegalAction, match="nothing to discard"):
            play(state, (1, "peng"))


def test_r6_4_the_drawer_who_lets_his_own_draw_go_has_passed_it():
    state, _ = start("拾", "四五", "", stock="六捌六")
    assert legal(state, 1) == ["chi 四五六", "pass"]
    state, events = play(state, (1, "pass"))
    assert mask_text(state.passed[1]) == "六"
    # the dealer draws the next 六: seat 1, his 下家, is not asked
    assert said(events) == ["2 draw 捌", "2 show 捌", "0 draw 六", "0 show 六", "drawn_hand"]

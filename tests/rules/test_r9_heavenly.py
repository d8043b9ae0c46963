"""R9: mandatory heavenly hu (3 ti or 5 kan), start-of-hand ti, the optional heavenly hu on the shown card."""
from games.rules import cards as C
from tests.rules.handkit import legal, play, said, start
from tests.rules.test_r5_forced_moves import A_WAITS_SAN_LIU as A, DEALER20
from tests.rules.test_r7_claims_hand import B

DEALER17 = "壹壹叁叁柒柒玖玖一四贰伍捌捌拾拾肆"  # pairs and singles, no kan


def test_r9_1_three_ti_win_at_once_before_any_start_ti():
    state, events = start("拾", "一一一一二二二二三三三三" + "四五六七八九十壹", "伍伍伍伍")
    assert said(events) == ["0 show 拾", "1 hu"]  # seat 2's ti is never laid: the hand is over
    assert state.result["winner"] == 1 and state.result["source"] == "heavenly"
    assert state.result["self_draw"] is True


def test_r9_1_five_kan_win_at_once_a_ti_counting_as_a_kan():
    state, _ = start("拾", "", "一一一二二二三三三四四四五五五五" + "六七八九")
    assert state.result["winner"] == 2


def test_r9_1_several_mandatory_wins_dealer_first_then_xiajia():
    five_kan = "一一一二二二三三三四四四五五五"
    other = "六六六七七七八八八九九九十十十"
    state, _ = start(five_kan + "壹叁柒玖肆陆", other + "壹叁柒玖肆", "")
    assert state.result["winner"] == 0
    state, _ = start("拾", five_kan + "壹叁", other + "柒玖")
    assert state.result["winner"] == 1


def test_r9_2_shown_card_making_the_dealers_third_ti_is_a_mandatory_heavenly_hu():
    state, events = start("一一一一二二二二三三三" + "四五六七八九十壹贰叁" + "三", "", "")
    assert said(events) == ["0 show 三", "0 hu"] and state.result["winner"] == 0


def test_r9_3_optional_heavenly_hu_on_the_shown_card_is_a_doubled_self_draw():
    state, _ = start(DEALER20 + "六", A, "")
    assert state.window.kind == "shown" and state.to_act == (1,) and legal(state, 1) == ["hu", "pass"]
    state, events = play(state, (1, "hu"))
    assert said(events) == ["1 hu 六"]
    result = state.result
    assert result["source"] == "shown" and result["self_draw"] is True
    assert result["huxi"] == 21 and result["grade"] == 10  # R9.4: grade of 42 hu-xi


def test_r9_3_passing_the_heavenly_hu_is_a_passed_hu_and_the_dealer_then_discards():
    state, _ = start(DEALER20 + "六", A, "")
    state, _ = play(state, (1, "pass"))
    assert state.passed_hu[1] == ((C.parse_card("六"), 0),)
    assert state.to_act == (0,) and legal(state, 0)[0].startswith("discard")


def test_r9_3_others_may_win_on_the_shown_card_that_made_the_dealers_ti():
    state, events = start("六六六" + DEALER17 + "六", A, "")
    assert said(events) == ["0 show 六", "0 ti 六六六六"]
    assert legal(state, 1) == ["hu", "pass"]


def test_r9_3_dealer_may_win_on_his_21_cards_before_the_others():
    state, _ = start(A + "六", B, "")  # both win with the shown 六
    assert state.to_act == (0, 1)
    state, events = play(state, (1, "hu"))
    assert events == []  # the dealer decides first
    state, events = play(state, (0, "pass"))
    assert said(events) == ["1 hu 六"] and state.result["winner"] == 1
    state, _ = start(A + "六", B, "")
    state, _ = play(state, (0, "hu"))
    assert state.result["winner"] == 0 and state.result["card"] == "六"


def test_r9_3_for_the_others_the_shown_card_joins_a_pair_as_a_peng():
    seat1 = "六六" + "一二三贰柒拾壹贰叁七八九伍伍伍捌玖拾"
    state, _ = start("捌六", seat1, "")
    state, _ = play(state, (1, "hu"))
    assert ["peng", "六六六"] in state.result["split"]  # 1 hu-xi, not a wei's 3
    assert state.result["huxi"] == 22 and state.result["self_draw"] is True


def test_r9_3_for_the_others_the_shown_card_never_makes_a_pao():
    # A kan of 六 and a pair: with a drawn 六 this wins as a pao with a jiang; with the shown 六 it may not.
    seat1 = "六六六" + "四四" + "一二三贰柒拾壹贰叁七八九伍伍伍"
    state, events = start("捌六", seat1, "", stock="陆")
    assert said(events)[:3] == ["0 show 六", "1 draw 陆", "1 show 陆"]  # nobody was asked on 六

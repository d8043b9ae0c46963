"""R7 in play: which cards can be won on, hu priority, 破跑胡, passed hu (臭胡), self-draw, 海底,
discard wins and 地胡 (Luzhou), drawn hands (荒庄)."""
import pytest

from games.rules import cards as C
from games.rules.hand import IllegalAction
from tests.rules.handkit import legal, play, said, start, table
from tests.rules.test_r5_forced_moves import A_WAITS_SAN_LIU as A, DEALER20

B = "一二三四五七八九壹贰贰叁肆肆肆柒拾陆陆陆"  # also wins on 六 (27 hu-xi)
PAO_WU = "伍伍伍十十壹贰叁一二三四五六七八九贰柒拾"  # wins on 伍 as a pao: 24 hu-xi with the jiang 十十
D = "四五伍伍伍十十十二二贰七八九壹贰叁捌玖拾"  # wins on 六 with 15 hu-xi; after a ti of 伍 and
#                                              discarding 贰 it still wins on 六 (二二 the jiang)
E = "九九一二三四五六壹贰叁贰柒拾伍陆柒捌玖拾"  # a drawn 九 makes a wei, and then it wins


def pass_until(state, card: str, owner: int):
    """Everyone asked passes until `card` drawn or discarded by `owner` waits for claims."""
    k = C.parse_card(card)
    while not (state.window and state.window.card == k and state.window.owner == owner):
        state, _ = play(state, (state.to_act[0], "pass"))
    return state


def test_r7_3_drawer_wins_before_his_xiajia_and_a_lower_hu_waits():
    state, _ = start("拾", A, B, stock="六陆")
    assert state.to_act == (1, 2) and "hu" in legal(state, 1) and "hu" in legal(state, 2)
    state, events = play(state, (2, "hu"))
    assert events == [] and state.to_act == (1,) and not state.finished
    with pytest.raises(IllegalAction, match="already decided"):
        play(state, (2, "pass"))
    state, events = play(state, (1, "pass"))
    assert said(events) == ["2 hu 六"]
    assert state.result["winner"] == 2 and state.result["source"] == "other_draw"
    assert state.result["self_draw"] is False and state.result["huxi"] == 27


def test_r7_3_drawer_hu_resolves_at_once_as_a_self_draw():
    state, _ = start("拾", A, B, stock="六陆")
    state, events = play(state, (1, "hu"))
    assert said(events) == ["1 hu 六"] and state.finished and state.to_act == ()
    assert state.result["winner"] == 1 and state.result["self_draw"] is True
    with pytest.raises(IllegalAction, match="the hand is over"):
        play(state, (2, "hu"))


def test_r7_3_on_a_card_drawn_by_a_third_seat_the_drawers_xiajia_wins_first():
    state, _ = start("拾", A, B, stock="十捌六")
    state = pass_until(state, "六", owner=0)
    assert "hu" in legal(state, 1) and "hu" in legal(state, 2)
    state, events = play(state, (2, "hu"), (1, "hu"))
    assert said(events) == ["1 hu 六"] and state.result["winner"] == 1


def test_r7_3_po_pao_hu_the_seat_that_must_pao_is_asked_to_hu_first():
    state, _ = start("捌", "", PAO_WU, stock="伍")  # (a shown 拾 would make 十十拾 and win)
    assert state.to_act == (2,) and legal(state, 2) == ["hu", "pass"]
    won, events = play(state, (2, "hu"))
    assert said(events) == ["2 hu 伍"] and ["pao", "伍伍伍伍"] in won.result["split"]
    state, events = play(state, (2, "pass"))  # passing lets the pao happen
    assert said(events) == ["2 pao 伍伍伍伍"] and state.to_act == (2,)  # first pao: a discard
    assert state.passed_hu[2] == ((C.parse_card("伍"), 0),)


def test_r7_4_passed_hu_refused_until_the_table_huxi_changes_and_a_passed_card_is_still_won_on():
    state, _ = start("拾", D, "", stock="陆六六伍六")
    assert state.window.card == C.parse_card("六") and legal(state, 1) == ["hu", "pass"]
    state, _ = play(state, (1, "pass"))  # 臭胡 on 六 at table hu-xi 0
    # seat 0 draws the next 六: seat 1 may chi it as the 下家, but not win on it
    assert state.window.owner == 0 and "hu" not in legal(state, 1) and "chi 四五六" in legal(state, 1)
    with pytest.raises(IllegalAction, match="passed hu: you let a win on 六 go at 0 table hu-xi"):
        play(state, (1, "hu"))
    state, events = play(state, (1, "pass"))  # 六 is now a passed card for seat 1 as well
    assert said(events) == ["1 draw 伍", "1 ti 伍伍伍伍"] and table(state, 1) == ["ti 伍伍伍伍"]
    state, events = play(state, (1, "discard", "贰"))
    assert said(events)[-2:] == ["2 draw 六", "2 show 六"]
    assert legal(state, 1) == ["hu", "pass"]  # table hu-xi 12 now: the passed 六 can be won on
    state, _ = play(state, (1, "hu"))
    assert state.result["winner"] == 1 and ["ti", "伍伍伍伍"] in state.result["split"]


def test_r7_5_self_draw_on_the_last_stock_card_is_haidi():
    state, _ = start("拾", A, "", stock="六")
    state, _ = play(state, (1, "hu"))
    assert state.result["self_draw"] is True and ["海底", 2] in state.result["patterns"]


def test_r7_3_the_drawer_may_win_right_after_his_own_wei():
    state, events = start("拾", E, "", stock="九陆")
    assert said(events)[-2:] == ["1 draw 九", "1 wei 九九九"]
    assert legal(state, 1) == ["hu", "pass"]
    state, events = play(state, (1, "hu"))
    assert said(events) == ["1 hu 九"]
    assert state.result["self_draw"] is True and ["wei", "九九九"] in state.result["split"]


def test_r7_3_a_discard_can_never_be_won_on_in_changde():
    state, _ = start("六" + DEALER20, A, "")
    state, _ = play(state, (0, "discard", "六"))
    assert "hu" not in legal(state, 1) and "chi 四五六" in legal(state, 1)
    with pytest.raises(IllegalAction, match="a discarded card can never be won on"):
        play(state, (1, "hu"))


def test_r10_3_luzhou_wins_on_the_dealers_first_discard_as_earthly_hu():
    state, _ = start("六" + DEALER20, A, "", variant="luzhou_grade")
    state, _ = play(state, (0, "discard", "六"))
    assert "hu" in legal(state, 1)
    state, _ = play(state, (1, "hu"))
    assert state.result["source"] == "discard" and ["地胡", 2] in state.result["patterns"]


def test_r7_7_drawn_hand_when_the_stock_runs_out():
    state, _ = start("九" + DEALER20, "", "")
    state, events = play(state, (0, "discard", "九"))
    assert said(events) == ["0 discard 九", "drawn_hand"]
    assert state.finished and state.result == {"winner": None, "drawn_hand": True}
    assert state.to_act == () and legal(state, 0) == []


@pytest.mark.parametrize("variant, barred", [("luzhou_grade", True), ("changde", False)])
def test_r10_3_luzhou_a_declined_peng_bars_winning_for_the_rest_of_the_hand(variant, barred):
    """有碰不碰 is a Luzhou violation (rules.skipped_peng_bars_hu): seat 1 lets the peng of 贰 go, then
    draws 三, which would win; Changde lets it win."""
    state, _ = start("六" + DEALER20, A, "", stock="三", variant=variant)
    state, _ = play(state, (0, "discard", "贰"))
    assert "peng" in legal(state, 1)
    state, _ = play(state, (1, "pass"))
    assert state.window.card == C.parse_card("三") and state.window.owner == 1
    assert ("hu" in legal(state, 1)) is not barred
    if barred:
        with pytest.raises(IllegalAction, match="declined a peng"):
            play(state, (1, "hu"))


# Seat 1 wins on 六 (四五六) and, after chi'ing 四五六 and discarding 九, again on 六 (六七八).
CHI_THEN_WAIT = "四五七八九壹贰叁贰柒拾伍伍伍一二三捌捌捌"


def test_r7_4_choosing_chi_instead_of_hu_is_a_passed_hu_while_the_table_huxi_stays():
    state, _ = start("拾", CHI_THEN_WAIT, "", stock="六六六")
    assert legal(state, 1)[:2] == ["hu", "chi 四五六"]
    state, _ = play(state, (1, "chi", "四五六"))
    assert state.passed_hu[1] == ((C.parse_card("六"), 0),)  # the sentence 四五六 adds no hu-xi
    state, events = play(state, (1, "discard", "九"))
    # seat 2 draws 六: seat 1 would win on it, but it is a passed hu; then the dealer draws 六 and
    # seat 1, his 下家, may only chi it
    assert said(events)[-4:] == ["2 draw 六", "2 show 六", "0 draw 六", "0 show 六"]
    assert legal(state, 1) == ["chi 六七八", "pass"]


def test_r7_4_passing_the_hu_after_the_own_wei_is_a_passed_hu_at_the_new_table_huxi():
    state, _ = start("拾", E, "", stock="九陆")
    state, _ = play(state, (1, "pass"))
    assert state.passed_hu[1] == ((C.parse_card("九"), 3),)  # the wei's 3 hu-xi are counted
    assert state.to_act == (1,) and state.turn == 1  # 21 holdings: the discard follows (R6.5)


# Two seats that win on a discarded 六 in Luzhou (and on a drawn 六 anywhere).
LU1 = "四五二七十一二三八八八九九九捌捌捌壹贰叁"
LU2 = "五七肆伍陆柒捌玖贰柒拾四四四叁叁叁壹壹壹"
LU_DEALER = "六一一一三三三肆肆肆玖玖玖十十伍陆柒二二拾"


@pytest.mark.parametrize("winner", [1, 2])
def test_r10_3_luzhou_discard_hu_the_discarders_xiajia_first_and_only_he_has_earthly_hu(winner):
    state, _ = start(LU_DEALER, LU1, LU2, variant="luzhou_grade")
    state, _ = play(state, (0, "discard", "六"))
    assert state.window.offers[:2] == ((1, "hu"), (2, "hu")) and state.to_act == (1, 2)
    state, events = play(state, (2, "hu"))
    assert events == [] and state.to_act == (1,)  # the 下家 decides first
    state, _ = play(state, (1, "hu" if winner == 1 else "pass"))
    assert state.result["winner"] == winner and state.result["source"] == "discard"
    assert (["地胡", 2] in state.result["patterns"]) is (winner == 1)


def test_r7_3_four_players_hu_priority_skips_the_seat_that_sits_out():
    # Dealer 0, seat 2 sits out: seat 1 draws 六; seat 3 is its 下家.
    state, _ = start("拾", LU2, "", LU1, stock="六", variant="yongzhou_basic")
    assert state.window.offers == ((1, "hu"), (3, "hu"), (1, "chi"), (3, "chi"))
    state, _ = play(state, (3, "hu"), (1, "pass"))
    assert state.result["winner"] == 3


def test_r7_3_po_pao_hu_by_another_seat_the_pao_waits_for_the_hu():
    # Seat 2 draws 六, which it wins on; seat 1 holds a kan of 六 and must pao it unless seat 2 wins.
    kan_liu = "六六六" + "十十" + "九九九二三四七八" + "壹叁柒玖"
    state, _ = start("拾", kan_liu, A, stock="肆六捌")
    state, _ = play(state, (2, "pass"))  # lets 肆 go (it could chi it)
    assert state.window.offers == ((2, "hu"), (1, "pao")) and state.to_act == (2,)
    with pytest.raises(IllegalAction, match="you cannot take 六 now"):  # seat 1's kan stays unsaid (R3)
        play(state, (2, "chi", "四五六"))
    won, events = play(state, (2, "hu"))
    assert said(events) == ["2 hu 六"] and won.result["self_draw"] is True
    state, events = play(state, (2, "pass"))
    assert said(events)[0] == "1 pao 六六六六" and state.passed_hu[2] == ((C.parse_card("六"), 0),)


def test_r7_4_choosing_peng_instead_of_hu_is_a_passed_hu_lifted_by_the_pengs_own_huxi():
    from games.rules.claims import passed_hu_blocks
    pair_liu = "六六" + "一二三贰柒拾壹贰叁七八九伍伍伍捌玖拾"  # wins on a 六 from another seat
    state, _ = start("捌", pair_liu, "", stock="肆六")
    state = pass_until(state, "六", owner=2)
    assert legal(state, 1) == ["hu", "peng", "pass"]
    state, _ = play(state, (1, "peng"))
    assert table(state, 1) == ["peng 六六六"] and state.passed_hu[1] == ((C.parse_card("六"), 0),)
    assert passed_hu_blocks(state, 1, C.parse_card("六")) is None  # table hu-xi is now 1 (R7.4)

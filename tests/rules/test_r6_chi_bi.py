"""R6.2–R6.3: who may chi, kan cards never used, and the must-match rule (bi)."""
import pytest

from games.rules.hand import IllegalAction, InvalidAction
from tests.rules.handkit import hand, legal, play, said, start, table

# Seat 1 holds the worked example of R6.3 (`000`): 一, 二×2, 三×2, 四, 贰×2, and cards that make no
# group with 二. The dealer discards 二.
DEALER = "二七七十十五五六六八八九九柒柒捌捌玖玖拾叁"
EXAMPLE = "一二二三三四贰贰" + "五六八九壹叁肆伍陆捌玖拾"


def dealer_discards_er():
    state, _ = start(DEALER, EXAMPLE, "")
    return play(state, (0, "discard", "二"))


def test_r6_3_worked_example_offers_exactly_the_completable_chi_choices():
    state, _ = dealer_discards_er()
    chis = sorted(a for a in legal(state, 1) if a.startswith("chi"))
    assert chis == sorted([
        "chi 一二三 二二贰",
        "chi 一二三 二三四 二贰贰",
        "chi 二三四 二二贰",
        "chi 二三四 一二三 二贰贰",
        "chi 二二贰 一二三",
        "chi 二二贰 二三四",
        "chi 二贰贰 一二三 二三四",
    ])
    assert "peng" in legal(state, 1) and "pass" in legal(state, 1)


def test_r6_3_chi_er_gui_gui_then_bi_yi_er_san_and_er_san_si():
    state, _ = dealer_discards_er()
    state, events = play(state, (1, "chi", "二贰贰", "二三四", "一二三"))  # bi order is free
    assert said(events) == ["1 chi 二贰贰", "1 bi 一二三", "1 bi 二三四"]
    assert table(state, 1) == ["jiao 二贰贰", "sentence 一二三", "sentence 二三四"]
    assert "二" not in hand(state, 1)
    assert state.to_act == (1,) and legal(state, 1)[0].startswith("discard")  # R6.5: 21 > 20


def test_r6_3_chi_yi_er_san_then_one_bi_er_er_gui_is_enough():
    state, _ = dealer_discards_er()
    state, _ = play(state, (1, "chi", "一二三", "二二贰"))
    assert table(state, 1) == ["sentence 一二三", "jiao 二二贰"]
    assert hand(state, 1).count("二") == 0 and hand(state, 1).count("贰") == 1


def test_r6_3_chi_without_every_bi_is_refused_with_the_reason():
    state, _ = dealer_discards_er()
    with pytest.raises(IllegalAction, match="you must bi 二 as well"):
        play(state, (1, "chi", "一二三", "二贰贰"))  # one 二 still in hand
    with pytest.raises(IllegalAction, match="you must bi 二 as well"):
        play(state, (1, "chi", "二贰贰"))


def test_r6_3_second_worked_example_chi_san_with_si_wu_must_bi_yi_er_san():
    # `002`: holding 一二三四五, taking 三 with 四五 lays 一二三 down as well.
    state, _ = start("三" + "七七八八九九十十柒柒捌捌玖玖拾拾陆陆肆肆", "一二三四五" + "壹壹贰贰伍伍伍", "")
    state, _ = play(state, (0, "discard", "三"))
    assert [a for a in legal(state, 1) if a.startswith("chi")] == ["chi 一二三 三四五", "chi 三四五 一二三"]
    with pytest.raises(IllegalAction, match="you must bi 三 as well"):
        play(state, (1, "chi", "三四五"))
    with pytest.raises(IllegalAction, match="cannot be matched"):
        play(state, (1, "chi", "二三四"))  # the other 三 would be left with 一 and 五


def test_r6_3_chi_not_allowed_when_bi_impossible():
    # `000` example 1: take 一 with 二三 while holding another 一 that fits no group: no chi at all,
    # so nobody is asked and seat 1 draws.
    state, _ = start("一" + "七七八八九九十十柒柒捌捌玖玖拾拾陆陆肆肆", "一二三" + "伍伍陆捌", "", stock="玖")
    state, events = play(state, (0, "discard", "一"))
    assert said(events) == ["0 discard 一", "1 draw 玖", "1 show 玖"]
    assert state.piles[0] == (0,)


def test_r6_3_bi_may_be_yi_yi_big_yi_or_yi_big_yi_big_yi():
    state, _ = start("一" + "七七八八九九十十柒柒捌捌玖玖拾拾陆陆肆肆", "一二三壹壹" + "伍伍陆捌", "")
    state, _ = play(state, (0, "discard", "一"))
    chis = [a for a in legal(state, 1) if a.startswith("chi")]
    assert "chi 一二三 一壹壹" in chis and "chi 一壹壹 一二三" in chis


def test_r6_2_only_the_discarders_xiajia_may_chi_a_discard():
    # Seats 1 and 2 both hold 四五; the dealer discards 六: only seat 1 (his 下家) is asked.
    state, _ = start("六" + "七七八八九九十十柒柒捌捌玖玖拾拾陆陆肆肆", "四五" + "壹壹贰贰", "四五" + "叁叁伍伍",
                     stock="捌")
    state, _ = play(state, (0, "discard", "六"))
    assert state.to_act == (1,)
    with pytest.raises(IllegalAction, match="only the discarder's 下家 may chi"):
        play(state, (2, "chi", "四五六"))


def test_r6_2_drawn_card_drawer_and_xiajia_may_chi_but_not_the_shangjia():
    # Seat 1 draws 六: seat 1 and seat 2 may chi it, seat 0 (the drawer's 上家) may not.
    state, _ = start("四五" + "拾", "四五", "四五", stock="六")
    assert state.to_act == (1, 2)  # the dealer owes no discard: seat 1 drew 六
    with pytest.raises(IllegalAction, match="only the drawer and the drawer's 下家"):
        play(state, (0, "chi", "四五六"))


def test_r6_2_drawer_chi_beats_xiajia_chi_and_xiajia_waits():
    state, _ = start("拾", "四五", "四五", stock="六捌")
    state, events = play(state, (2, "chi", "四五六"))
    assert events == [] and state.to_act == (1,)  # a lower claim waits for the higher one
    state, events = play(state, (1, "chi", "四五六"))
    assert said(events)[0] == "1 chi 四五六"
    assert table(state, 2) == [] and hand(state, 2) == "四五"
    assert state.passed[2] == 0  # pre-empted, never passed (R6.4)


def test_r6_2_kan_cards_are_never_used_in_a_chi():
    state, _ = start("拾", "四五五五七八", "", stock="六")
    assert legal(state, 1) == ["chi 六七八", "pass"]
    with pytest.raises(IllegalAction, match="never split"):
        play(state, (1, "chi", "四五六"))


def test_r6_2_chi_group_may_hold_a_second_copy_of_the_taken_card():
    state, _ = start("拾", "二贰", "", stock="二")
    assert "chi 二二贰" in legal(state, 1)


def test_r6_malformed_chi_is_invalid_not_illegal():
    state, _ = start("拾", "二贰", "", stock="二")
    with pytest.raises(InvalidAction, match="not a sentence or a jiao"):
        play(state, (1, "chi", "二四贰"))
    with pytest.raises(InvalidAction, match="unknown move"):
        play(state, (1, "eat", "二二贰"))

"""R8 grade, fan and base; R9 heavenly hu; R10 each variant's patterns (the seeds' own statements)."""
import dataclasses

import pytest

from games.rules import cards as C
from games.rules.groups import Group
from games.rules.patterns import Facts, fans
from games.rules.scoring import NoWin, Source, Win, evaluate
from games.rules.variants import preset

from .holdings import ev, split_of

# 18 hu-xi, 6 red cards, no pattern in any variant: kan 壹 6, kan 叁 6, 一二三 3, 二七十 3, 四五六, 七八九,
# 伍陆 + the card 柒.
PLAIN18 = "壹壹壹叁叁叁一二三二七十四五六七八九伍陆"
# 18 hu-xi and 10 red cards with the table's peng 贰贰贰: 二七十 3, 贰柒拾 6, 七八九, kan 壹 6, 四五六,
# 叁肆 + the card 伍.
RED10 = "二七十贰柒拾七八九壹壹壹四五六叁肆"
RED10_TABLE = [("peng", "贰贰贰")]
# No red card, every group a set: kans 壹 叁 肆 (18), 捌捌 + the card 捌 (peng 3), table pengs 一 三 (2),
# wei 四 (3): 26 hu-xi.
BLACK_SETS = "壹壹壹叁叁叁肆肆肆捌捌"
BLACK_SETS_TABLE = [("peng", "一一一"), ("peng", "三三三"), ("wei", "四四四")]


def reds(text, groups=()):
    return sum(map(C.is_red, C.parse(text + "".join(cards for _, cards in groups))))


def pats(variant, red=5, big=10, small=11, all_sets=False, last=False, heavenly=False, earthly=False):
    return list(fans(preset(variant).patterns, Facts(red, big, small, all_sets, last, heavenly, earthly)))


# ---------------------------------------------------------------- R8.1 grade

@pytest.mark.parametrize("huxi, grade", [(15, 1), (17, 1), (18, 2), (20, 2), (21, 3), (23, 3), (24, 4)])
def test_r8_1_grade_table(huxi, grade):
    for variant in ("changde", "yongzhou_basic", "yongzhou_half", "yongzhou_full"):
        assert preset(variant).grade(huxi) == grade


@pytest.mark.parametrize("huxi, grade", [(10, 1), (11, 2), (12, 3), (20, 11)])
def test_r10_3_luzhou_grade_from_10_one_per_huxi(huxi, grade):
    assert preset("luzhou_grade").grade(huxi) == grade


@pytest.mark.parametrize("swap, huxi, grade", [("肆伍陆", 15, 1), ("二七十", 18, 2), ("贰柒拾", 21, 3)])
def test_r8_1_grade_of_real_wins(swap, huxi, grade):
    win = ev("changde", PLAIN18.replace("二七十", swap), "柒", "other_draw")
    assert (win.huxi, win.grade, win.base) == (huxi, grade, grade)


def test_r8_1_twenty_huxi_is_still_grade_2():
    win = ev("changde", "壹壹壹叁叁叁一二三二七十陆柒", "捌", "other_draw",
             groups=[("peng", "五五五"), ("peng", "八八八")])
    assert (win.huxi, win.grade) == (20, 2)


# ---------------------------------------------------------------- R8.2 / R8.3 fan and base

def test_r8_3_plain_hand_base_is_the_grade():
    win = ev("changde", PLAIN18, "柒", "other_draw")
    assert (win.patterns, win.fan, win.base) == ((), 0, 2)


def test_r8_3_with_patterns_base_is_grade_times_fan():
    assert reds(RED10 + "伍", RED10_TABLE) == 10
    win = ev("yongzhou_half", RED10, "伍", "other_draw", groups=RED10_TABLE)
    assert (win.huxi, win.grade, win.patterns, win.fan, win.base) == (18, 2, (("红胡", 2),), 2, 4)


def test_r8_3_self_draw_adds_a_grade_before_the_fan():
    win = ev("yongzhou_half", RED10, "伍", "own_draw", groups=RED10_TABLE)
    assert win.self_draw and (win.grade, win.fan, win.base) == (2, 2, (2 + 1) * 2)


def test_r8_3_self_draw_after_the_fan_is_a_parameter():
    rules = dataclasses.replace(preset("yongzhou_half"), self_draw_before_fan=False)
    table = [Group.make(kind, C.parse(cards)) for kind, cards in RED10_TABLE]
    win = evaluate(rules, table, C.parse(RED10), C.parse_card("伍"), Source.OWN_DRAW)
    assert win.base == 2 * 2 + 1


def test_r8_3_self_draw_grades_is_a_parameter():
    rules = dataclasses.replace(preset("changde"), self_draw_grades=2)
    win = evaluate(rules, [], C.parse(PLAIN18), C.parse_card("柒"), Source.OWN_DRAW)
    assert win.base == 2 + 2


def test_r8_2_patterns_add_up():
    assert pats("changde", red=0, small=16, big=5) == [("乌胡", 5), ("小", 8)]


# ---------------------------------------------------------------- R10.1 Changde 全名堂

@pytest.mark.parametrize("red, expected", [
    (4, [("红胡", 2)]), (7, [("红胡", 2)]), (11, [("红胡", 2)]), (12, [("红胡", 2)]),
    (5, []), (6, []), (8, []), (9, []),
    (1, [("真点胡", 4)]), (10, [("假点胡", 3)]),
    (13, [("红乌", 4)]), (14, [("红乌", 5)]), (16, [("红乌", 7)]), (0, [("乌胡", 5)]),
])
def test_r10_1_changde_red_patterns(red, expected):
    assert pats("changde", red=red) == expected


def test_r10_1_changde_all_sets_big_small():
    assert pats("changde", all_sets=True) == [("对对胡", 5)]
    assert pats("changde", big=18, small=3) == [("大", 6)]
    assert pats("changde", big=20, small=1) == [("大", 8)]
    assert pats("changde", big=17, small=4) == []
    assert pats("changde", small=16, big=5) == [("小", 8)]  # [reading]: 8, not the text's 6
    assert pats("changde", small=18, big=3) == [("小", 10)]


def test_r10_1_changde_haidi_is_1_when_plain_and_2_with_others():
    assert pats("changde", last=True) == [("海底", 1)]
    assert pats("changde", red=4, last=True) == [("红胡", 2), ("海底", 2)]


def test_r10_1_changde_black_all_sets_hand_scores_both():
    win = ev("changde", BLACK_SETS, "捌", "other_draw", groups=BLACK_SETS_TABLE)
    assert win.huxi == 26 and win.patterns == (("乌胡", 5), ("对对胡", 5)) and win.base == 4 * 10


def test_r10_1_changde_ten_reds_is_false_single_red():
    win = ev("changde", RED10, "伍", "other_draw", groups=RED10_TABLE)
    assert win.patterns == (("假点胡", 3),) and win.base == 2 * 3


# ---------------------------------------------------------------- R10.2 Yongzhou levels

@pytest.mark.parametrize("red, expected", [
    (10, [("红胡", 2)]), (12, [("红胡", 2)]), (4, []), (7, []), (9, []), (1, [("点胡", 3)]),
    (13, [("红乌", 4)]), (16, [("红乌", 4)]), (0, [("乌胡", 5)]),
])
def test_r10_2_yongzhou_basic_red_patterns(red, expected):
    assert pats("yongzhou_basic", red=red) == expected


def test_r10_2_yongzhou_basic_has_no_all_sets_no_haidi_no_big_small():
    assert pats("yongzhou_basic", all_sets=True, last=True, big=20, small=1) == []


def test_r10_2_yongzhou_half_black_with_all_sets_is_10():
    win = ev("yongzhou_half", BLACK_SETS, "捌", "other_draw", groups=BLACK_SETS_TABLE)
    assert win.patterns == (("乌胡对对胡", 10),) and (win.fan, win.base) == (10, 4 * 10)
    assert pats("yongzhou_half", all_sets=True) == [("对对胡", 4)]
    assert ev("yongzhou_basic", BLACK_SETS, "捌", "other_draw", groups=BLACK_SETS_TABLE).patterns == (("乌胡", 5),)


def test_r10_2_yongzhou_half_haidi_1_when_otherwise_plain_2_with_others():
    plain = ev("yongzhou_half", PLAIN18, "柒", "other_draw", last_card=True)
    assert plain.patterns == (("海底", 1),) and plain.base == 2
    red = ev("yongzhou_half", RED10, "伍", "other_draw", groups=RED10_TABLE, last_card=True)
    assert red.patterns == (("红胡", 2), ("海底", 2)) and (red.fan, red.base) == (4, 8)


def test_r10_2_yongzhou_full_is_the_changde_table():
    assert preset("yongzhou_full").patterns == preset("changde").patterns


# ---------------------------------------------------------------- R10.3 Luzhou

def test_r10_3_luzhou_grade_only_has_no_colour_patterns():
    win = ev("luzhou_grade", RED10, "伍", "other_draw", groups=RED10_TABLE)
    # Luzhou hu-xi: red big peng 9, 二七十 6, 贰柒拾 9, kan 壹 9 = 33 → grade 24
    assert (win.huxi, win.grade, win.patterns, win.base) == (33, 24, (), 24)


def test_r10_3_luzhou_redblack_red_and_black():
    assert ev("luzhou_redblack", RED10, "伍", "other_draw", groups=RED10_TABLE).patterns == (("红胡", 2),)
    assert pats("luzhou_redblack", red=15) == [("红胡", 2)]
    assert pats("luzhou_redblack", red=0) == [("乌胡", 4)]
    black = ev("luzhou_redblack", BLACK_SETS, "捌", "other_draw", groups=BLACK_SETS_TABLE)
    assert black.patterns == (("乌胡", 4),)  # no 对对胡 in Luzhou


def test_r10_3_luzhou_heavenly_is_a_2_fan_pattern_on_top():
    win = ev("luzhou_grade", PLAIN18 + "柒", None, "shown")  # the dealer's 21 cards form 7 groups
    # kan 壹 9, kan 叁 9, 一二三 3, 二七十 6 = 27 → grade 18; self-draw +1; 天胡 2 fan
    assert (win.huxi, win.grade, win.patterns, win.self_draw, win.base) == (27, 18, (("天胡", 2),), True, 19 * 2)


def test_r10_3_luzhou_earthly_on_the_dealers_first_discard():
    win = ev("luzhou_redblack", RED10, "伍", "discard", groups=RED10_TABLE, earthly=True)
    assert win.patterns == (("地胡", 2), ("红胡", 2)) and not win.self_draw and win.base == 24 * 4


# ---------------------------------------------------------------- R9 heavenly hu

def test_r9_4_changde_heavenly_hu_takes_the_grade_from_twice_the_huxi():
    win = ev("changde", PLAIN18, "柒", "shown")
    # 002: (huxi × 2 − 12) ÷ 3 = (36 − 12) ÷ 3 = 8; the self-draw grade then adds one (R9.4)
    assert (win.huxi, win.grade, win.self_draw, win.base) == (18, (18 * 2 - 12) // 3, True, 8 + 1)


def test_r9_4_heavenly_double_huxi_with_a_fan_follows_002s_formula():
    win = ev("changde", RED10, "伍", "shown", groups=RED10_TABLE)
    assert win.grade == (win.huxi * 2 - 12) // 3 == 8
    assert win.patterns == (("假点胡", 3),) and win.base == (8 + 1) * 3


def test_r9_4_the_minimum_is_checked_on_the_real_huxi():
    # 12 real hu-xi (24 doubled) is still below 15
    assert ev("changde", "一二三四五六七八九壹贰叁肆伍陆柒捌", "玖", "shown",
              groups=[("peng", "贰贰贰")]) == NoWin("huxi")


def test_r9_4_yongzhou_basic_and_half_have_no_heavenly_bonus():
    for variant in ("yongzhou_basic", "yongzhou_half"):
        win = ev(variant, PLAIN18, "柒", "shown")
        assert (win.grade, win.self_draw, win.base) == (2, True, 3), variant
    assert ev("yongzhou_full", PLAIN18, "柒", "shown").grade == 8


def test_r9_3_dealers_heavenly_hu_on_his_21_cards():
    win = ev("changde", PLAIN18 + "柒", None, "shown")
    assert (win.huxi, win.grade, win.self_draw) == (18, 8, True)


THREE_TI = "一一一一二二二二三三三三"


def test_r9_1_three_ti_win_whatever_the_rest():
    win = ev("changde", THREE_TI + "肆伍陆柒捌玖拾壹", heavenly=True)
    assert isinstance(win, Win) and win.self_draw
    assert win.huxi == 3 * 9  # the rest gives no 一二三 / 二七十
    assert win.grade == (27 * 2 - 12) // 3 and win.base == win.grade + 1
    # the rest is grouped where it can be, for the player to see; 壹 and 拾 fit no group
    assert split_of(win) == sorted([("ti", "一一一一"), ("ti", "二二二二"), ("ti", "三三三三"),
                                    ("sentence", "肆伍陆"), ("sentence", "柒捌玖")])
    assert C.fmt(win.rest) == "壹拾"


def test_r9_1_five_kan_win_and_a_ti_counts_as_a_kan():
    five = ev("yongzhou_basic", "一一一二二二三三三四四四五五五六七八九十", heavenly=True)
    assert five.huxi == 5 * 3 and (five.grade, five.base) == (1, 2)
    mixed = ev("yongzhou_basic", "一一一一二二二二三三三四四四五五五六七八", heavenly=True)
    assert mixed.huxi == 9 + 9 + 3 + 3 + 3


def test_r9_1_a_kan_never_counts_as_a_ti():
    assert ev("changde", "一一一一二二二二三三三四四四五六七八九十", heavenly=True) == NoWin("shape")


def test_r9_1_the_rest_counts_its_best_huxi_reading():
    win = ev("changde", THREE_TI + "贰柒拾伍陆肆捌玖", heavenly=True)
    assert win.huxi == 27 + 6 and ("sentence", "贰柒拾") in split_of(win)
    assert ("sentence", "肆伍陆") in split_of(win) and C.fmt(win.rest) == "捌玖"
    jiao = ev("changde", THREE_TI + "四四肆七八九十拾", heavenly=True)
    assert ("jiao", "四四肆") in split_of(jiao) and C.fmt(jiao.rest) == "十拾" and jiao.huxi == 27
    faq = dataclasses.replace(preset("changde"), mandatory_heavenly_rest=False)
    only = evaluate(faq, [], C.parse(THREE_TI + "贰柒拾伍陆肆捌玖"), None, None, heavenly=True)
    assert only.huxi == 27 and C.fmt(only.rest) == "贰肆伍陆柒捌玖拾"


def test_r9_1_the_full_seven_group_split_can_earn_all_sets():
    win = ev("yongzhou_half", "一一一二二二三三三四四四五五五六六六八八八", heavenly=True)
    assert win.huxi == 21 and win.patterns == (("对对胡", 4),) and win.base == (3 + 1) * 4
    assert not win.rest and len(win.split) == 7


def test_r9_1_table_ti_count_toward_the_three():
    win = ev("changde", "三三三三" + "肆伍陆柒捌玖拾壹", heavenly=True,
             groups=[("ti", "一一一一"), ("ti", "二二二二")])
    assert isinstance(win, Win) and win.huxi == 27


def test_r7_5_every_heavenly_hu_is_a_self_draw():
    assert ev("changde", PLAIN18, "柒", "shown").self_draw
    assert ev("changde", THREE_TI + "肆伍陆柒捌玖拾壹", heavenly=True).self_draw


# ---------------------------------------------------------------- the breakdown a player reads

def test_r8_breakdown_lists_groups_huxi_grade_patterns_and_base():
    text = ev("yongzhou_half", RED10, "伍", "own_draw", groups=RED10_TABLE).breakdown()
    for line in ("peng      贰贰贰   3 hu-xi", "hu-xi (胡息) 18", "grade (等) 2", "self-draw (自摸): +1 grade",
                 "红胡 2 fan", "base (底) 6 = (2 + 1) × 2"):
        assert line in text, (line, text)


def test_r9_4_breakdown_says_the_grade_came_from_twice_the_huxi():
    assert "twice the hu-xi (36)" in ev("changde", PLAIN18, "柒", "shown").breakdown()
    assert "plain hand" in ev("changde", PLAIN18, "柒", "other_draw").breakdown()

"""R7: winning shapes, how the winning card joins the holdings per source, which cards can be won on."""
from games.rules.scoring import NoWin, Win

from .holdings import ev, split_of

# 18 hu-xi: kan 壹 6, kan 叁 6, 一二三 3, 二七十 3; the 7th group 伍陆柒 is completed by the card.
PLAIN18 = "壹壹壹叁叁叁一二三二七十四五六七八九伍陆"
# Five sentences (15 hu-xi: 一二三 3, 二七十 3, 壹贰叁 6... plus 四五六, 七八九) and room for two more groups.
FIVE = "一二三二七十四五六七八九壹贰叁"


def test_r7_1_seven_groups_win_with_their_huxi():
    win = ev("changde", PLAIN18, "柒", "other_draw")
    assert isinstance(win, Win)
    assert (win.huxi, win.grade, win.base, win.self_draw) == (18, 2, 2, False)
    assert split_of(win) == sorted([("kan", "壹壹壹"), ("kan", "叁叁叁"), ("sentence", "一二三"),
                                    ("sentence", "二七十"), ("sentence", "四五六"), ("sentence", "七八九"),
                                    ("sentence", "伍陆柒")])


def test_r7_1_missing_group_is_no_win_shape():
    assert ev("changde", PLAIN18, "捌", "other_draw") == NoWin("shape")


def test_r7_2_below_minimum_huxi_is_no_win_huxi():
    # 一二三 3 + 壹贰叁 6 + peng 贰 3 = 12 < 15
    assert ev("changde", "一二三四五六七八九壹贰叁肆伍陆柒捌", "玖", "other_draw",
              groups=[("peng", "贰贰贰")]) == NoWin("huxi")


def test_r7_2_luzhou_minimum_is_10():
    # Luzhou: 一二三 3 + 壹贰叁 6 = 9 with a table sentence; with a small peng 1 more makes 10.
    assert ev("luzhou_grade", "一二三四五六七八九壹贰叁肆伍陆柒捌", "玖", "other_draw",
              groups=[("chi", "陆柒捌")]) == NoWin("huxi")
    assert ev("luzhou_grade", "一二三四五六七八九壹贰叁肆伍陆柒捌", "玖", "other_draw",
              groups=[("peng", "六六六")]).huxi == 10


def test_r7_1_kan_in_hand_is_never_split():
    # Splitting 三三三 would give 一二三 三四五 三叁叁; kept whole, 一二 and 四五 fit nothing.
    assert ev("changde", "一二三三三四五叁叁贰柒拾壹壹壹肆伍陆七八", "九", "own_draw") == NoWin("shape")


def test_r7_1_pao_on_the_table_needs_exactly_one_jiang():
    win = ev("changde", FIVE + "伍", "伍", "other_draw", groups=[("pao", "拾拾拾拾")])
    assert win.huxi == 9 + 3 + 3 + 6
    assert ("jiang", "伍伍") in split_of(win)
    # no pair at all: 22 cards, no 7-group split with one jiang
    assert ev("changde", FIVE + "伍陆", "柒", "other_draw", groups=[("ti", "拾拾拾拾")]) == NoWin("shape")


def test_r7_1_four_identical_in_hand_are_an_unlaid_ti_with_a_jiang():
    win = ev("changde", "拾拾拾拾" + FIVE + "伍", "伍", "other_draw")
    assert ("ti", "拾拾拾拾") in split_of(win) and win.huxi == 12 + 12


def test_r7_1_own_draw_on_a_pair_must_become_a_wei():
    hand = FIVE + "贰柒拾捌捌"
    own, other = ev("changde", hand, "捌", "own_draw"), ev("changde", hand, "捌", "other_draw")
    assert ("wei", "捌捌捌") in split_of(own) and own.huxi == 3 + 3 + 6 + 6 + 6
    assert ("peng", "捌捌捌") in split_of(other) and other.huxi == 3 + 3 + 6 + 6 + 3


def test_r7_1_own_draw_on_a_kan_must_become_a_ti():
    win = ev("changde", "捌捌捌" + FIVE + "伍伍", "捌", "own_draw")
    assert ("ti", "捌捌捌捌") in split_of(win) and win.huxi == 12 + 12


def test_r7_1_own_draw_on_an_own_wei_must_become_a_ti():
    win = ev("changde", FIVE + "伍伍", "捌", "own_draw", groups=[("wei", "捌捌捌")])
    assert ("ti", "捌捌捌捌") in split_of(win) and win.huxi == 12 + 12
    other = ev("changde", FIVE + "伍伍", "捌", "other_draw", groups=[("chouwei", "捌捌捌")])
    assert ("pao", "捌捌捌捌") in split_of(other) and other.huxi == 9 + 12


def test_r7_1_drawn_card_from_another_player_paos_a_hand_kan():
    win = ev("changde", "捌捌捌" + FIVE + "伍伍", "捌", "other_draw")
    assert ("pao", "捌捌捌捌") in split_of(win) and win.huxi == 9 + 12


def test_r7_3_hu_beats_pao_the_kan_stays_and_the_card_makes_a_sentence():
    # 破跑胡: the card 捌 would pao the kan, but the hu uses it in 柒捌玖 and keeps the kan.
    win = ev("changde", "捌捌捌柒玖一二三二七十四五六壹贰叁七八九", "捌", "other_draw")
    assert ("kan", "捌捌捌") in split_of(win) and ("sentence", "柒捌玖") in split_of(win)
    assert win.huxi == 6 + 3 + 3 + 6


def test_r9_3_shown_card_never_makes_a_pao_for_the_others():
    assert ev("changde", "捌捌捌" + FIVE + "伍伍", "捌", "shown") == NoWin("shape")


def test_r9_3_shown_card_joins_a_pair_as_a_peng():
    win = ev("changde", FIVE + "贰柒拾捌捌", "捌", "shown")
    assert ("peng", "捌捌捌") in split_of(win) and win.self_draw


def test_r5_3_drawn_card_paos_a_table_peng_for_anyone():
    for source in ("own_draw", "other_draw"):
        win = ev("changde", FIVE + "伍伍", "捌", source, groups=[("peng", "捌捌捌")])
        assert ("pao", "捌捌捌捌") in split_of(win), source


def test_r5_3_discard_never_paos_a_peng_even_where_discards_win():
    assert ev("luzhou_grade", FIVE + "伍伍", "捌", "discard", groups=[("peng", "捌捌捌")]) == NoWin("shape")
    win = ev("luzhou_grade", FIVE + "伍伍", "捌", "discard", groups=[("wei", "捌捌捌")])
    assert ("pao", "捌捌捌捌") in split_of(win)
    win = ev("luzhou_grade", "捌捌捌" + FIVE + "伍伍", "捌", "discard")
    assert ("pao", "捌捌捌捌") in split_of(win)


def test_r7_3_a_discard_is_never_won_on_in_changde_and_yongzhou():
    for variant in ("changde", "yongzhou_basic", "yongzhou_half", "yongzhou_full"):
        assert ev(variant, PLAIN18, "柒", "discard") == NoWin("source"), variant


def test_r10_3_luzhou_may_win_on_a_discard():
    win = ev("luzhou_grade", PLAIN18, "柒", "discard")
    assert win.huxi == 9 + 9 + 3 + 6 and not win.self_draw


def test_r7_3_after_own_ti_or_wei_the_holdings_win_as_they_stand():
    win = ev("changde", FIVE + "伍伍", None, "own_draw", groups=[("ti", "捌捌捌捌")])
    assert win.huxi == 24 and win.self_draw


def test_r7_5_own_draw_is_self_draw_and_adds_a_grade():
    win = ev("changde", PLAIN18, "柒", "own_draw")
    assert win.self_draw and (win.grade, win.base) == (2, 3)


def test_r7_1_best_split_reads_crowded_cards_as_sentences_rather_than_jiao():
    # 一一二二三三壹贰叁 is 一二三 一二三 壹贰叁 (12 hu-xi) or 一一壹 二二贰 三三叁 (none)
    win = ev("changde", "一一二二三三壹贰叁四五六七八九拾拾拾伍陆", "柒", "other_draw")
    assert win.huxi == 3 + 3 + 6 + 6 and split_of(win).count(("sentence", "一二三")) == 2


def test_r7_1_best_split_picks_the_jiang_that_leaves_the_most_huxi():
    # 壹壹贰贰叁叁肆肆: jiang 肆肆 + 壹贰叁 ×2 (12) beats jiang 壹壹 + 贰叁肆 ×2 (0)
    win = ev("changde", "三四五壹壹贰贰叁叁肆六七八捌玖拾", "肆", "other_draw", groups=[("pao", "九九九九")])
    assert win.huxi == 6 + 12 and ("jiang", "肆肆") in split_of(win)


def test_r7_1_best_split_may_need_jiao():
    # with jiang 七七: 一一壹 四肆肆 二三四 壹贰叁 (6) beats 一壹壹 四四肆 一二三 贰叁肆 (3)
    win = ev("changde", "一一二三四四七七壹壹贰叁肆", "肆", "other_draw",
             groups=[("pao", "九九九九"), ("peng", "捌捌捌")])
    assert win.huxi == 6 + 3 + 6
    assert {("jiao", "一一壹"), ("jiao", "四肆肆"), ("jiang", "七七")} <= set(split_of(win))

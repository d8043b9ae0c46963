"""R3 group kinds and R4 / R10.3 hu-xi: every row of both tables, and that evaluate counts them."""
import pytest

from games.rules import cards as C
from games.rules.groups import LUZHOU_HUXI, STANDARD_HUXI, Group, GroupError, Kind

from .holdings import ev, split_of


def hx(table, kind, text):
    return table.huxi(Kind(kind), Group.make(kind, C.parse(text)).cards)


# (kind, small cards, big cards, small hu-xi, big hu-xi): R4, the Changde / Yongzhou table.
R4_ROWS = [
    ("peng", "五五五", "伍伍伍", 1, 3),
    ("wei", "五五五", "伍伍伍", 3, 6),
    ("chouwei", "五五五", "伍伍伍", 3, 6),
    ("kan", "五五五", "伍伍伍", 3, 6),
    ("pao", "五五五五", "伍伍伍伍", 6, 9),
    ("ti", "五五五五", "伍伍伍伍", 9, 12),
    ("sentence", "一二三", "壹贰叁", 3, 6),
    ("sentence", "二七十", "贰柒拾", 3, 6),
    ("sentence", "四五六", "肆伍陆", 0, 0),
    ("jiao", "五五伍", "五伍伍", 0, 0),
    ("jiang", "五五", "伍伍", 0, 0),
]


@pytest.mark.parametrize("kind, small, big, small_huxi, big_huxi", R4_ROWS)
def test_r4_every_huxi_row(kind, small, big, small_huxi, big_huxi):
    assert (hx(STANDARD_HUXI, kind, small), hx(STANDARD_HUXI, kind, big)) == (small_huxi, big_huxi)


def test_r4_red_cards_count_like_black_ones_outside_luzhou():
    assert hx(STANDARD_HUXI, "peng", "二二二") == 1 and hx(STANDARD_HUXI, "ti", "拾拾拾拾") == 12


# R10.3 Luzhou: peng 1/3, red peng 6/9; kan 6/9, red kan 9/12; 招 (pao) = kan + 3; 垅 (ti) = 招 + 3,
# at most 18; wei and chou-wei count as kan; 一二三 3, 二七十 6, big forms +3.
LUZHOU_ROWS = [
    ("peng", "五五五", "伍伍伍", 1, 3),
    ("peng", "二二二", "贰贰贰", 6, 9),
    ("kan", "五五五", "伍伍伍", 6, 9),
    ("kan", "七七七", "柒柒柒", 9, 12),
    ("wei", "五五五", "伍伍伍", 6, 9),
    ("chouwei", "十十十", "拾拾拾", 9, 12),
    ("pao", "五五五五", "伍伍伍伍", 9, 12),
    ("pao", "二二二二", "贰贰贰贰", 12, 15),
    ("ti", "五五五五", "伍伍伍伍", 12, 15),
    ("ti", "十十十十", "拾拾拾拾", 15, 18),
    ("sentence", "一二三", "壹贰叁", 3, 6),
    ("sentence", "二七十", "贰柒拾", 6, 9),
    ("sentence", "六七八", "陆柒捌", 0, 0),
    ("jiao", "七七柒", "七柒柒", 0, 0),
]


@pytest.mark.parametrize("kind, small, big, small_huxi, big_huxi", LUZHOU_ROWS)
def test_r10_3_every_luzhou_huxi_row(kind, small, big, small_huxi, big_huxi):
    assert (hx(LUZHOU_HUXI, kind, small), hx(LUZHOU_HUXI, kind, big)) == (small_huxi, big_huxi)


def test_r10_3_luzhou_ti_is_at_most_18():
    assert max(hx(LUZHOU_HUXI, "ti", C.fmt([k] * 4)) for k in C.KINDS) == 18


@pytest.mark.parametrize("kind, text", [
    ("sentence", "一二三"), ("sentence", "八九十"), ("sentence", "二七十"), ("sentence", "贰柒拾"),
    ("jiao", "九九玖"), ("jiao", "九玖玖"), ("peng", "三三三"), ("wei", "叁叁叁"), ("chouwei", "叁叁叁"),
    ("kan", "七七七"), ("pao", "八八八八"), ("ti", "捌捌捌捌"), ("jiang", "六六"),
])
def test_r3_groups_that_are_what_their_kind_says(kind, text):
    assert Group.make(kind, C.parse(text)).text == C.fmt(C.parse(text))


@pytest.mark.parametrize("kind, text", [
    ("sentence", "一二叁"),  # small and big never mix in a sentence
    ("sentence", "二七拾"), ("sentence", "九十一"), ("sentence", "一二四"),
    ("jiao", "九九九"),  # three of one size is a kan, not a jiao
    ("jiao", "九玖捌"), ("peng", "三三叁"), ("pao", "八八八"), ("ti", "八八八捌"), ("jiang", "六陆"),
])
def test_r3_groups_that_are_not_what_their_kind_says_are_refused(kind, text):
    with pytest.raises(GroupError):
        Group.make(kind, C.parse(text))


def test_r3_special_sentences_are_123_and_2710_of_one_size():
    from games.rules.groups import is_special_sentence
    specials = {C.fmt(t) for t in [(0, 1, 2), (1, 6, 9), (10, 11, 12), (11, 16, 19)]}
    assert {C.fmt(t) for t in [(a, b, c) for a in C.KINDS for b in C.KINDS for c in C.KINDS
                               if a < b < c and is_special_sentence((a, b, c))]} == specials


def test_r4_evaluate_adds_up_the_groups_hu_xi():
    # table: ti 玖 12, peng 二 1; hand: kan 叁 6, 一二三 3, 贰柒拾 6, 四五六 0, jiang 八八 → 28
    win = ev("changde", "叁叁叁一二三贰柒拾四五六八", "八", "other_draw",
             groups=[("ti", "玖玖玖玖"), ("peng", "二二二")])
    assert win.huxi == 12 + 1 + 6 + 3 + 6
    assert split_of(win) == sorted([("ti", "玖玖玖玖"), ("peng", "二二二"), ("kan", "叁叁叁"),
                                    ("sentence", "一二三"), ("sentence", "贰柒拾"), ("sentence", "四五六"),
                                    ("jiang", "八八")])


def test_r10_3_luzhou_evaluate_uses_the_luzhou_table():
    # same holdings: ti 玖 15, red peng 二 6, kan 叁 9, 一二三 3, 贰柒拾 9 → 42
    win = ev("luzhou_grade", "叁叁叁一二三贰柒拾四五六八", "八", "other_draw",
             groups=[("ti", "玖玖玖玖"), ("peng", "二二二")])
    assert win.huxi == 15 + 6 + 9 + 3 + 9


def test_r3_chi_on_the_table_may_be_a_sentence_or_a_jiao():
    win = ev("changde", "叁叁叁一二三贰柒拾七八九四五", "六", "other_draw",
             groups=[("chi", "八捌捌"), ("chi", "壹贰叁")])
    assert ("jiao", "八捌捌") in split_of(win) and ("sentence", "壹贰叁") in split_of(win)
    assert win.huxi == 6 + 3 + 6 + 6

"""R7.1 [reading]: a winning card from another player (another's draw, a discard, the shown card) that
joins a hand pair makes a peng by default; RuleSet.pair_plus_others_card = "kan" scores it as a kan."""
import dataclasses

import pytest

from games.rules import cards as C
from games.rules.groups import Group
from games.rules.scoring import NoWin, Source, evaluate
from games.rules.variants import PRESETS, RuleSet, RuleSetError, preset

from .holdings import split_of

# Table peng 九 (1), 一二三 3, 二七十 3, 壹贰叁 6, 肆伍陆, 柒捌玖 = 13, and the pair 五五 + the card 五:
# as a peng (1) 14 hu-xi, below Changde's 15; as a kan (3) 16.
TABLE = [Group.make("peng", C.parse("九九九"))]
HAND = C.parse("一二三二七十壹贰叁肆伍陆柒捌玖五五")
FIVE = C.parse_card("五")


def score(variant, mode, source):
    rules = dataclasses.replace(preset(variant), pair_plus_others_card=mode)
    return evaluate(rules, TABLE, HAND, FIVE, source)


def test_r7_1_every_preset_reads_the_pair_as_a_peng():
    assert {rules.pair_plus_others_card for rules in PRESETS.values()} == {"peng"}
    assert RuleSet("x").pair_plus_others_card == "peng"


@pytest.mark.parametrize("source", [Source.OTHER_DRAW, Source.SHOWN])
def test_r7_1_peng_misses_the_minimum_where_kan_reaches_it(source):
    assert score("changde", "peng", source) == NoWin("huxi")  # 13 + peng 1 = 14 < 15 (R7.2)
    win = score("changde", "kan", source)
    assert win.huxi == 13 + 3 and ("kan", "五五五") in split_of(win) and ("peng", "五五五") not in split_of(win)


def test_r7_1_luzhou_values_the_kan_by_its_own_table():
    # Luzhou (R10.3): peng 九 1, 一二三 3, 二七十 6, 壹贰叁 6 = 16; small peng 1, small kan 6.
    peng, kan = (score("luzhou_grade", mode, Source.DISCARD) for mode in ("peng", "kan"))
    assert (peng.huxi, kan.huxi) == (16 + 1, 16 + 6)
    assert ("peng", "五五五") in split_of(peng) and ("kan", "五五五") in split_of(kan)
    assert kan.base - peng.base == 5  # one grade per hu-xi


def test_r7_1_own_draw_still_makes_a_wei_whatever_the_reading():
    assert score("changde", "peng", Source.OWN_DRAW) == score("changde", "kan", Source.OWN_DRAW)
    assert ("wei", "五五五") in split_of(score("changde", "kan", Source.OWN_DRAW))


def test_r7_1_the_reading_is_peng_or_kan():
    with pytest.raises(RuleSetError) as refused:
        dataclasses.replace(preset("changde"), pair_plus_others_card="wei")
    assert refused.value.code == "pair_plus_others_card"

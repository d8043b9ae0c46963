"""`games.rules.table_group`: one table group checked as the hand calculator's group picker needs it —
R3, the cards make the kind named; R1, no fifth copy of a card beside the holdings' other cards."""
import pytest

from games.rules import BadInput, Kind, table_group
from games.rules import cards as C


@pytest.mark.parametrize("kind, cards, made", [
    ("peng", "贰贰贰", Kind.PENG), ("wei", "五五五", Kind.WEI), ("chouwei", "伍伍伍", Kind.CHOUWEI),
    ("pao", "七七七七", Kind.PAO), ("ti", "拾拾拾拾", Kind.TI),
    ("chi", "一二三", Kind.SENTENCE), ("chi", "贰柒拾", Kind.SENTENCE), ("chi", "五五伍", Kind.JIAO),
])
def test_r3_a_legal_table_group_is_made_with_its_kind(kind, cards, made):
    group = table_group(kind, cards)
    assert group.kind is made and sorted(group.cards) == sorted(C.parse(cards))


@pytest.mark.parametrize("kind, cards, code", [
    ("peng", "贰贰叁", "group_not_peng"), ("peng", "贰贰", "group_not_peng"), ("pao", "七七七", "group_not_pao"),
    ("ti", "拾拾拾十", "group_not_ti"), ("chi", "一二四", "group_chi"), ("chi", "一二叁", "group_chi"),
    ("kan", "三三三", "group_kind"), ("peng", "贰贰x", "group_unknown"),
])
def test_r3_cards_that_do_not_make_the_kind_are_refused_with_the_group_row(kind, cards, code):
    with pytest.raises(BadInput) as refused:
        table_group(kind, cards, n=2)
    assert refused.value.code == code and refused.value.params["row"] == 3


def test_r1_a_fifth_copy_across_the_holdings_is_refused_and_a_fourth_is_not():
    beside = C.parse("贰贰一二三")  # two 贰 already in the hand
    with pytest.raises(BadInput) as refused:
        table_group("peng", "贰贰贰", beside=beside)
    assert refused.value.code == "copies" and refused.value.params == {"count": 5, "card": "贰", "copies": 4}
    assert table_group("chi", "壹贰叁", beside=C.parse("贰贰贰")).kind is Kind.SENTENCE  # the fourth 贰

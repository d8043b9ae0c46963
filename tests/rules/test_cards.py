"""R1: the 80 cards and their notation."""
import pytest

from games.rules import cards as C


def test_r1_deck_has_80_cards_four_of_each_kind():
    deck = C.deck()
    assert len(deck) == 80
    assert C.counts(deck) == [4] * 20


def test_r1_red_cards_are_2_7_10_of_both_sizes():
    reds = [C.char(k) for k in C.KINDS if C.is_red(k)]
    assert "".join(reds) == "二七十贰柒拾"
    assert sum(C.is_red(k) for k in C.deck()) == 24


def test_r1_notation_reads_chinese_and_ascii_alike():
    assert C.parse("一二拾") == C.parse("s1 s2 b10") == [0, 1, 19]
    assert C.fmt(C.parse("b10 s10 s1")) == "一十拾"


def test_r1_unknown_card_and_fifth_copy_are_refused():
    with pytest.raises(C.CardError):
        C.parse("一x")
    with pytest.raises(C.CardError):
        C.check_copies(C.parse("五五五五五"))

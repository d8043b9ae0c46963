"""The own hand in columns (issue 10): kan first, then the sentences and jiao a player could keep (R3),
then pairs, then the loose cards; every card exactly once, and a 360 px phone's eight columns."""
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hand_columns import MAX_COLUMNS, columns
from games.rules import cards as C


def _faces(cols):
    return [(c["kind"], C.fmt(c["cards"])) for c in cols]


def test_r3_kan_then_kept_sentences_then_pairs_then_loose():
    cols = columns(C.parse("壹壹壹二七十五六七三三九"))
    assert _faces(cols) == [("kan", "壹壹壹"), ("sentence", "二七十"), ("sentence", "五六七"),
                            ("pair", "三三"), ("loose", "九")]


def test_r3_a_jiao_is_kept_like_a_sentence_and_the_most_cards_go_into_groups():
    # 一二三 + 五伍伍 keeps six cards in groups; 一二三 alone would leave 五伍伍 loose
    assert _faces(columns(C.parse("一二三五伍伍"))) == [("sentence", "一二三"), ("sentence", "五伍伍")]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list(C.KINDS)), min_size=1, max_size=21).filter(
    lambda cs: max(cs.count(k) for k in cs) <= C.COPIES))
def test_every_card_once_and_the_loose_cards_stack_up_to_fit_eight_columns(cards):
    cols = columns(cards)
    assert sorted(k for c in cols for k in c["cards"]) == sorted(cards)
    assert all(len(set(c["cards"])) == 1 for c in cols if c["kind"] in ("kan", "pair"))
    grouped = sum(1 for c in cols if c["kind"] != "loose")
    if grouped < MAX_COLUMNS:  # the loose cards stack higher rather than take a ninth column
        assert len(cols) <= MAX_COLUMNS

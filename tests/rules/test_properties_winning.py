"""Property tests (hypothesis) for R7 winning and the card notation (R1).

- holdings built from 7 random valid groups win whenever their hu-xi reaches the minimum;
- on small cases the chosen split scores at least as much as every split a slow brute-force
  enumerator (written here, independently of winning.py) finds, and agrees on win / no win;
- the card notation round-trips.
"""
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import cards as C
from games.rules.groups import FOUR_SAME, Group, Kind, is_jiao, is_sentence
from games.rules.scoring import NoWin, Source, Win, evaluate, score_split
from games.rules.variants import PRESETS

from .holdings import build

RULES = list(PRESETS.values())
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Holdings are drawn from a seeded generator (tests/rules/holdings.py): a failure names its seed.
seeds = st.integers(min_value=0, max_value=2**32)


def _valid_split(win: Win, holdings: list[int]) -> bool:
    """The split uses exactly the holdings, each group is what its kind says, 7 groups, jiang rule."""
    if win.rest:
        return True
    cards = Counter(k for g in win.split for k in g.cards)
    n4 = sum(g.kind in FOUR_SAME for g in win.split)
    jiang = sum(g.kind == Kind.JIANG for g in win.split)
    return (cards == Counter(holdings) and len(win.split) == 7 and jiang == (1 if n4 else 0)
            and all(Group.make(g.kind, g.cards) == g for g in win.split))


@FAST
@given(seeds, st.sampled_from(RULES), st.booleans())
def test_r7_built_holdings_win_whenever_their_huxi_reaches_the_minimum(seed, rules, last):
    b = build(random.Random(seed), discard_win=rules.discard_win)
    shown = b.source is Source.SHOWN
    built = score_split(rules, b.groups(), heavenly=shown,
                        self_draw=b.source in (Source.OWN_DRAW, Source.SHOWN), last_card=last)
    result = evaluate(rules, b.table, b.hand, b.card, b.source, last_card=last)
    if built.huxi >= rules.min_huxi:
        assert isinstance(result, Win), (b, result)
        assert (result.base, result.huxi) >= (built.base, built.huxi)
    if isinstance(result, Win):
        holdings = [k for g in b.table for k in g.cards] + b.hand + ([] if b.card is None else [b.card])
        assert result.huxi >= rules.min_huxi and _valid_split(result, holdings)


# ---------------------------------------------------------------- a slow, independent enumerator

_TEMPLATES = sorted({tuple(sorted(t)) for t in (
    [(s + v, s + v + 1, s + v + 2) for s in (0, 10) for v in range(8)]
    + [(s + 1, s + 6, s + 9) for s in (0, 10)]
    + [(v, v, v + 10) for v in range(10)] + [(v, v + 10, v + 10) for v in range(10)]
    + [(k, k) for k in range(20)])})


def _partitions(cards: Counter):
    """Every way to cut `cards` into sentences, jiao and pairs (any number of pairs)."""
    if not +cards:
        yield []
        return
    low = min(k for k, n in cards.items() if n)
    for t in _TEMPLATES:
        if low in t and not Counter(t) - cards:
            for rest in _partitions(cards - Counter(t)):
                yield [t] + rest


def _brute_splits(table, hand, card, source):
    """All 7-group splits per R7.1, the winning card joining per R5 for its source."""
    counts = Counter(hand)
    solid = [Group(Kind.KAN if n == 3 else Kind.TI, (k,) * n) for k, n in counts.items() if n >= 3]
    loose = Counter({k: n for k, n in counts.items() if n < 3})
    ways = [(list(table), solid, loose)]
    if card is not None:
        same = [g for g in table + solid if g.cards[0] == card and g.kind in
                (Kind.KAN, Kind.PENG, Kind.WEI, Kind.CHOUWEI)]
        others = [g for g in table + solid if g not in same]
        joined = same[0].kind if same else None
        four = (lambda kind: [(others, [Group(kind, (card,) * 4)], loose)])
        if source is Source.OWN_DRAW and counts[card] == 2:
            ways = [(list(table), solid + [Group(Kind.WEI, (card,) * 3)], loose - Counter({card: 2}))]
        elif source is Source.OWN_DRAW and joined in (Kind.KAN, Kind.WEI, Kind.CHOUWEI):
            ways = four(Kind.TI)
        else:
            ways = [(list(table), solid, loose + Counter({card: 1}))]
            if (joined == Kind.KAN and source in (Source.OTHER_DRAW, Source.DISCARD)
                    or joined == Kind.PENG and source in (Source.OTHER_DRAW, Source.OWN_DRAW)
                    or joined in (Kind.WEI, Kind.CHOUWEI) and source in (Source.OTHER_DRAW, Source.DISCARD)):
                ways += four(Kind.PAO)
            if counts[card] == 2 and source in (Source.OTHER_DRAW, Source.DISCARD, Source.SHOWN):
                ways.append((list(table), solid + [Group(Kind.PENG, (card,) * 3)], loose - Counter({card: 2})))
    for fixed, extra, free in ways:
        for part in _partitions(free):
            groups = fixed + extra + [Group(Kind.JIANG if len(t) == 2 else
                                            Kind.SENTENCE if is_sentence(t) else Kind.JIAO, t) for t in part]
            n4 = sum(g.kind in FOUR_SAME for g in groups)
            if len(groups) == 7 and sum(g.kind == Kind.JIANG for g in groups) == (1 if n4 else 0):
                yield groups


def _small_case(rng, dense=False):
    """Holdings with a few groups already on the table, so the hand is small; half are near misses.
    `dense` hands are made of a few crowded values: many competing splits."""
    b = build(rng, discard_win=True, table_bias=0.3 if dense else 0.5, dense=dense)
    hand = b.hand
    if hand and rng.random() < 0.5:
        hand[rng.randrange(len(hand))] = rng.randrange(20)
    everything = [k for g in b.table for k in g.cards] + hand + ([] if b.card is None else [b.card])
    if max(Counter(everything).values()) > 4:
        return b.table, b.hand, b.card, b.source
    return b.table, hand, b.card, b.source


@settings(FAST, max_examples=400)
@given(seeds, st.sampled_from(RULES), st.booleans())
def test_r7_1_chosen_split_scores_at_least_every_brute_force_split(seed, rules, dense):
    table, hand, card, source = _small_case(random.Random(seed), dense)
    result = evaluate(rules, table, hand, card, source)
    if source is Source.DISCARD and not rules.discard_win:
        assert result == NoWin("source")
        return
    heavenly = source is Source.SHOWN
    self_draw = source in (Source.OWN_DRAW, Source.SHOWN)
    splits = list(_brute_splits(list(table), hand, card, source))
    scored = [score_split(rules, s, heavenly=heavenly, self_draw=self_draw) for s in splits]
    winning = [w for w in scored if w.huxi >= rules.min_huxi]
    if not splits:
        assert result == NoWin("shape")
    elif not winning:
        assert result == NoWin("huxi")
    else:
        assert isinstance(result, Win)
        assert (result.base, result.huxi) == max((w.base, w.huxi) for w in winning)
        assert sorted(map(str, result.split)) in [sorted(map(str, w.split)) for w in winning]


def test_the_brute_force_enumerator_sees_every_split_of_a_known_hand():
    # 一一二二三三 is two 一二三 (or, with a pao, not a win); with 壹 it also makes the jiao 一一壹.
    splits = list(_partitions(Counter(C.parse("一一二二三三"))))
    assert sorted(tuple(map(C.fmt, p)) for p in splits) == sorted([
        ("一一", "二二", "三三"), ("一二三", "一二三")])


# ---------------------------------------------------------------- the notation (R1)

cards_lists = st.lists(st.integers(min_value=0, max_value=19), max_size=30)


@given(cards_lists)
def test_r1_notation_round_trips_in_chinese(cards):
    assert C.parse(C.fmt(cards)) == sorted(cards)


@given(cards_lists)
def test_r1_notation_round_trips_through_ascii(cards):
    ascii_text = " ".join(("b" if C.is_big(k) else "s") + str(C.value(k)) for k in cards)
    assert C.parse(ascii_text) == cards
    assert C.fmt(C.parse(ascii_text)) == C.fmt(cards)


@given(st.sampled_from([(s + v, s + v + 1, s + v + 2) for s in (0, 10) for v in range(8)]
                       + [(v, v, v + 10) for v in range(10)]))
def test_r3_group_text_round_trips(cards):
    g = Group.make(Kind.SENTENCE if is_sentence(cards) else Kind.JIAO, cards)
    assert tuple(C.parse(g.text)) == g.cards and (is_jiao(g.cards) or is_sentence(g.cards))

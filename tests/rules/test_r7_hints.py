"""R7 winning-card hints (听牌提示): which cards win a ready hand, with what hu-xi, from which source
(R7.1, R7.3), which discards keep a hand ready, the passed hu (R7.4), and that a hint reads nothing
hidden from its seat."""
from dataclasses import replace

import pytest

from games.rules import (PRESETS, Group, Source, Win, evaluate, owes_discard, preset, random_hand, replay,
                         seat_hints, unseen_copies, winning_cards)
from games.rules import cards as C
from games.rules.checks import scrambled
from tests.rules.handkit import start

# 18 hu-xi in six groups (kan 壹 6, kan 叁 6, 一二三 3, 二七十 3, 四五六, 七八九) and 伍陆: 肆 or 柒 wins.
SIDES = "壹壹壹叁叁叁一二三二七十四五六七八九伍陆"
# The same six groups and the pair 捌捌: only 捌 wins; an own draw makes it a wei (6), another's a peng (3).
PAIR = "壹壹壹叁叁叁一二三二七十四五六七八九捌捌"


def counts(text: str) -> list[int]:
    return C.counts(C.parse(text))


def brute_force(rules, table, hand_counts) -> dict[str, dict[Source, int]]:
    """Every card and source evaluate accepts, tried one by one (no shortcut): the reference."""
    cards = C.from_counts(hand_counts)
    out = {}
    for k in C.KINDS:
        if hand_counts[k] == C.COPIES:
            continue
        for source in (Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD):
            win = evaluate(rules, table, cards, k, source)
            if isinstance(win, Win):
                out.setdefault(C.char(k), {})[source] = win.huxi
    return out


def as_dict(waits) -> dict[str, dict[Source, int]]:
    return {C.char(w.card): {s: win.huxi for s, win in w.wins} for w in waits}


def test_r7_1_two_sided_wait_wins_on_either_end_with_its_huxi():
    waits = winning_cards(preset("changde"), (), counts(SIDES))
    assert as_dict(waits) == {"肆": {Source.OWN_DRAW: 18, Source.OTHER_DRAW: 18},
                              "柒": {Source.OWN_DRAW: 18, Source.OTHER_DRAW: 18}}


def test_r7_1_pair_wait_is_a_wei_on_an_own_draw_and_a_peng_on_another_seats():
    rules = preset("changde")
    waits = as_dict(winning_cards(rules, (), counts(PAIR)))
    assert waits["捌"] == {Source.OWN_DRAW: 24, Source.OTHER_DRAW: 21}
    # the fourth 叁 makes the kan a ti on an own draw (12), a pao on another's (9), 捌捌 the jiang
    assert waits["叁"] == {Source.OWN_DRAW: 24, Source.OTHER_DRAW: 21}
    assert waits == brute_force(rules, (), counts(PAIR))


def test_r7_3_a_discard_wins_only_where_the_variant_says_so():
    assert all(Source.DISCARD not in ways for ways in as_dict(winning_cards(preset("changde"), (), counts(SIDES))).values())
    luzhou = as_dict(winning_cards(preset("luzhou_grade"), (), counts(SIDES)))
    assert set(luzhou) == {"肆", "柒"} and all(Source.DISCARD in ways for ways in luzhou.values())


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_r7_hints_are_exactly_what_evaluate_accepts_for_every_variant(variant):
    rules = preset(variant)
    for seed in range(12):
        played = replay(rules, seed, 0, 3, random_hand(rules, seed).log, steps=True)
        for state in played.states:
            for seat in state.order:
                hand, table = state.hands[seat], state.tables[seat]
                if owes_discard(hand, table):
                    continue  # R6.5: not waiting, it must discard first
                want = brute_force(rules, table, hand)
                if not rules.discard_win:
                    want = {k: {s: h for s, h in ways.items() if s != Source.DISCARD} for k, ways in want.items()}
                    want = {k: ways for k, ways in want.items() if ways}
                assert as_dict(winning_cards(rules, table, hand)) == want, (variant, seed, state.move_no, seat)


def test_r7_1_table_groups_count_in_the_huxi():
    # a table peng 壹 (3) instead of the kan (6): 15 hu-xi; 壹 itself would make a pao needing a jiang
    table = (Group.make("peng", C.parse("壹壹壹")),)
    hand = counts("叁叁叁一二三二七十四五六七八九伍陆")
    assert as_dict(winning_cards(preset("changde"), table, hand)) == {
        "肆": {Source.OWN_DRAW: 15, Source.OTHER_DRAW: 15}, "柒": {Source.OWN_DRAW: 15, Source.OTHER_DRAW: 15}}


def test_r7_hints_skip_a_card_with_no_copy_left():
    left = [4] * 20
    left[C.parse_card("肆")] = 0
    assert set(as_dict(winning_cards(preset("changde"), (), counts(SIDES), left=left))) == {"柒"}


def test_r7_4_a_passed_hu_kind_is_not_a_hint_while_the_table_huxi_is_unchanged():
    assert set(as_dict(winning_cards(preset("changde"), (), counts(SIDES), barred=frozenset({C.parse_card("柒")})))) == {"肆"}
    state, _ = start(SIDES + "十", "一", "二")  # the dealer: 21 cards, the shown card 十 among them
    assert C.parse_card("十") in seat_hints(state, 0).ready_discards
    hx = state.table_huxi(0)
    passed = replace(state, passed_hu=(((C.parse_card("肆"), hx), (C.parse_card("柒"), hx)), (), ()))
    assert C.parse_card("十") not in seat_hints(passed, 0).ready_discards  # its only waits are barred
    moved = replace(state, passed_hu=(((C.parse_card("肆"), hx + 3), (C.parse_card("柒"), hx + 3)), (), ()))
    assert C.parse_card("十") in seat_hints(moved, 0).ready_discards  # the table hu-xi changed since


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_r6_5_ready_discards_are_exactly_those_leaving_an_unseen_winning_card(variant):
    """seat_hints of every seat that owes a discard, in whole replayed hands, against the definition:
    a discard (never of a kan card) after which some card evaluate accepts still has an unseen copy."""
    rules = preset(variant)
    sources = {Source.OWN_DRAW, Source.OTHER_DRAW} | ({Source.DISCARD} if rules.discard_win else set())
    checked = 0
    for seed in range(6):
        played = replay(rules, seed, 0, 3, random_hand(rules, seed).log, steps=True)
        for state in played.states:
            for seat in state.order:
                hand, table = state.hands[seat], state.tables[seat]
                hints = seat_hints(state, seat)
                if (hints is None or not owes_discard(hand, table)
                        or (state.passed_hu and state.passed_hu[seat])):  # R7.4 bars: tested above
                    continue
                left = unseen_copies(state, seat)
                want = set()
                for k in C.KINDS:
                    if 0 < hand[k] < 3:
                        after = list(hand)
                        after[k] -= 1
                        wins = brute_force(rules, table, after)
                        if any(left[C.parse_card(w)] and set(ways) & sources for w, ways in wins.items()):
                            want.add(k)
                assert hints.ready_discards == frozenset(want), (variant, seed, state.move_no, seat)
                checked += 1
    assert checked > 20


def test_r6_5_the_discards_that_keep_a_hand_ready():
    state, _ = start(SIDES + "十", "一", "二")
    assert state.turn == 0  # the dealer owes the first discard (R6.5)
    hints = seat_hints(state, 0)
    assert hints.waits == ()
    hand = state.hands[0]
    want = set()
    for k in C.KINDS:
        if 0 < hand[k] < 3:
            after = list(hand)
            after[k] -= 1
            if brute_force(state.rules, (), after):
                want.add(k)
    assert hints.ready_discards == frozenset(want) and C.parse_card("十") in want


def test_r7_seat_hints_read_nothing_hidden_from_the_seat():
    for variant in ("changde", "luzhou_grade"):
        rules = preset(variant)
        for seed in range(10):
            for state in replay(rules, seed, 0, 3, random_hand(rules, seed).log, steps=True).states:
                for seat in state.order:
                    twin = scrambled(state, seat)
                    assert unseen_copies(twin, seat) == unseen_copies(state, seat)
                    assert seat_hints(twin, seat) == seat_hints(state, seat)

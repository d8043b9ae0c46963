"""A real situation for every refusal code (IllegalAction, InvalidAction): a table, a seat and the move
the engine refuses there, with the code and parameters it must give. tests/rules/test_refusal_codes.py
checks the codes, tests/games/test_reasons_moves.py the sentences players read for them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from games.rules import HandState, IllegalAction, InvalidAction, apply
from games.rules.cli_play import play_entry
from games.rules.errors import Refusal
from tests.rules.handkit import play, start
from tests.rules.test_r5_forced_moves import A_WAITS_SAN_LIU as A, DEALER20
from tests.rules.test_r7_claims_hand import B, D, E, LU1, LU2, LU_DEALER, PAO_WU


@dataclass(frozen=True)
class Case:
    rule: str  # the rule the refusal upholds, as test names write it: "r6_4"
    error: type[Refusal]
    code: str
    params: dict
    state: HandState
    seat: int
    wire: object  # the move as a player sends it
    play: Callable = field(default=apply, repr=False)  # what is refused: hand.apply, or a `cli play` entry

    @property
    def id(self) -> str:
        return f"{self.rule}_{self.code}"

    def refusal(self) -> Refusal:
        try:
            self.play(self.state, self.seat, self.wire)
        except Refusal as e:
            return e
        raise AssertionError(f"{self.id}: {self.wire} was not refused")


def _then(state, *moves) -> HandState:
    return play(state, *moves)[0]


def _cli_entry(state, seat, entry):
    return play_entry(state, entry)


# The dealer (21 cards, four kans of 壹 叁 柒 玖) must discard.
DEALER_TURN = start("九" + DEALER20, "", "")[0]
# The dealer discards 二: only seat 1 (一三, his 下家) may chi it.
ER_DISCARDED = _then(start("二" + DEALER20, "一三", "二贰", stock="二")[0], (0, "discard", "二"))
# Seat 1 passed it and draws the next 二: it is a passed card for him; seat 2 may chi it.
ER_PASSED = _then(ER_DISCARDED, (1, "pass"))
# Seat 1 draws 九 to his pair: a wei; he alone is asked whether to win (R7.3).
WEI_THEN_HU = start("拾", E, "", stock="九陆")[0]
# R6.3's worked example: seat 1 holds 一 二二 三三 四 贰贰 and the dealer discards 二.
ER_EXAMPLE = _then(start("二七七十十五五六六八八九九柒柒捌捌玖玖拾叁", "一二二三三四贰贰五六八九壹叁肆伍陆捌玖拾", "")[0],
                   (0, "discard", "二"))
# Seat 1 pengs four of seat 2's draws (Luzhou), keeping two kans and a pair of 九; the dealer draws 九.
FOUR_PENGS = start("拾", "六六六十十十三三五五七七八八九九贰伍肆陆", "", stock="壹三五七八叁九",
                   variant="luzhou_grade")[0]
for _out in "贰伍肆陆":
    FOUR_PENGS = _then(FOUR_PENGS, (1, "peng"), (1, "discard", _out))
# Seat 1 holds six sentences worth no hu-xi and 八九: 7 groups with a 七, but 0 hu-xi.
NO_HUXI = start("拾", "三四五六七八叁肆伍陆柒捌四五六伍陆柒八九", "", stock="七")[0]


def _ill(rule, code, params, state, seat, *wire) -> Case:
    return Case(rule, IllegalAction, code, params, state, seat, list(wire))


def _inv(rule, code, params, wire, play=apply) -> Case:
    return Case(rule, InvalidAction, code, params, DEALER_TURN, 0, wire, play)


CASES = [
    # whose move it is
    _ill("r2", "no_seat", {"seat": 5}, DEALER_TURN, 5, "pass"),
    _ill("r7_7", "hand_over", {}, _then(DEALER_TURN, (0, "discard", "九")), 1, "hu"),
    _ill("r6_5", "not_your_turn", {"seat": 0}, DEALER_TURN, 1, "pass"),
    _ill("r6_5", "must_discard", {}, DEALER_TURN, 0, "pass"),
    _ill("r6_5", "not_held", {"card": "五"}, DEALER_TURN, 0, "discard", "五"),
    _ill("r6_5", "kan_card", {"card": "壹"}, DEALER_TURN, 0, "discard", "壹"),
    _ill("r7_6", "already_decided", {"card": "六"}, _then(start("拾", A, B, stock="六陆")[0], (2, "hu")),
         2, "pass"),
    _ill("r7_6", "claims_pending", {"card": "二"}, ER_DISCARDED, 1, "discard", "一"),
    _ill("r3", "not_asked", {}, WEI_THEN_HU, 2, "pass"),
    _ill("r6_4", "better_claim", {"card": "六"}, _then(start("六六拾", A, "四五", stock="六")[0], (0, "peng")),
         2, "chi", "四五六"),
    _ill("r7_6", "nothing_to_decide", {"card": "二"}, ER_DISCARDED, 2, "pass"),
    # taking the card
    _ill("r5_5", "take_tiwei", {}, WEI_THEN_HU, 2, "peng"),
    _ill("r9_3", "take_shown", {}, start("壹壹壹贰贰贰一二三四五六七八九肆伍陆柒捌玖", "一一二二三三四四五五六六七七八八九九十十",
                                         "叁叁肆肆伍伍陆陆柒柒捌捌玖玖拾拾十十壹贰")[0], 0, "peng"),
    _ill("r5_3", "own_pao", {"card": "伍"}, start("捌", "", PAO_WU, stock="伍")[0], 2, "peng"),
    _ill("r5_3", "cannot_take", {"card": "六"},
         _then(start("拾", "六六六十十九九九二三四七八壹叁柒玖", A, stock="肆六捌")[0], (2, "pass")), 2, "chi", "四五六"),
    _ill("r6_1", "peng_own_discard", {}, ER_DISCARDED, 0, "peng"),
    _ill("r6_1", "peng_own_draw", {}, ER_PASSED, 1, "peng"),
    _ill("r6_2", "take_own_discard", {}, ER_DISCARDED, 0, "chi", "一二三"),
    _ill("r6_4", "passed_card", {"card": "二"}, ER_PASSED, 1, "chi", "一二三"),
    _ill("r6_4", "own_discard_card", {"card": "二"}, ER_PASSED, 0, "chi", "二贰贰"),
    _ill("r6_1", "peng_no_pair", {"card": "二"}, ER_DISCARDED, 1, "peng"),
    _ill("r6_5", "peng_no_discard", {}, FOUR_PENGS, 1, "peng"),
    _ill("r6_2", "chi_not_next", {}, ER_DISCARDED, 2, "chi", "二二贰"),
    _ill("r6_2", "chi_not_drawer_or_next", {}, start("四五拾", "四五", "四五", stock="六")[0], 0, "chi", "四五六"),
    _ill("r6_2", "chi_group_lacks_card", {"group": "三四五", "card": "二"}, ER_DISCARDED, 1, "chi", "三四五"),
    _ill("r6_2", "chi_kan_card", {"card": "五"}, start("拾", "四五五五七八", "", stock="六")[0], 1, "chi", "四五六"),
    _ill("r6_2", "chi_not_held", {"cards": "贰贰"}, ER_DISCARDED, 1, "chi", "二贰贰"),
    _ill("r6_3", "bi_lacks_card", {"group": "三四五", "card": "二"}, ER_EXAMPLE, 1, "chi", "二二贰", "三四五"),
    _ill("r6_3", "must_bi", {"card": "二"}, ER_EXAMPLE, 1, "chi", "二贰贰"),
    _ill("r6_3", "bi_impossible", {"card": "三"},
         _then(start("三七七八八九九十十柒柒捌捌玖玖拾拾陆陆肆肆", "一二三四五壹壹贰贰伍伍伍", "")[0], (0, "discard", "三")),
         1, "chi", "二三四"),
    _ill("r6_5", "chi_no_discard", {},
         _then(start("二" + DEALER20, "六六六七七七八八八九九九一二二三三四贰贰", "")[0], (0, "discard", "二")),
         1, "chi", "二贰贰", "一二三", "二三四"),
    # winning
    _ill("r5_5", "hu_tiwei", {}, WEI_THEN_HU, 2, "hu"),
    _ill("r7_3", "hu_discard", {}, ER_DISCARDED, 1, "hu"),
    _ill("r10_3", "hu_own_discard", {},
         _then(start(LU_DEALER, LU1, LU2, variant="luzhou_grade")[0], (0, "discard", "六")), 0, "hu"),
    _ill("r10_3", "declined_peng_bars_hu", {},
         _then(start("六" + DEALER20, A, "", stock="三", variant="luzhou_grade")[0], (0, "discard", "贰"), (1, "pass")),
         1, "hu"),
    _ill("r7_4", "passed_hu", {"card": "六", "huxi": 0}, _then(start("拾", D, "", stock="陆六六伍六")[0], (1, "pass")),
         1, "hu"),
    _ill("r7_2", "hu_huxi", {"card": "七", "min_huxi": 15}, NO_HUXI, 1, "hu"),
    _ill("r7_1", "hu_shape", {"card": "二"}, ER_PASSED, 1, "hu"),
    # malformed moves
    _inv("wire", "not_words", {"wire": "[]"}, []),
    _inv("wire", "unknown_move", {"move": "eat", "moves": "discard, chi, peng, hu, pass"}, ["eat", "二二贰"]),
    _inv("r6_5", "discard_one_card", {}, ["discard"]),
    _inv("r6_3", "chi_needs_group", {}, ["chi"]),
    _inv("r1", "bad_cards", {"why": "unknown card 'x' in 'x'"}, ["discard", "x"]),
    _inv("r6_2", "not_chi_group", {"group": "二四贰"}, ["chi", "二四贰"]),
    _inv("wire", "takes_no_cards", {"move": "peng"}, ["peng", "五"]),
    _inv("cli", "scenario_entry", {}, ["pass"], play=_cli_entry),
]

# Codes no situation reaches today, kept so that every reason the scorer gives has words: scoring's
# NoWin "source" (R7.3) is only ever a discard, which refusals refuse first as hu_discard.
UNREACHABLE = {(IllegalAction, "hu_source"): IllegalAction("hu_source", card="六")}


def every_refusal() -> list[tuple[str, Refusal]]:
    """(id, refusal) for every code: the real situations, then the unreachable codes."""
    return ([(c.id, c.refusal()) for c in CASES]
            + [(f"unreachable_{code}", e) for (_, code), e in UNREACHABLE.items()])

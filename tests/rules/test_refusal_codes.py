"""Refusals travel as a stable code and plain parameters
(docs/design.md#refusals-are-codes-translated-at-the-edge), with the English text for the CLI;
one real situation per code (tests/rules/refusal_cases.py), named after the rule it upholds."""
import pytest

from games.rules import IllegalAction, InvalidAction
from tests.rules.handkit import play
from tests.rules.refusal_cases import CASES, UNREACHABLE, WEI_THEN_HU


@pytest.mark.parametrize("case", CASES, ids=[f"{c.id}_refused_with_code" for c in CASES])
def test_refused_with_code(case):
    e = case.refusal()
    assert type(e) is case.error
    assert (e.code, e.params) == (case.code, case.params)
    assert str(e) == case.error.TEXTS[case.code].format(**case.params)


def test_every_code_has_a_situation_or_says_why_it_has_none():
    covered = {(c.error, c.code) for c in CASES}
    assert len(covered) == len(CASES)  # one situation per code
    assert not covered & set(UNREACHABLE)
    assert covered | set(UNREACHABLE) == ({(IllegalAction, code) for code in IllegalAction.TEXTS}
                                         | {(InvalidAction, code) for code in InvalidAction.TEXTS})


def test_refusal_parameters_are_plain_values():
    for case in CASES:
        assert all(type(v) in (str, int) for v in case.refusal().params.values()), case.id


def test_an_unknown_code_is_a_programming_error():
    with pytest.raises(KeyError):
        IllegalAction("no_such_code")


def test_r3_a_refusal_never_names_the_card_of_another_seats_wei():
    """Seat 1's draw made a wei (hidden from the others) and he may win: whatever seats 0 and 2 try,
    the refusal names no card."""
    for seat, wire in [(0, ["discard", "拾"]), (2, ["pass"]), (2, ["peng"]), (2, ["hu"]),
                       (2, ["chi", "七八九"])]:
        with pytest.raises(IllegalAction) as e:
            play(WEI_THEN_HU, (seat, *wire))
        assert "九" not in str(e.value) and "九" not in e.value.params.values(), (seat, wire)

"""A refused move in the player's language (games.reasons.moves,
docs/design.md#refusals-are-codes-translated-at-the-edge): every engine code has a message; in Chinese
it is Chinese (no English word, no rule number, full-width punctuation) and shows the cards; in English
it has no Chinese but the card faces. Each refusal comes from a real situation (tests/rules/refusal_cases.py)."""
import re

import pytest
from django.utils import translation

from games import reasons
from games.reasons.moves import MESSAGES
from games.rules import IllegalAction, InvalidAction
from games.rules.cards import CHARS
from tests.rules.refusal_cases import every_refusal

REFUSALS = every_refusal()
CARD_PARAMS = ("card", "cards", "group")  # the params that are card faces
HAN = re.compile(r"[\u3400-\u9fff]")


def _text(error, language: str) -> str:
    with translation.override(language):
        return reasons.text(error)


def test_every_code_has_a_message_and_every_message_a_code():
    codes = ({("IllegalAction", c) for c in IllegalAction.TEXTS}
             | {("InvalidAction", c) for c in InvalidAction.TEXTS})
    assert set(MESSAGES) == codes


@pytest.mark.parametrize("error", [e for _, e in REFUSALS], ids=[i for i, _ in REFUSALS])
def test_a_refusal_in_chinese_is_chinese_and_shows_the_cards(error):
    assert (type(error).__name__, error.code) in MESSAGES  # not the general fallback sentence
    text = _text(error, "zh-hans")
    assert HAN.search(text) and not re.search(r"[A-Za-z]", text), text  # no English, no "R6.4"
    assert not re.search(r"[,.:;!?()]", text), text  # full-width punctuation
    for name in CARD_PARAMS:
        if name in error.params:
            assert error.params[name] in text, text


@pytest.mark.parametrize("error", [e for _, e in REFUSALS], ids=[i for i, _ in REFUSALS])
def test_a_refusal_in_english_has_no_chinese_but_the_card_faces(error):
    text = _text(error, "en")
    assert not set(HAN.findall(text)) - set(CHARS), text
    for name in CARD_PARAMS:
        if name in error.params:
            assert error.params[name] in text, text


def test_not_your_turn_names_no_seat_on_the_page():
    error = IllegalAction("not_your_turn", seat=2)
    assert "2" in str(error)  # the CLI says whose turn it is
    assert "2" not in _text(error, "zh-hans") and "2" not in _text(error, "en")

"""games.reasons.rulesets: every code the engine raises for a rule set or a scoring request, and every
NoWin reason, has a message, and in Chinese that message is Chinese
(docs/design.md#refusals-are-codes-translated-at-the-edge)."""
import re

import pytest
from django.utils import translation

from games.reasons import rulesets, text
from games.rules.cli_score import BadInput
from games.rules.scoring import NoWin
from games.rules.variants import RuleSetError

REFUSALS = {"RuleSetError": RuleSetError, "BadInput": BadInput}
CODES = [(name, code) for name, cls in REFUSALS.items() for code in cls.TEXTS] + [
    ("NoWin", why) for why in ("shape", "huxi", "source")]


def _error(name: str, code: str):
    """The refusal with every parameter its English text names (and `row`) set to a card face."""
    if name == "NoWin":
        return NoWin(code)
    cls = REFUSALS[name]
    params = dict.fromkeys(re.findall(r"{(\w+)", cls.TEXTS[code]), "一")
    return cls(code, row=1, **params)


def test_every_code_has_a_message_and_every_message_a_code():
    assert set(rulesets.MESSAGES) == set(CODES)


@pytest.mark.parametrize("key", CODES, ids="-".join)
def test_each_message_reads_in_chinese_with_its_params(key):
    error = _error(*key)
    with translation.override("zh-hans"):
        sentence = text(error)
        assert sentence == str(rulesets.MESSAGES[key]) % error.params
    assert re.search(r"[\u4e00-\u9fff]", sentence) and not re.search(r"[A-Za-z]{3,}", sentence), sentence

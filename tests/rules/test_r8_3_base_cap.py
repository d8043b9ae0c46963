"""R8.3 封顶: the rule set's base_cap limits a win's base; the uncapped base is still told."""
import dataclasses

import pytest

from games.rules import Group, RuleSetError, preset, score_split
from games.rules import cards as C


def _split():
    """A 红胡 hand (2 fan in changde): enough hu-xi and red cards to be worth more than 4."""
    rows = [("kan", "贰贰贰"), ("kan", "拾拾拾"), ("kan", "柒柒柒"), ("peng", "二二二"),
            ("sentence", "一二三"), ("sentence", "四五六"), ("sentence", "七八九")]
    return [Group.make(kind, C.parse(cards)) for kind, cards in rows]


def test_r8_3_a_cap_holds_the_base_and_the_win_says_what_it_held():
    rules = preset("changde")
    free = score_split(rules, _split(), self_draw=True)
    assert free.base > 4 and free.uncapped == free.base
    capped = score_split(dataclasses.replace(rules, base_cap=4), _split(), self_draw=True)
    assert (capped.base, capped.uncapped) == (4, free.base)
    assert "capped at 4" in capped.breakdown()
    assert score_split(dataclasses.replace(rules, base_cap=free.base + 1), _split(), self_draw=True).base == free.base


def test_r8_3_a_negative_cap_is_refused():
    with pytest.raises(RuleSetError) as e:
        dataclasses.replace(preset("changde"), base_cap=-1)
    assert e.value.code == "base_cap"

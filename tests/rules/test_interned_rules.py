"""Equal rule sets are one object in play (variants.interned): the engine's memos of a rule set's
tables are kept by identity, and the site makes its RuleSet anew for every deal."""
from __future__ import annotations

import dataclasses

from games.rules import HandState, deal, preset
from games.rules.winning import solver_for


def _made_anew(name: str):
    rules = preset(name)
    return dataclasses.replace(rules, huxi=dataclasses.replace(rules.huxi), patterns=tuple(rules.patterns))


def test_hands_dealt_from_equal_rule_sets_made_anew_share_one_rule_set_and_its_solver():
    states = [deal(_made_anew("changde"), seed=seed, dealer=0)[0] for seed in range(100)]
    assert len({id(s.rules) for s in states}) == 1
    assert len({id(solver_for(s.rules.huxi)) for s in states}) == 1
    assert HandState.from_json(states[0].to_json()).rules is states[0].rules


def test_different_rule_sets_stay_apart():
    changde, luzhou = deal(_made_anew("changde"), seed=1, dealer=0)[0], deal(_made_anew("luzhou_grade"), seed=1, dealer=0)[0]
    assert changde.rules != luzhou.rules and changde.rules.name == "changde" and luzhou.rules.name == "luzhou_grade"

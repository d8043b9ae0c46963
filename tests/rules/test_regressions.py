"""Real bugs kept as replayable fixtures (docs/design.md#seeded-determinism; like python-chess's perft files).

Each file in tests/rules/regressions/ names the rule, says what went wrong, and holds `cli play` scenarios
with the parts of the output that must hold now. A new bug gets a new file before its fix.
"""
import json
from pathlib import Path

import pytest

from games.rules.cli_play import play_scenario

FILES = sorted((Path(__file__).parent / "regressions").glob("*.json"))
CASES = [(f.stem, case) for f in FILES for case in json.loads(f.read_text())["cases"]]


def matches(actual, expected) -> bool:
    """`expected` is a part of `actual`: dicts may leave keys out; lists and values must be equal."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(actual[k], v) for k, v in expected.items())
    return actual == expected


def test_every_regression_file_says_what_went_wrong():
    assert FILES
    for f in FILES:
        doc = json.loads(f.read_text())
        assert doc["why"] and doc["rules"] and doc["cases"], f.name


@pytest.mark.parametrize("name, case", CASES, ids=[f"{n}: {c['scenario']['id']}" for n, c in CASES])
def test_regression(name, case):
    out = play_scenario(case["scenario"])
    assert matches(out, case["expect"]), json.dumps(out, ensure_ascii=False)

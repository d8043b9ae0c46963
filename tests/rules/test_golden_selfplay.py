"""Every hand of the golden self-play file plays out exactly as recorded (same moves, winner, score,
events and final state): behaviour changes only on purpose (see tests/rules/golden/selfplay.py)."""
import json
import random

import pytest

from games.rules import PRESETS
from games.rules.checks import chooser
from tests.rules.golden.selfplay import BOT_HANDS_PER_PRESET, GOLDEN, HANDS_PER_PRESET, bot_record, record

ROWS = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]


def test_golden_file_covers_every_preset():
    assert {r["variant"] for r in ROWS} == set(PRESETS)
    assert len(ROWS) == (HANDS_PER_PRESET + BOT_HANDS_PER_PRESET) * len(PRESETS)
    assert sum(r["winner"] is not None for r in ROWS) > 100 and any(r["winner"] is None for r in ROWS)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_golden_random_hands_play_as_recorded(variant):
    rows = [r for r in ROWS if r["variant"] == variant and not r.get("bots")]
    for i, expected in enumerate(rows):
        assert record(variant, i) == expected, f"{variant} hand {i} (seed {expected['seed']}) changed"


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_golden_bot_hands_play_as_recorded(variant):
    rows = [r for r in ROWS if r["variant"] == variant and r.get("bots")]
    for i, expected in enumerate(rows):
        assert bot_record(variant, i) == expected, f"{variant} bot hand {i} (seed {expected['seed']}) changed"


def test_self_play_chooser_draws_as_random_choice():
    """checks.chooser stands in for rng.choice in self-play: it must pick exactly what rng.choice picks."""
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        pick = chooser(ours)
        for n in (1, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 100):
            seq = list(range(n))
            assert [pick(seq) for _ in range(5)] == [theirs.choice(seq) for _ in range(5)]

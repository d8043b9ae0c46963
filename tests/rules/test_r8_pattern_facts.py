"""R8.2 / R10: a pattern table's fans depend only on the facts its rows read (each pattern object's
`reads`, patterns.REGISTRY), which lets scoring memoise them on those facts alone."""
import dataclasses
import random

import pytest

from games.rules.patterns import FACT_NAMES, REGISTRY, Facts, fans, facts_read
from games.rules.variants import PATTERN_CODES, PRESETS


def _facts(rng):
    return Facts(red=rng.randrange(25), big=rng.randrange(25), small=rng.randrange(25),
                 all_sets=rng.random() < 0.3, last_card=rng.random() < 0.3, heavenly=rng.random() < 0.3,
                 earthly=rng.random() < 0.3)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_r8_2_fans_do_not_change_with_the_facts_no_row_reads(variant):
    rows = PRESETS[variant].patterns
    unread = [name for name in FACT_NAMES if name not in facts_read(rows)]
    rng = random.Random(variant)
    for _ in range(500):
        facts, other = _facts(rng), _facts(rng)
        mixed = dataclasses.replace(facts, **{name: getattr(other, name) for name in unread})
        assert fans(rows, mixed) == fans(rows, facts)


def test_r10_tables_read_what_their_rows_count():
    assert facts_read(PRESETS["yongzhou_basic"].patterns) == {"red"}
    assert facts_read(PRESETS["luzhou_grade"].patterns) == {"heavenly", "earthly"}
    assert facts_read(PRESETS["changde"].patterns) == {"red", "big", "small", "all_sets", "last_card"}


def test_r8_2_one_object_per_pattern_code_reading_named_facts():
    assert PATTERN_CODES == tuple(REGISTRY)
    for code, pattern in REGISTRY.items():
        assert pattern.code == code and pattern.__doc__
        assert set(pattern.reads) <= set(FACT_NAMES), code

"""R8.2 / R10: a pattern table's fans depend only on the facts its rows read (patterns.READS), which
lets scoring memoise them on those facts alone."""
import dataclasses
import random

import pytest

from games.rules.patterns import Facts, fans, facts_read
from games.rules.variants import PRESETS


def _facts(rng):
    return Facts(rng.randrange(25), rng.randrange(25), rng.randrange(25), rng.random() < 0.3,
                 rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.3)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_r8_2_fans_do_not_change_with_the_facts_no_row_reads(variant):
    rows = PRESETS[variant].patterns
    read = facts_read(rows)
    unread = [f.name for i, f in enumerate(dataclasses.fields(Facts)) if i not in read]
    rng = random.Random(variant)
    for _ in range(500):
        facts, other = _facts(rng), _facts(rng)
        mixed = dataclasses.replace(facts, **{name: getattr(other, name) for name in unread})
        assert fans(rows, mixed) == fans(rows, facts)


def test_r10_tables_read_what_their_rows_count():
    assert facts_read(PRESETS["yongzhou_basic"].patterns) == (0,)  # red only
    assert facts_read(PRESETS["luzhou_grade"].patterns) == (5, 6)  # heavenly, earthly
    assert facts_read(PRESETS["changde"].patterns) == (0, 1, 2, 3, 4)

"""The bot's memos (games/bots.py) stay bounded in a long-lived process, and are still used.

Counts, not times: after many bot hands with a small capacity, every planner memo holds at most its
capacity (an LRU: the least recently used entry goes), and a repeated evaluation is a hit that does
not grow the memo. bench/soak_bots.py prints the resident memory over 1,000 hands."""
from __future__ import annotations

import gc
import random

import pytest

from games import bots
from games.rules import PRESETS, preset

CAPACITY = 2_000


@pytest.fixture
def small_memo(monkeypatch):
    monkeypatch.setattr(bots, "MEMO_CAPACITY", CAPACITY)
    bots._planner.cache_clear()
    yield
    bots._planner.cache_clear()  # no planner filled under the small capacity outlives the test


def _planners() -> list[bots._Planner]:
    return [o for o in gc.get_objects() if isinstance(o, bots._Planner)]


def test_memos_stay_within_capacity_over_many_bot_hands(small_memo):
    variants = [preset(name) for name in sorted(PRESETS)]
    seeds = random.Random(7)
    for i in range(150):
        rules = variants[i % len(variants)]
        bots.self_play(rules, seeds.getrandbits(64), i % 3, 3, {0, 1, 2})
        planner = bots._planner(rules.huxi)
        assert len(planner.memo) <= CAPACITY
        assert len(planner.fronts) <= bots.FRONTS_CAPACITY + 1
    info = bots._planner.cache_info()
    assert info.currsize <= info.maxsize == bots.PLANNERS
    planners = _planners()
    assert planners and all(len(p.memo) <= CAPACITY for p in planners)
    assert any(len(p.memo) == CAPACITY for p in planners)  # the cap was reached, and held


def test_memo_is_still_used(small_memo):
    rules = preset("changde")
    state = bots.deal(rules, seed=11, dealer=0, players=3)[0]
    hand = list(state.hands[1])
    memo = bots._planner(rules.huxi).memo
    first = bots.holdings_value(rules, [], hand)
    size = len(memo)
    assert size > 0
    assert bots.holdings_value(rules, [], hand) == first
    assert len(memo) == size  # the same evaluation again: a hit, nothing new
    bots.self_play(rules, 11, 0, 3, {0, 1, 2})
    assert 0 < len(memo) <= CAPACITY


def test_a_hit_is_the_most_recently_used(small_memo):
    """The LRU order: an entry read again moves to the end, so it outlives older unread ones."""
    planner = bots._planner(preset("changde").huxi)
    hand = [0] * len(bots.C.KINDS)
    for k in (0, 1, 2, 5, 9, 12):
        hand[k] = 2
    free = sum(n << 3 * k for k, n in enumerate(hand))
    result = planner.fill(free, 4, False)
    key = free << 4 | 4 << 1
    assert next(reversed(planner.memo)) == key
    oldest = next(iter(planner.memo))
    assert planner.fill(oldest >> 4, oldest >> 1 & 7, bool(oldest & 1)) is planner.memo[oldest]
    assert next(reversed(planner.memo)) == oldest  # moved to the end on the hit
    assert planner.fill(free, 4, False) is result

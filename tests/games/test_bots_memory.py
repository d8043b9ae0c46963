"""The bot's and the engine's caches stay bounded in a long-lived process, and are still used.

Counts, not times: every lru_cache of the engine and the bots has a size; after many bot hands with
small capacities, every planner memo and every dict memo of the engine holds at most its capacity (the
planner memo an LRU: the least recently used entry goes), and a repeated evaluation is a hit that does
not grow the memo. bench/soak_bots.py prints the resident and live memory over 1,000 hands."""
from __future__ import annotations

import gc
import importlib
import pkgutil
import random

import pytest

import games.rules
from games import bots
from games.rules import PRESETS, patterns, preset, scoring, winning

CAPACITY = 2_000
SIZE_CAP, FAN_CAP, RANGES_CAP = 200, 5, 4  # the engine's dict memos, small enough to be reached here


@pytest.fixture
def small_memo(monkeypatch):
    monkeypatch.setattr(bots, "MEMO_CAPACITY", CAPACITY)
    monkeypatch.setattr(winning, "_MEMO_SIZE", SIZE_CAP)
    monkeypatch.setattr(scoring, "FAN_MEMO_CAPACITY", FAN_CAP)
    monkeypatch.setattr(patterns, "RANGES_CAPACITY", RANGES_CAP)
    bots._planner.cache_clear()
    winning._SOLVERS.clear()
    scoring._FAN_TABLES.clear()
    patterns._RANGES.clear()
    yield
    bots._planner.cache_clear()  # no planner filled under the small capacity outlives the test
    winning._SOLVERS.clear()


def _lru_caches() -> dict[str, object]:
    """Every functools.lru_cache at module level in the engine and the bots."""
    modules = [bots] + [importlib.import_module(f"games.rules.{m.name}")
                        for m in pkgutil.iter_modules(games.rules.__path__)]
    return {f"{m.__name__}.{name}": f for m in modules for name, f in vars(m).items()
            if hasattr(f, "cache_info") and getattr(f, "__module__", None) == m.__name__}


def test_every_lru_cache_has_a_size():
    caches = _lru_caches()
    assert {"games.rules.claims._bi_sets", "games.rules.claims._chi_local", "games.rules.prechecks.hand_facts",
            "games.bots._planner"} <= set(caches)  # the walk finds them
    assert {name: f.cache_info().maxsize for name, f in caches.items() if f.cache_info().maxsize is None} == {}


def _planners() -> list[bots._Planner]:
    return [o for o in gc.get_objects() if isinstance(o, bots._Planner)]


def test_memos_stay_within_capacity_over_many_bot_hands(small_memo):
    variants = [preset(name) for name in sorted(PRESETS)]
    seeds = random.Random(7)
    for i in range(60):
        rules = variants[i % len(variants)]
        bots.self_play(rules, seeds.getrandbits(64), i % 3, 3, {0, 1, 2})
        planner = bots._planner(rules.huxi)
        assert len(planner.memo) <= CAPACITY
        assert len(planner.fronts) <= bots.FRONTS_CAPACITY + 1
        sizes = [s for _, solver in winning._SOLVERS.values() for s in (solver.small, solver.big)]
        assert all(len(s) <= SIZE_CAP + 1 for s in sizes)  # cleared when past the cap
        assert all(len(t.memo) <= FAN_CAP + 1 for t in scoring._FAN_TABLES.values())
        assert len(patterns._RANGES) <= RANGES_CAP
    info = bots._planner.cache_info()
    assert info.currsize <= info.maxsize == bots.PLANNERS
    planners = _planners()
    assert planners and all(len(p.memo) <= CAPACITY for p in planners)
    assert any(len(p.memo) == CAPACITY for p in planners)  # the cap was reached, and held
    assert max(len(s) for s in sizes) > SIZE_CAP // 2  # the engine's memos came near their caps
    assert max(len(t.memo) for t in scoring._FAN_TABLES.values()) > FAN_CAP // 2


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

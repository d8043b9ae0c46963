"""Time `scoring.evaluate` on seeded random holdings, every variant (figures for the issue's note).

Most holdings are built from 7 valid groups (most of them win); about a third are such holdings with
one hand card swapped for another (near misses, which mostly do not win): about half the cases win.
Each evaluation is timed on its own. The first pass starts with empty memos (as a fresh process does);
later passes show the steady state. Prints the median and p99 in microseconds per evaluation.

    .venv/bin/python bench/bench_winning.py [--n 20000] [--seed 1] [--passes 3]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import PRESETS, Win, evaluate  # noqa: E402
from games.rules import cards as C  # noqa: E402
from tests.rules.holdings import build  # noqa: E402

NEAR_MISSES = 0.35  # most built holdings win, most near misses do not: about half the cases win


def near_miss(rng: random.Random, hand: list[int], used: list[int]) -> list[int]:
    """The hand with one card swapped for another kind that still has a free copy."""
    hand = hand[:]
    i = rng.randrange(len(hand))
    spare = [k for k in C.KINDS if used[k] < 4 and k != hand[i]]
    hand[i] = rng.choice(spare)
    return hand


def cases(n: int, seed: int):
    rng = random.Random(seed)
    rules = list(PRESETS.values())
    for i in range(n):
        r = rules[i % len(rules)]
        b = build(rng, discard_win=r.discard_win)
        hand = b.hand
        if rng.random() < NEAR_MISSES and hand:
            used = C.counts([k for g in b.table for k in g.cards] + hand
                            + ([] if b.card is None else [b.card]))
            hand = near_miss(rng, hand, used)
        yield r, b.table, hand, b.card, b.source, rng.random() < 0.05


def timed_pass(todo) -> tuple[list[float], int]:
    """Microseconds of each evaluation, and how many won."""
    times, wins = [], 0
    clock = time.perf_counter_ns
    for rules, table, hand, card, source, last in todo:
        t0 = clock()
        result = evaluate(rules, table, hand, card, source, last_card=last)
        times.append((clock() - t0) / 1000)
        wins += isinstance(result, Win)
    return sorted(times), wins


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", type=int, default=3, help="the first runs with empty memos")
    args = parser.parse_args()
    todo = list(cases(args.n, args.seed))
    for n in range(args.passes):
        us, wins = timed_pass(todo)
        label = "cold memos" if n == 0 else "warm memos"
        print(f"pass {n + 1} ({label}): {len(us)} evaluations, {wins} wins ({100 * wins / len(us):.0f}%), "
              f"{len(PRESETS)} variants: median {statistics.median(us):.1f} us, "
              f"p99 {us[int(0.99 * (len(us) - 1))]:.1f} us, mean {statistics.fmean(us):.1f} us, max {us[-1]:.0f} us")


if __name__ == "__main__":
    main()

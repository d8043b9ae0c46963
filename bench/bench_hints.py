"""Time `seat_hints` (the winning-card hints, 听牌提示) at every seat after every move of seeded random
hands, every variant: the work the table adds per seat per move. Prints the median, p99 and max in
microseconds per call, and how many calls found waits or ready discards. The first pass starts with
empty memos (as a fresh process does); later passes show the steady state.

    .venv/bin/python bench/bench_hints.py [--hands 20] [--passes 2]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import PRESETS, random_hand, replay, seat_hints  # noqa: E402


def states(hands: int):
    for rules in PRESETS.values():
        for seed in range(hands):
            played = replay(rules, seed, 0, 3, random_hand(rules, seed).log, steps=True)
            for state in played.states:
                for seat in state.order:
                    yield state, seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="seeded hands per variant")
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args()
    cases = list(states(args.hands))
    for n in range(args.passes):
        times, waits, ready = [], 0, 0
        for state, seat in cases:
            start = time.perf_counter()
            hints = seat_hints(state, seat)
            times.append((time.perf_counter() - start) * 1e6)
            waits += bool(hints and hints.waits)
            ready += bool(hints and hints.ready_discards)
        times.sort()
        print(f"pass {n + 1}: {len(times)} calls, median {statistics.median(times):.0f} µs, "
              f"p99 {times[int(len(times) * 0.99)]:.0f} µs, max {times[-1]:.0f} µs; "
              f"{waits} with waits, {ready} with ready discards")


if __name__ == "__main__":
    main()

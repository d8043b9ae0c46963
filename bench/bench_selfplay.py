"""Random self-play speed of the hand state machine, per variant, on one core (issue 25: ≥ 2,000 hands/s).

Each hand is dealt from a seed and played to the end with uniformly random legal choices
(checks.random_hand: deal, then legal_actions and the turn loop's step for every decision, played
in place as hand.play_out does; hu evaluated when a card could win). Prints hands per second of CPU time (one core, whatever else the machine runs) and of
wall time, moves per hand and the share of wins.

    .venv/bin/python bench/bench_selfplay.py [--hands 1000] [--seed 1] [--players 3]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import PRESETS, random_hand  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    print(f"{'variant':<16}{'hands/s':>9}{'(wall)':>8}{'moves/hand':>12}{'wins':>7}")
    for name, rules in PRESETS.items():
        if args.players not in rules.player_counts:
            continue
        for i in range(50):  # warm the caches (chi choices, loose cards) as a running server has them
            random_hand(rules, -1 - i, i % args.players, args.players)
        moves = wins = 0
        start, wall = time.process_time(), time.perf_counter()  # CPU time: the figure for one core
        for i in range(args.hands):
            played = random_hand(rules, args.seed * 1_000_003 + i, i % args.players, args.players)
            moves += len(played.log)
            wins += played.state.result["winner"] is not None
        elapsed, wall = time.process_time() - start, time.perf_counter() - wall
        print(f"{name:<16}{args.hands / elapsed:>9.0f}{args.hands / wall:>8.0f}{moves / args.hands:>12.1f}"
              f"{wins / args.hands:>7.1%}")


if __name__ == "__main__":
    main()

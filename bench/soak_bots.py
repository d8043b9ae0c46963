"""Soak: does a long-lived process that plays bot hands keep a flat memory? (games/bots.py memos)

Plays N hands in one process, every seat a bot (games.bots.self_play with all seats in `bots`),
cycling through the variants, and prints the process's resident memory (VmRSS from
/proc/self/status) after a warm-up and every 100 hands, with the bot memo sizes (each _Planner's
memo, capped at games.bots.MEMO_CAPACITY, and the _planner cache). The figure to look at: RSS after
the warm-up against RSS at the end (it should stay flat within a few MB).

    .venv/bin/python bench/soak_bots.py [--hands 1000] [--warmup 100] [--seed 1] [--every 100] [--capacity N]
"""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import bots  # noqa: E402
from games.rules import PRESETS, preset  # noqa: E402

PLAYERS = 3


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def memo_sizes() -> str:
    info = bots._planner.cache_info()
    # the planners alive in the lru_cache are reachable only through it: find them via gc
    planners = [o for o in gc.get_objects() if isinstance(o, bots._Planner)]
    sizes = sorted((len(p.memo) for p in planners), reverse=True)
    return (f"planners {info.currsize}/{info.maxsize}, memo entries {sum(sizes)} "
            f"{sizes} (cap {bots.MEMO_CAPACITY} each)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000, help="hands after the warm-up")
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--capacity", type=int, default=None, help="override games.bots.MEMO_CAPACITY")
    args = parser.parse_args()
    if args.capacity is not None:
        bots.MEMO_CAPACITY = args.capacity
    variants = [preset(name) for name in PRESETS]
    seeds = random.Random(args.seed)
    seats = set(range(PLAYERS))

    def play(i: int) -> None:
        bots.self_play(variants[i % len(variants)], seeds.getrandbits(64), i % PLAYERS, PLAYERS, seats)

    print(f"start: RSS {rss_mb():.1f} MB", flush=True)
    for i in range(args.warmup):
        play(i)
    warm = rss_mb()
    print(f"after warm-up ({args.warmup} hands): RSS {warm:.1f} MB; {memo_sizes()}", flush=True)
    start = time.perf_counter()
    for i in range(1, args.hands + 1):
        play(args.warmup + i)
        if i % args.every == 0 or i == args.hands:
            print(f"hand {i:>5}: RSS {rss_mb():.1f} MB; {memo_sizes()}; "
                  f"{i / (time.perf_counter() - start):.1f} hands/s", flush=True)
    end = rss_mb()
    print(f"RSS after warm-up {warm:.1f} MB, at the end {end:.1f} MB: {end - warm:+.1f} MB over {args.hands} hands")


if __name__ == "__main__":
    main()

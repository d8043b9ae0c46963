"""Soak: does a long-lived process that plays bot hands keep a flat memory? (bot and engine memos)

Plays N hands in one process, every seat a bot (games.bots.self_play with all seats in `bots`),
cycling through the variants, and prints after the warm-up and every `--every` hands: the resident
memory (VmRSS from /proc/self/status), the live small-object memory (pymalloc's allocated blocks,
sys.getallocatedblocks: live objects, whatever the allocator keeps), with `--trace` the tracemalloc
total of live traced memory, and the cache sizes (every engine and bot cache, each bounded).

The warm-up (300 hands by default) covers the filling of the bot's planner memos (full at about 100
hands) and the one resize of each memo's hash table that follows (an OrderedDict of 1 << 18 entries
moves from a 2^19- to a 2^20-slot table once deletions have used up the first: about 30 MB per memo,
allocated outside pymalloc, so RSS steps while the live blocks do not).

The process runs with glibc's malloc as bin/serve runs the server (MALLOC_MMAP_THRESHOLD_ fixed, the
script starts itself again with it when it is not set). After that one resize the table keeps its size,
but CPython rebuilds it whenever the LRU's deletions have used up its free slots (every ~70 hands here);
with glibc's default threshold a rebuilt table sometimes comes from the heap instead of a fresh mmap,
and RSS steps up ~20 MB while the live memory does not move.

`--check` exits 1 when RSS or the live memory (tracemalloc's total with --trace, else the blocks at
their mean size) grows by more than `--limit` MB (4 by default: the engine's lru_caches still filling
up to their caps hold about 2 MB; more than that is a leak) from the end of the warm-up to the end.
`--trace` runs about 8× slower and prints the top growers by traceback (snapshot after the warm-up
against the end).

    .venv/bin/python bench/soak_bots.py [--hands 1000] [--warmup 300] [--seed 1] [--every 100]
                                        [--capacity N] [--trace FRAMES] [--check] [--limit MB]
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import bots  # noqa: E402
from games.rules import PRESETS, claims, prechecks, preset, scoring, state, winning  # noqa: E402

PLAYERS = 3
BLOCK_BYTES = 64  # a rough mean size of a live pymalloc block here (59 MB in 1.2 M blocks after 1,000 hands)


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def live_mb() -> float:
    """Live memory in MB: tracemalloc's traced total when tracing, else pymalloc's blocks at BLOCK_BYTES."""
    gc.collect()
    if tracemalloc.is_tracing():
        return tracemalloc.get_traced_memory()[0] / 2**20
    return sys.getallocatedblocks() * BLOCK_BYTES / 2**20


def cache_sizes() -> str:
    """Every cache of the engine and the bots, as size/cap."""
    out = [f"{name} {f.cache_info().currsize}/{f.cache_info().maxsize}" for name, f in (
        ("bi_sets", claims._bi_sets), ("chi_local", claims._chi_local), ("seats", claims._seats),
        ("hand_facts", prechecks.hand_facts), ("order_of", state.order_of), ("planners", bots._planner))]
    solvers = [solver for _, solver in winning._SOLVERS.values()]
    out.append(f"sizes {sum(len(s.small) + len(s.big) for s in solvers)} ({len(solvers)} solvers, "
               f"cap {winning._MEMO_SIZE} each size)")
    out.append(f"fans {sum(len(t.memo) for t in scoring._FAN_TABLES.values())}")
    planners = [o for o in gc.get_objects() if isinstance(o, bots._Planner)]
    out.append(f"memo {sorted((len(p.memo) for p in planners), reverse=True)} (cap {bots.MEMO_CAPACITY})")
    return ", ".join(out)


MMAP_THRESHOLD = "131072"  # bytes, as bin/serve sets it


def main() -> int:
    if os.environ.get("MALLOC_MMAP_THRESHOLD_") is None:
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "MALLOC_MMAP_THRESHOLD_": MMAP_THRESHOLD})
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000, help="hands after the warm-up")
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--capacity", type=int, default=None, help="override games.bots.MEMO_CAPACITY")
    parser.add_argument("--trace", type=int, default=0, metavar="FRAMES", help="run tracemalloc (slow)")
    parser.add_argument("--check", action="store_true", help="exit 1 if memory grows past --limit")
    parser.add_argument("--limit", type=float, default=4.0, help="MB of growth --check allows")
    args = parser.parse_args()
    if args.capacity is not None:
        bots.MEMO_CAPACITY = args.capacity
    if args.trace:
        tracemalloc.start(args.trace)
    variants = [preset(name) for name in PRESETS]
    seeds = random.Random(args.seed)
    seats = set(range(PLAYERS))

    def play(i: int) -> None:
        bots.self_play(variants[i % len(variants)], seeds.getrandbits(64), i % PLAYERS, PLAYERS, seats)

    what = "traced" if args.trace else "blocks"
    print(f"start: RSS {rss_mb():.1f} MB, live ({what}) {live_mb():.1f} MB", flush=True)
    for i in range(args.warmup):
        play(i)
    warm, warm_live = rss_mb(), live_mb()
    before = tracemalloc.take_snapshot() if args.trace else None
    print(f"after warm-up ({args.warmup} hands): RSS {warm:.1f} MB, live {warm_live:.1f} MB; {cache_sizes()}",
          flush=True)
    start = time.perf_counter()
    for i in range(1, args.hands + 1):
        play(args.warmup + i)
        if i % args.every == 0 or i == args.hands:
            print(f"hand {i:>5}: RSS {rss_mb():.1f} MB, live {live_mb():.1f} MB; {cache_sizes()}; "
                  f"{i / (time.perf_counter() - start):.1f} hands/s", flush=True)
    end, end_live = rss_mb(), live_mb()
    if before is not None:
        print("top growers since the warm-up, by traceback:")
        for stat in tracemalloc.take_snapshot().compare_to(before, "traceback")[:5]:
            print(f"  {stat}")
            for line in stat.traceback.format()[-2 * args.trace:]:
                print(f"    {line}")
    print(f"after the warm-up → the end ({args.hands} hands): RSS {warm:.1f} → {end:.1f} MB ({end - warm:+.1f}), "
          f"live ({what}) {warm_live:.1f} → {end_live:.1f} MB ({end_live - warm_live:+.1f})")
    grown = max(end - warm, end_live - warm_live)
    if args.check and grown > args.limit:
        print(f"FAIL: memory grew by {grown:.1f} MB after the warm-up (limit {args.limit} MB)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""This checkout's engine against an earlier commit's, interleaved in one run: bench_selfplay.py (random
self-play hands/s of CPU time, per variant) and bench_winning.py (evaluate's median µs, warm memos),
run in turn in each checkout (new, old, new, old …), so both see the same machine noise. The machine
is shared: prints each run, then per side the median and the spread (min–max) of every figure, and
the new/old ratio of the medians.

    .venv/bin/python bench/ab_engine.py main --runs 5 --hands 600 --n 10000

The earlier commit is checked out (detached) in a temporary git worktree sharing this .venv, and
removed afterwards (as bench/ab_commits.py does for bench/load.py).
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SELFPLAY = re.compile(r"^(\w+)\s+(\d+)\s+\d+\s+[\d.]+\s+[\d.]+%$", re.MULTILINE)
WARM = re.compile(r"^pass \d+ \(warm memos\).*?median ([\d.]+) us", re.MULTILINE)


def run(checkout: Path, script: str, args: list[str]) -> str:
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), f"bench/{script}", *args], cwd=checkout,
                          capture_output=True, text=True, timeout=1800)
    if done.returncode:
        sys.exit(f"{script} failed in {checkout}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return done.stdout


def figures(checkout: Path, hands: int, n: int) -> dict[str, float]:
    """One run's figures: hands/s per variant, their mean, and evaluate's warm median in µs."""
    out = {name: float(rate) for name, rate in SELFPLAY.findall(run(checkout, "bench_selfplay.py",
                                                                       ["--hands", str(hands)]))}
    out["selfplay mean hands/s"] = statistics.fmean(out.values())
    warm = WARM.findall(run(checkout, "bench_winning.py", ["--n", str(n), "--passes", "2"]))
    out["evaluate median us"] = float(warm[-1])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit")
    parser.add_argument("--runs", type=int, default=5, help="runs per side")
    parser.add_argument("--hands", type=int, default=600, help="bench_selfplay.py --hands")
    parser.add_argument("--n", type=int, default=10000, help="bench_winning.py --n")
    args = parser.parse_args()
    results: dict[str, list[dict[str, float]]] = {"new": [], "old": []}
    with tempfile.TemporaryDirectory(prefix="ab_engine_") as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(old), args.rev], cwd=ROOT, check=True)
        try:
            (old / ".venv").symlink_to(ROOT / ".venv")
            for i in range(args.runs):
                for name, checkout in (("new", ROOT), ("old", old)) if i % 2 == 0 else (("old", old), ("new", ROOT)):
                    f = figures(checkout, args.hands, args.n)
                    results[name].append(f)
                    print(f"run {i + 1} {name}: " + "  ".join(f"{k} {v:.1f}" for k, v in f.items()), flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
    for key in results["new"][0]:
        new = [r[key] for r in results["new"]]
        old_ = [r[key] for r in results["old"]]
        print(f"{key:<24} new median {statistics.median(new):8.1f} ({min(new):.1f}–{max(new):.1f})   "
              f"old median {statistics.median(old_):8.1f} ({min(old_):.1f}–{max(old_):.1f})   "
              f"new/old {statistics.median(new) / statistics.median(old_):.2f}×")


if __name__ == "__main__":
    main()

"""This checkout against an earlier commit, under the same load benchmark, in one run: this checkout's
bench/load.py serves each checkout's site in turn (new, old, new, old …; `--server-root`), so both play
the same tables and see the same machine noise, and each run's own project/floor ratio is kept beside
its raw figures (the floor is the same bare consumer in both, so the ratio is the least noisy measure of
the site's own cost).

    .venv/bin/python bench/ab_commits.py 4b8ee9e --runs 3 -- --tables 10 --rounds 3
    .venv/bin/python bench/ab_commits.py 4b8ee9e --runs 3 -- --tables 1 --rounds 5

The earlier commit is checked out (detached) in a temporary git worktree that shares this checkout's
.venv, and removed afterwards. Prints each run's median moves/s, p50 and p99 and its project/floor
throughput ratio, then per side the medians with their spread (min–max) and new/old ratios.
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
MEDIAN = re.compile(r"^median project\s+([\d.]+) moves/s .*?p50\s+([\d.]+) ms\s+p99\s+([\d.]+) ms", re.MULTILINE)
RATIO = re.compile(r"^ratio project/floor: throughput ([\d.]+)×", re.MULTILINE)
FIGURES = ("moves/s", "p50 ms", "p99 ms", "vs floor")


def run_load(checkout: Path, args: list[str]) -> tuple[float, ...]:
    """One bench/load.py run serving `checkout`'s site: its project medians and its project/floor ratio."""
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "bench/load.py", *args,
                           "--server-root", str(checkout)], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    median, ratio = MEDIAN.search(done.stdout), RATIO.search(done.stdout)
    if done.returncode or not (median and ratio):
        sys.exit(f"bench/load.py failed in {checkout} ({done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return (*map(float, median.groups()), float(ratio.group(1)))


def summary(name: str, runs: list[tuple[float, ...]]) -> list[float]:
    medians = [statistics.median(column) for column in zip(*runs)]
    spread = "  ".join(f"{f} {min(c):.2f}–{max(c):.2f}" for f, c in zip(FIGURES, zip(*runs)))
    print(f"{name:4} median " + "  ".join(f"{f} {m:.2f}" for f, m in zip(FIGURES, medians)) + f"   spread {spread}")
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit")
    parser.add_argument("--runs", type=int, default=3, help="runs per side (default 3)")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    options, load_args = parser.parse_args(argv[:cut]), argv[cut + 1:]  # after --: bench/load.py's own
    with tempfile.TemporaryDirectory(prefix="ab_") as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(old), options.rev], cwd=ROOT, check=True)
        try:
            (old / ".venv").symlink_to(ROOT / ".venv")
            results: dict[str, list] = {"new": [], "old": []}
            for n in range(options.runs):
                for name, checkout in (("new", ROOT), ("old", old)):
                    figures = run_load(checkout, load_args)
                    results[name].append(figures)
                    print(f"run {n + 1} {name}: " + "  ".join(f"{f} {v:.2f}" for f, v in zip(FIGURES, figures)),
                          flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
    new, old_ = summary("new", results["new"]), summary("old", results["old"])
    print("new/old " + "  ".join(f"{f} {n / o:.3f}×" for f, n, o in zip(FIGURES, new, old_) if o))


if __name__ == "__main__":
    main()

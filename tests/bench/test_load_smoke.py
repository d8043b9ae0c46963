"""bench/load.py runs end to end: its own servers and database, both sides, the figures printed.

Only that it works (exit 0, every figure line); the figures' values belong to the benchmark's report.
With DATABASE_URL / REDIS_URL set (CI's second pass) the bench uses those servers, in a database and a
Redis number of its own."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_load_bench_plays_both_sides_and_prints_the_figures():
    run = subprocess.run([sys.executable, "bench/load.py", "--tables", "2", "--rounds", "1", "--seconds", "3",
                          "--timeout", "50"], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert out.startswith("load: "), out
    for figure in ("round 1 project", "round 1 floor", "median project", "median floor",
                   "ratio project/floor: throughput", "spread project", "spread floor"):
        assert figure in out, out
    assert "moves/s" in out and "p50" in out and "p99" in out and "B/seat/move" in out, out



def test_by_table_puts_a_tables_three_sockets_at_one_process():
    """(In a process of its own: bench/load.py installs Twisted's asyncio reactor on import.)"""
    code = ("from bench.load import seat_origins as o; p = [8001, 8002]; "
            "print([o(0, p, True), o(1, p, True), o(0, p, False)])")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    one, two = ["http://127.0.0.1:8001"] * 3, ["http://127.0.0.1:8002"] * 3
    assert run.stdout.strip() == str([one, two, [one[0], two[0], one[0]]]), run.stdout + run.stderr

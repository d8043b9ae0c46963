"""Issue 11, nothing lost, nothing leaked: each fault scenario runs against the real server (Daphne and
the sweeper as processes, a database of their own) in a process of its own (tests/faults/run.py); here
its facts are judged. Figures are printed (`-s` shows them); timings are never asserted."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(name: str, soak: bool) -> dict:
    argv = [sys.executable, "-m", "tests.faults.run", name] + (["--soak"] if soak else [])
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=3600 if soak else 600)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-5000:]
    *lines, last = done.stdout.strip().splitlines()
    print("\n" + "\n".join(lines))
    return json.loads(last)


def test_kills_of_daphne_and_the_sweeper_lose_and_double_no_move(soak):
    """SIGKILL mid-hand, many times: every hand resumes at its move number and finishes, one ActionLog row
    per move, the seed and the log replay to the state stored, and the ledger audit passes."""
    facts = run("crash", soak)
    assert facts["kills"] == facts["daphne_kills"] + facts["sweeper_kills"] >= 6
    assert facts["mid_hand"] >= facts["kills"], facts  # each kill fell while some hand was being played
    assert facts["hands_played"] >= 2 * facts["tables"], facts
    assert facts["problems"] == [], facts["problems"]
    assert facts["audit"] == 0 and "OK" in facts["audit_out"], facts["audit_out"]
    assert facts["tracebacks"] == 0, facts["log_tail"]

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


def test_random_reconnects_hold_a_fresh_view_and_apply_no_move_twice(soak):
    facts = run("reconnects", soak)
    assert facts["reconnects"] >= 100
    assert facts["compared"] >= facts["reconnects"] - 3 * 3, facts  # each, but the last of each table
    assert facts["resent"] > 0 and facts["hands"] > 0, facts
    assert facts["problems"] == [], facts["problems"]
    assert facts["unexpected_closes"] == [], facts["unexpected_closes"]
    assert facts["tracebacks"] == 0, facts["log_tail"]


def test_hostile_messages_crash_nothing_change_nothing_and_spare_the_other_table(soak):
    """A flood may be closed with 4429 (games/live/socket_limits.py), a message past Daphne's frame limit drops
    its socket (bin/serve: games.live.messages.FRAME_BYTES); nothing else closes a socket. The other
    table's latency — quiet, while one socket floods, under the whole attack — is printed; only that it
    played without error is asserted."""
    facts = run("fuzz", soak)
    assert facts["sent"] >= 2500 and len(facts["kinds"]) == 11, facts["kinds"]
    assert facts["unanswered"] == [], facts["unanswered"][:20]
    assert facts["closes"] == [], facts["closes"]  # no fuzzing socket was closed by the server
    assert facts["too_big"] and set(facts["too_big"]) <= {1006, 1009}, facts["too_big"]  # but those
    # A flood is closed with 4429; when the server closes its end while the burst is still arriving, the
    # kernel's reset may reach the client before the close frame it sent (1006, seen on a loaded machine).
    assert 4429 in facts["flood_codes"] and set(facts["flood_codes"]) <= {4429, 1006, None}, facts["flood_codes"]
    assert not facts["changed"], "the attacked table's state changed"
    assert facts["tracebacks"] == 0, facts["log_tail"]
    for phase in ("quiet", "flooding", "loud"):
        assert facts[phase]["moves"] > 0 and facts[phase]["errors"] == facts[phase]["refusals"] == 0, facts[phase]


def test_no_frame_of_a_bot_hand_shows_a_seat_a_card_it_must_not_see(soak):
    facts = run("frames", soak)
    assert facts["hands"] >= 30 and facts["scanned"] >= 30 * 10, facts
    assert facts["problems"] == [], facts["problems"]
    assert facts["tracebacks"] == 0, facts["log_tail"]


def test_300_sockets_of_one_user_opened_at_once_leave_the_newest_three_and_no_memory_behind(soak):
    """Issue 26: no round ends with more than TABLE_SOCKETS_PER_USER open, and a round in which Daphne
    dropped none of them (1006: not accepted within its handshake timeout, on a loaded machine) ends with
    exactly that many, the others closed with 4409 (over two processes with REDIS_URL); the page's own
    socket is pushed out by the first round. Daphne's memory grew by ~100 MB a round (a group message
    from each socket to every other, each dropped one logged with its traceback, a snapshot rendered for
    each); then by ~5 MB a round, closed connections' objects in reference cycles that the tuned GC left
    uncollected (paohuzi_site/socket_gc.py). After the first round it must never be GROWTH_MB above it."""
    facts = run("sockets", soak)
    rounds = facts["rounds"]
    assert all(r["open"] <= 3 for r in rounds), rounds
    clean = [r for r in rounds if "1006" not in dict(r["codes"])]
    assert clean and all(r["open"] == 3 for r in clean), rounds
    assert facts["own_code"] == 4409
    assert facts["tracebacks"] == 0, facts["log_tail"]
    assert len(rounds) >= 10
    assert facts["growth_mb"] < GROWTH_MB, facts["rss"]


GROWTH_MB = 20

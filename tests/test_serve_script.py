"""bin/serve (`make serve`): Daphne and the deadline sweeper run side by side and stop together.

The two programs are stand-ins here (shell stubs in a fake BIN that note their arguments and pid, then
wait), so the test checks the script's process handling, not Django."""
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bench import soak_bots
from games.live.messages import FRAME_BYTES

ROOT = Path(__file__).resolve().parent.parent
# Daphne drops any incoming websocket message or frame longer than a page's longest message in UTF-8.
LIMITS = f"--websocket-max-message-size {FRAME_BYTES} --websocket-max-frame-size {FRAME_BYTES}"
STUB = ('#!/bin/sh\necho "$MALLOC_MMAP_THRESHOLD_" > "$NOTES/{name}.malloc"\necho "$@" >> "$NOTES/{name}.args"\n'
        'echo $$ >> "$NOTES/{name}.pid"\n{tail}\n')


def stubs(tmp_path, daphne_tail="exec sleep 60") -> dict:
    bin_dir, notes = tmp_path / "bin", tmp_path / "notes"
    bin_dir.mkdir(), notes.mkdir()
    for name, tail in (("python", "exec sleep 60"), ("daphne", daphne_tail)):
        (bin_dir / name).write_text(STUB.format(name=name, tail=tail))
        (bin_dir / name).chmod(0o755)
    environ = {k: v for k, v in os.environ.items() if k != "MALLOC_MMAP_THRESHOLD_"}  # bin/serve's default
    return {**environ, "BIN": str(bin_dir), "NOTES": str(notes), "HOST": "127.0.0.1", "PORT": "8123"}


def serve_script(env) -> subprocess.Popen:
    """bin/serve as a terminal starts it. A shell cannot trap a signal it was started with ignored, and a
    run in the background of a non-interactive shell (`sh -c '… &'`) ignores SIGINT: Ctrl-C's default
    comes back for the script."""
    return subprocess.Popen(["sh", "bin/serve"], cwd=ROOT, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def note(env, name: str, what: str, timeout: float = 10) -> str:
    path = Path(env["NOTES"]) / f"{name}.{what}"
    for _ in range(int(timeout / 0.02)):
        if path.exists() and path.read_text().strip():
            return path.read_text().strip()
        time.sleep(0.02)
    raise AssertionError(f"{name} did not start")


def gone(pid: int, timeout: float = 10) -> bool:
    for _ in range(int(timeout / 0.02)):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_serve_runs_daphne_and_the_sweeper_and_a_signal_stops_both(tmp_path, sig, code):
    env = stubs(tmp_path)
    serve = serve_script(env)
    try:
        assert note(env, "python", "args") == "manage.py run_timers --loop"
        assert note(env, "daphne", "args") == f"{LIMITS} -b 127.0.0.1 -p 8123 paohuzi_site.asgi:application"
        # glibc's malloc with a fixed mmap threshold, as bench/soak_bots.py measures the memory
        assert note(env, "daphne", "malloc") == note(env, "python", "malloc") == soak_bots.MMAP_THRESHOLD
        pids = [int(note(env, name, "pid")) for name in ("python", "daphne")]
        serve.send_signal(sig)
        assert serve.wait(timeout=10) == code
        assert all(gone(pid) for pid in pids)
    finally:
        serve.kill()


def test_when_daphne_ends_the_sweeper_stops_too(tmp_path):
    # Daphne ends once the sweeper has started (else the script may stop it before it notes its pid).
    env = stubs(tmp_path, daphne_tail='while [ ! -s "$NOTES/python.pid" ]; do sleep 0.02; done; exit 3')
    serve = serve_script(env)
    try:
        sweeper = int(note(env, "python", "pid"))
        assert serve.wait(timeout=10) == 3
        assert gone(sweeper)
    finally:
        serve.kill()


def test_the_scaled_set_up_runs_that_many_daphnes_on_consecutive_ports_and_one_sweeper(tmp_path):
    env = {**stubs(tmp_path), "PROCESSES": "3"}
    serve = serve_script(env)
    try:
        for _ in range(500):  # each stub notes its arguments, then its pid: read the pids first
            pids, args = (note(env, "daphne", what).splitlines() for what in ("pid", "args"))
            if len(pids) == 3:
                break
            time.sleep(0.02)
        assert sorted(args) == [f"{LIMITS} -b 127.0.0.1 -p {port} paohuzi_site.asgi:application"
                                for port in (8123, 8124, 8125)]
        assert note(env, "python", "args") == "manage.py run_timers --loop"  # one sweeper
        pids = [int(p) for p in pids] + [int(note(env, "python", "pid"))]
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=10) == 143
        assert all(gone(pid) for pid in pids)
    finally:
        serve.kill()

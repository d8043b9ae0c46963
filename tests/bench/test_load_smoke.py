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


CLOSE_WHILE_OPENING = """
import asyncio
from bench.load import Socket

async def main():
    async def silent(reader, writer):  # accepts the connection, never answers the handshake
        await reader.read()
    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    socket = Socket(f"ws://127.0.0.1:{port}/ws/", f"http://127.0.0.1:{port}")
    opening = asyncio.create_task(socket.connect())
    while socket.proto is None:
        await asyncio.sleep(0.01)
    opening.cancel()
    socket.close()
    print("aborted" if socket.proto.transport.is_closing() else "open")
    server.close()

asyncio.run(main())
"""


def test_a_socket_closed_in_its_opening_handshake_is_dropped_without_an_error():
    """A table cancelled while it reseats (tests/faults/fuzz.py closes the other table so) has a socket
    whose handshake is not done: autobahn refuses a close frame then; the connection is dropped."""
    run = subprocess.run([sys.executable, "-c", CLOSE_WHILE_OPENING], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "aborted", run.stdout + run.stderr


SEAT_FRAMES = """
import asyncio, random
from bench.load import Seat

async def main():
    seat = Seat("ws://x/ws/", "http://x", "", "http://x/table/1/", random.Random(1))
    update = seat.expect()
    seat.on_frame(1.5, b'<div id="flash" class="flash error" hx-swap-oob="true">no</div>')
    flash_only = update.done()
    seat.on_frame(2.5, '<span id="table-version" data-version="7" data-move-no="4" hx-swap-oob="true"></span>'
                  '<div id="actions" hx-swap-oob="true"><form ws-send><input type="hidden" name="op" value="act">'
                  '<input type="hidden" name="action" value="pass"></form></div>'.encode())
    seat.on_frame(3.5, '<span id="table-version" data-version="8" data-move-no="5" hx-swap-oob="true"></span>'
                  .encode())
    print(flash_only, update.result()[0], seat.move_no, seat.offers("actions", "act"))

asyncio.run(main())
"""


def test_a_seat_times_its_update_on_arrival_and_reads_the_forms_in_order_when_asked():
    """A frame of the flash box alone is no update; the first other frame is, with its arrival time;
    the forms and the move number are those of all frames so far, the latest last."""
    run = subprocess.run([sys.executable, "-c", SEAT_FRAMES], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "False 2.5 5 [{'op': 'act', 'action': 'pass'}]", run.stdout + run.stderr

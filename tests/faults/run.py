"""Run one fault scenario against the real server: `python -m tests.faults.run NAME [--soak]`.

A scenario module of this package (crash, reconnects, fuzz, frames, sockets, tournament) returns its facts; they are printed
as the last line, JSON, for tests/faults/test_faults.py to judge. The clients run here, in a process of
their own: autobahn's asyncio client cannot share a process with Django's Daphne app, which binds the
websocket library to Twisted."""
from __future__ import annotations

import importlib
import json
import sys

NAMES = ("crash", "reconnects", "fuzz", "frames", "sockets", "tournament")


def main(argv: list[str]) -> None:
    name, soak = argv[0], "--soak" in argv[1:]
    if name not in NAMES:
        raise SystemExit(f"unknown scenario {name!r}: one of {', '.join(NAMES)}")
    facts = importlib.import_module(f"tests.faults.{name}").scenario(soak)
    print(json.dumps(facts, default=str), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

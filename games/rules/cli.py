"""`python -m games.rules.cli {score,play,simulate,verify}`: the engine from the command line.

Each subcommand lives in its own module with `add_arguments(parser)` and `run(args) -> int`.
"""
from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = {
    "score": ("games.rules.cli_score", "score holdings read as JSON lines (Rules engine I)"),
    "play": ("games.rules.cli_play", "play scenarios read as JSON lines (Rules engine II)"),
    "simulate": ("games.rules.cli_simulate", "play random hands and report figures"),
    "verify": ("games.rules.cli_verify", "check a revealed server seed against its commitment and re-deal"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.rules.cli")
    sub = parser.add_subparsers(dest="command", required=True)
    modules = {}
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        modules[name] = importlib.import_module(module_name)
        modules[name].add_arguments(sub.add_parser(name, help=help_text))
    args = parser.parse_args(argv)
    return modules[args.command].run(args)


if __name__ == "__main__":
    sys.exit(main())

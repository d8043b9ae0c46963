"""`python -m games.rules.cli simulate`: random self-play, for figures and for hunting rule bugs.

Plays a series of hands with random legal choices (the dealer passes on as R2 says) and prints hands
per second, wins, drawn hands and the average number of moves. `--check` verifies the invariants of
checks.py after every move and replays each hand from its seed and action log; it exits non-zero at
the first violation.
"""
from __future__ import annotations

import random
import sys
import time

from .checks import random_hand, replay, violation
from .series import next_dealer
from .variants import RuleSetError, preset


def add_arguments(parser) -> None:
    parser.add_argument("--variant", default="changde")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None, help="default: the variant's first count")
    parser.add_argument("--check", action="store_true", help="verify invariants after every move")


def run(args) -> int:
    try:
        rules = preset(args.variant)
    except RuleSetError as e:
        print(e, file=sys.stderr)
        return 2
    players = args.players or (3 if 3 in rules.player_counts else rules.player_counts[0])
    if players not in rules.player_counts:
        print(f"{rules.name} is played by {rules.player_counts} players", file=sys.stderr)
        return 2
    seeds = random.Random(args.seed)
    dealer, drawn_in_row = seeds.randrange(players), 0
    wins = drawn = moves = 0
    start = time.perf_counter()
    for i in range(args.hands):
        seed = seeds.getrandbits(64)
        try:
            played = random_hand(rules, seed, dealer, players, check=violation if args.check else None)
            if args.check and replay(rules, seed, dealer, players, played.log) != played:
                raise AssertionError(f"seed {seed}: replaying the action log gave another state or events")
        except AssertionError as e:
            print(f"hand {i} (variant {rules.name}, dealer {dealer}): {e}", file=sys.stderr)
            return 1
        winner = played.state.result["winner"]
        wins += winner is not None
        drawn += winner is None
        moves += played.state.move_no
        dealer, drawn_in_row = next_dealer(rules, players, dealer, winner, drawn_in_row)
    elapsed = time.perf_counter() - start
    n = max(args.hands, 1)
    print(f"variant {rules.name}, {players} players, {args.hands} hands in {elapsed:.2f} s: "
          f"{args.hands / elapsed:.0f} hands/s; wins {wins}, drawn hands {drawn}, "
          f"average moves {moves / n:.1f}" + (" (all invariants held)" if args.check else ""))
    return 0

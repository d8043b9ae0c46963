"""Does the bot (games/bots.py) beat the random player? Seeded hands, one bot seat and random seats.

For every variant, plays N seeded hands at 3 players: one seat plays `choose_action`, the others pick
uniformly among their legal actions (like `cli simulate`). The bot's seat and the dealer rotate so
that each seat is the bot's and each seat deals equally often. Prints, per variant, the share of hands
won by the bot seat and by an average random seat, drawn hands, the bot's mean winning hu-xi and
base, and hands per second (bot decisions dominate the time).

    .venv/bin/python bench/bench_bots.py [--hands 300] [--seed 1] [--variant changde …] [--bots 1]

`--bots 3` seats bots only (a speed figure, and how often bot tables end in a drawn hand).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import self_play  # noqa: E402
from games.rules import PRESETS, preset  # noqa: E402

PLAYERS = 3


def run_variant(name: str, hands: int, seed: int, nbots: int) -> None:
    rules = preset(name)
    seeds = random.Random(seed)
    bot_wins = random_wins = drawn = 0
    huxi = base = 0
    start = time.perf_counter()
    for i in range(hands):
        bot_seat, dealer = i % PLAYERS, (i // PLAYERS) % PLAYERS
        bots = {(bot_seat + j) % PLAYERS for j in range(nbots)}
        result = self_play(rules, seeds.getrandbits(64), dealer, PLAYERS, bots).result
        winner = result["winner"]
        if winner is None:
            drawn += 1
        elif winner in bots:
            bot_wins += 1
            huxi += result["huxi"]
            base += result["base"]
        else:
            random_wins += 1
    elapsed = time.perf_counter() - start
    randoms = PLAYERS - nbots
    line = f"{name:<16} {hands} hands: bot seat wins {100 * bot_wins / hands:5.1f}%"
    if randoms:
        line += f", random seat wins {100 * random_wins / hands / randoms:5.1f}% (each)"
    line += (f", drawn {100 * drawn / hands:5.1f}%, bot wins' mean hu-xi "
             f"{huxi / max(bot_wins, 1):.1f} base {base / max(bot_wins, 1):.1f}; {hands / elapsed:.0f} hands/s")
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", nargs="*", default=list(PRESETS))
    parser.add_argument("--bots", type=int, default=1, choices=(1, 2, 3), help="bot seats per table")
    args = parser.parse_args()
    for name in args.variant:
        run_variant(name, args.hands, args.seed, args.bots)


if __name__ == "__main__":
    main()

"""Does the bot (games/bots.py) beat the random player? Seeded hands, one bot seat and random seats.

For every variant, plays N seeded hands at 3 players: one seat plays `choose_action`, the others pick
uniformly among their legal actions (like `cli simulate`). The bot's seat and the dealer rotate so
that each seat is the bot's and each seat deals equally often. Prints, per variant, the share of hands
won by the bot seat and by an average random seat, drawn hands, the bot's mean winning hu-xi and
base, and hands per second (bot decisions dominate the time).

    .venv/bin/python bench/bench_bots.py [--hands 300] [--seed 1] [--variant changde …] [--bots 1]

`--bots 3` seats bots only (a speed figure, and how often bot tables end in a drawn hand).

`--levels` pits the levels (games.bots.decide) against each other instead: hard against two normal
bots, and normal against two easy ones (`--match`; normal-normal is the control), over the same
seeded hands (the focus seat and the dealer rotated), and prints the focus seat's share of wins and
mean score per hand (games.rules.seat_score: points won or paid) with 95 % confidence intervals.
`--budget-ms` is the hard bot's time per decision (the site's: 150 ms), `--rounds` caps its
Monte-Carlo rounds (the site's: 0; with `--budget-ms 0`: no clock, the same moves on any machine); the
hard bot's median, 95th and 99th percentile and longest milliseconds per decision are printed too. With
the control among the matches, each other match's paired difference from it follows (hand by hand on
the same hands: a narrower interval than the two matches' own). `--jobs` processes
share the hands (each seeded on its own: the same figures whatever the number); run it under nice.

    nice -n 19 .venv/bin/python bench/bench_bots.py --levels --hands 2000 --budget-ms 150 --rounds 0 \
        --every 250 --jobs 2 --variant changde --match hard-normal normal-normal
"""
from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import Search, choose_action, decide, self_play  # noqa: E402
from games.rules import PRESETS, apply, deal, preset, seat_score, seat_view  # noqa: E402

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


MATCHES = {"hard-normal": ("hard", "normal"), "normal-easy": ("normal", "easy"),  # (the focus seat's level,
           "normal-normal": ("normal", "normal")}  # the two others'); the last: the control, same hands


def level_hand(rules, seed: int, dealer: int, levels: dict[int, str], search: Search) -> tuple[dict, list[float]]:
    """One seeded hand, each seat playing its level from its own view (normal seats call choose_action on
    the state directly: the same move as decide(view, "normal"), a test checks it, and faster); and the
    milliseconds each hard decision took (seat_view and decide)."""
    state, _ = deal(rules, seed=seed, dealer=dealer, players=PLAYERS)
    hard_ms = []
    while not state.finished:
        seat = state.to_act[0]
        if levels[seat] == "normal":
            action = choose_action(state, seat)
        else:
            start = time.perf_counter()
            action = decide(rules, seat_view(state, seat), levels[seat], seed=seed ^ state.move_no << 8 ^ seat,
                            search=search)
            if levels[seat] == "hard":
                hard_ms.append(1000 * (time.perf_counter() - start))
        state, _ = apply(state, seat, action)
    return state.result, hard_ms


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half width of its 95 % confidence interval (normal approximation)."""
    n = len(values)
    mean = statistics.fmean(values)
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")


def level_task(task: tuple) -> tuple[float, float, list[float]]:
    """One hand of run_levels (a Pool's unit of work): (whether the focus seat won, its score, the ms of
    each hard decision)."""
    name, hand_seed, i, focus, others, search = task
    seat, dealer = i % PLAYERS, (i // PLAYERS) % PLAYERS
    levels = {s: focus if s == seat else others for s in range(PLAYERS)}
    result, hard_ms = level_hand(preset(name), hand_seed, dealer, levels, search)
    return float(result["winner"] == seat), float(seat_score(result, seat, PLAYERS, dealer)), hard_ms


def run_levels(name: str, hands: int, seed: int, search: Search, every: int, matches, jobs: int) -> None:
    """Each match over the same seeded hands; with `jobs` > 1 the hands are shared among processes (each
    hand seeded on its own, so the figures are the same whatever the number of jobs)."""
    played = {}
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for focus, others in matches:
            seeds = random.Random(seed)  # the same hands for every match
            tasks = [(name, seeds.getrandbits(64), i, focus, others, search) for i in range(hands)]
            done = pool.imap(level_task, tasks) if pool else map(level_task, tasks)
            wins, scores, hard_ms = [], [], []
            start = time.perf_counter()
            for won, score, ms in done:
                wins.append(won)
                scores.append(score)
                hard_ms += ms
                if len(wins) == hands or (every and len(wins) % every == 0):
                    report(name, focus, others, wins, scores, time.perf_counter() - start, hard_ms)
            played[focus, others] = wins, scores
    report_paired(name, played)


def report_paired(name: str, played: dict) -> None:
    """Each match less the control (normal vs two normal) on the same hands: the paired difference of
    the focus seat's wins and scores, hand by hand, with its 95 % interval (narrower than the two
    matches' own intervals, the hands' luck cancelling)."""
    control = played.get(("normal", "normal"))
    for (focus, others), (wins, scores) in played.items():
        if control is None or (focus, others) == ("normal", "normal"):
            continue
        win, win_ci = interval([a - b for a, b in zip(wins, control[0])])
        score, score_ci = interval([a - b for a, b in zip(scores, control[1])])
        print(f"{name:<16} {focus} vs two {others} less the control: wins {100 * win:+.1f} points "
              f"± {100 * win_ci:.1f}, score per hand {score:+.2f} ± {score_ci:.2f} (paired, 95% CI)", flush=True)


def report(name: str, focus: str, others: str, wins: list[float], scores: list[float], elapsed: float,
           hard_ms: list[float]) -> None:
    win, win_ci = interval(wins)
    score, score_ci = interval(scores)
    line = (f"{name:<16} {focus} vs two {others}: {len(wins)} hands, wins {100 * win:.1f}% ± {100 * win_ci:.1f}, "
            f"mean score per hand {score:+.2f} ± {score_ci:.2f} (95% CI); {len(wins) / elapsed:.1f} hands/s")
    if hard_ms:
        cuts = statistics.quantiles(hard_ms, n=100, method="inclusive") if len(hard_ms) > 1 else hard_ms * 99
        p95, p99 = cuts[94], cuts[98]
        line += (f"; hard decision median {statistics.median(hard_ms):.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, "
                 f"max {max(hard_ms):.1f} ms")
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", nargs="*", default=list(PRESETS))
    parser.add_argument("--bots", type=int, default=1, choices=(1, 2, 3), help="bot seats per table")
    parser.add_argument("--levels", action="store_true", help="hard vs two normal, normal vs two easy")
    parser.add_argument("--budget-ms", type=float, default=Search().budget_ms, help="hard: ms per decision (0: no clock)")
    parser.add_argument("--rounds", type=int, default=Search().rounds, help="hard: at most this many rounds")
    parser.add_argument("--every", type=int, default=0, help="--levels: print the figures so far every N hands")
    parser.add_argument("--jobs", type=int, default=1, help="--levels: processes sharing the hands")
    parser.add_argument("--match", choices=list(MATCHES), nargs="*", default=["hard-normal", "normal-easy"],
                        help="--levels: the matches to play (normal-normal: the control on the same hands)")
    args = parser.parse_args()
    if args.levels:
        search = Search(budget_ms=args.budget_ms or None, rounds=args.rounds)
        print(f"hard bot: budget {args.budget_ms:g} ms, at most {args.rounds} rounds per decision", flush=True)
        for name in args.variant:
            run_levels(name, args.hands, args.seed, search, args.every, [MATCHES[m] for m in args.match],
                       args.jobs)
        return
    for name in args.variant:
        run_variant(name, args.hands, args.seed, args.bots)


if __name__ == "__main__":
    main()

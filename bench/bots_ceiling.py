"""How far could one-step rollouts take the hard bot? An experiment for issue 25, not a bot of the site.

The hard bot that plays (games/bots.py) searches samples of the hidden cards consistent with its view.
This plays the same seeded hands as `bench_bots.py --levels` (seed 1: the same control), the focus seat
choosing among the hard bot's candidates (the outlook move and the normal bot's next best discards, or
every claim choice) by flat Monte-Carlo, `--rounds` samples each, every candidate played out by the
normal bot on the same sample, and prints its wins and score per hand against the control
(normal vs two normal) on the same hands, paired, with 95 % intervals. Where the samples come from:

- `honest`: games.rules.determinized, what the seat may know (the site's hard bot's samples);
- `hands` (cheating): the true hands and tables, the stock shuffled anew each sample: what a perfect
  inference of the other hands would give, the stock still unknown;
- `inferred`: honest, but of `--pool` determinized samples per decision the `--rounds` the other
  players' own discards fit best are searched (`fit`: how far each discard was from the normal bot's
  choice on the hand the sample gives that player then; a hand only loses cards, so that hand is the
  one now plus every card that left it since, all public until a face-down wei or ti).

`--pick best` plays the best mean; `--pick sure` the hard bot's own rule (bots._pick_searched: leave the
outlook move only when another is clearly better). No clock: the figures are the same on any machine.

    nice -n 19 .venv/bin/python bench/bots_ceiling.py --mode hands --pick best --rounds 32 --hands 300
"""
from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_bots import PLAYERS, interval  # noqa: E402
from games import bots  # noqa: E402
from games.rules import (HandState, Kind, apply, deal, determinized, is_legal, legal_actions, preset,  # noqa: E402
                         seat_score, seat_view)

MODES = ("honest", "hands", "inferred")
MISFIT = 3.0  # `fit`: a discard one missing card worse than the normal bot's best costs this much log-likelihood
HIDDEN = (Kind.WEI, Kind.TI)  # a step that lays one of these from the hand: what left the hand is not all public


def record(before: HandState, after: HandState, who: int, action, history: list[list[tuple]]) -> None:
    """Append to each seat's history what one step took from its hand: (cards as counts, the card it
    discarded or None, its table's length before, whether the step laid a face-down group)."""
    for seat, (was, now) in enumerate(zip(before.hands, after.hands)):
        removed = tuple(b - a for b, a in zip(was, now))
        if any(removed):
            laid = [g for g in after.tables[seat] if g not in before.tables[seat]]
            discard = action.card if who == seat and action.verb == "discard" else None
            history[seat].append((removed, discard, len(before.tables[seat]), any(g.kind in HIDDEN for g in laid)))


def fit(drawn: HandState, seat: int, history: list[list[tuple]]) -> float:
    """The log-likelihood (up to a constant) of the other seats' discards under the normal bot, on the
    hands `drawn` gives them: each discard is judged on the hand then (now plus what left it since)."""
    total = 0.0
    for other, steps in enumerate(history):
        if other == seat:
            continue
        hand = list(drawn.hands[other])
        for removed, discard, table_len, hidden in reversed(steps):
            if hidden:
                break
            hand = [n + r for n, r in zip(hand, removed)]
            if discard is None:
                continue
            table = list(drawn.tables[other][:table_len])
            values = {}
            for k, n in enumerate(hand):
                if 0 < n < 3:
                    hand[k] -= 1
                    values[k] = bots.holdings_value(drawn.rules, table, hand)
                    hand[k] += 1
            if discard in values:
                total -= MISFIT * (max(values.values()) - values[discard])
    return total


def sample(state: HandState, seat: int, mode: str, rng: random.Random) -> HandState | None:
    """One sample of the hidden cards: from the seat's view (honest, inferred), or the true state with
    its stock shuffled (hands)."""
    if mode == "hands":
        stock = list(state.stock)
        rng.shuffle(stock)
        return dataclasses.replace(state, stock=tuple(stock))
    return determinized(state.rules, seat_view(state, seat), rng)


def samples(state: HandState, seat: int, mode: str, rounds: int, pool: int, history, rng: random.Random) -> list:
    """The samples a decision is searched on: `rounds` of them, the best fitting of `pool` when inferred."""
    if mode != "inferred":
        return [sample(state, seat, mode, rng) for _ in range(rounds)]
    drawn = [d for d in (sample(state, seat, mode, rng) for _ in range(pool)) if d is not None]
    return sorted(drawn, key=lambda d: -fit(d, seat, history))[:rounds]


def rollout_move(state: HandState, seat: int, mode: str, pick: str, rounds: int, rng: random.Random,
                 pool: int = 0, history=()):
    """The focus seat's move: the hard bot's candidates (private helpers of games.bots, on purpose: the
    same candidates and playouts as the site's search), each judged on the same `rounds` samples."""
    legal = legal_actions(state, seat)
    view = seat_view(state, seat)
    first = determinized(state.rules, view, rng)
    if len(legal) == 1 or first is None:
        return legal[0] if len(legal) == 1 else bots.choose_action(state, seat)
    normal = bots._choose(first, seat, legal, None)
    if normal == bots.HU:
        return normal
    base = bots.outlook_move(first, seat, legal, normal)
    candidates = bots._candidates(view, legal, base, first)
    scores = {a: [] for a in candidates}
    for drawn in samples(state, seat, mode, rounds, pool, history, rng):
        if drawn is None or not all(is_legal(drawn, seat, a) for a in candidates):
            break
        playout_seed = rng.getrandbits(32)
        for action in candidates:
            scores[action].append(bots._playout(drawn, seat, action, playout_seed))
    if not scores[base]:
        return base
    if pick == "sure":
        return bots._pick_searched(base, scores)
    return max(candidates, key=lambda a: (statistics.fmean(scores[a]), a == base))


def play_hand(task: tuple) -> tuple[float, float]:
    """One seeded hand (bench_bots.level_task's seats and dealer): whether the focus seat won, its score.
    `mode` None: the control, the focus seat plays the normal bot too."""
    variant, hand_seed, i, mode, pick, rounds, pool = task
    seat, dealer = i % PLAYERS, (i // PLAYERS) % PLAYERS
    state, _ = deal(preset(variant), seed=hand_seed, dealer=dealer, players=PLAYERS)
    rng = random.Random(hand_seed)
    history: list[list[tuple]] = [[] for _ in range(PLAYERS)]
    while not state.finished:
        who = state.to_act[0]
        if mode is not None and who == seat:
            action = rollout_move(state, who, mode, pick, rounds, rng, pool, history)
        else:
            action = bots.choose_action(state, who)
        before = state
        state, _ = apply(state, who, action)
        record(before, state, who, action, history)
    return float(state.result["winner"] == seat), float(seat_score(state.result, seat, PLAYERS, dealer))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=MODES, default="honest")
    parser.add_argument("--pick", choices=("best", "sure"), default="best")
    parser.add_argument("--rounds", type=int, default=32)
    parser.add_argument("--pool", type=int, default=48, help="inferred: samples drawn per decision")
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="changde")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = random.Random(args.seed)
    hand_seeds = [seeds.getrandbits(64) for _ in range(args.hands)]
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        played = {mode: pool.map(play_hand, [(args.variant, s, i, mode, args.pick, args.rounds, args.pool)
                                              for i, s in enumerate(hand_seeds)], chunksize=4)
                  for mode in (None, args.mode)}
    control, focus = played[None], played[args.mode]
    win, win_ci = interval([w for w, _ in focus])
    base, _ = interval([w for w, _ in control])
    diff, diff_ci = interval([a[0] - b[0] for a, b in zip(focus, control)])
    score, score_ci = interval([s for _, s in focus])
    print(f"{args.variant} {args.mode} samples, {args.rounds} rounds, pick {args.pick}: {args.hands} hands, wins "
          f"{100 * win:.1f}% ± {100 * win_ci:.1f} (control {100 * base:.1f}%), less the control "
          f"{100 * diff:+.1f} points ± {100 * diff_ci:.1f} (paired), score per hand {score:+.2f} ± {score_ci:.2f} "
          f"(95% CI); {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()

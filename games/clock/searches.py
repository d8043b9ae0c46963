"""The hard bots' searches, run for the sweeper in a pool of worker processes (docs/design.md#bots-and-their-levels).

A hard bot's move is a search of `BOT_HARD_BUDGET_MS` (150 ms by default), too long for a Daphne's event
loop or its one database thread, where every table's queries queue. So Daphne's ticks leave a hard
bot's move alone (games.clock.tick.bot_move), and the sweeper, a process of its own, plans them: before
it ticks the due tables it reads each one's hand without a lock, hands every due hard bot's seat view
to the pool (`BOT_WORKERS` processes; 0: in the sweeper's own process, as the tests do), which runs
games.bots.hard_move, waits for all
of them at once, and then ticks with the moves found. A move found for a position and move number that
no longer match is not played; the next sweep searches again. The workers import the engine only
(games.bots is pure Python), never Django, and get the seat's view, never the state.
"""
from __future__ import annotations

import atexit
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor

from django.conf import settings

from games import bots
from games.clock import deadlines
from games.clock.tick import move_seed
from games.models import BotLevel, HandAnalysis, Seat, Table
from games.rules import HandState, seat_view
from games.selectors import current_hand, replay_states

logger = logging.getLogger("paohuzi.timers")
_POOL: list[Executor] = []
_ANALYSIS_POOL: list[Executor] = []  # its own worker: an analysis never delays a hard bot's move
ANALYSIS_SEARCH = bots.Search(budget_ms=None, rounds=4)  # no clock: the same analysis on any machine
_RUNNING: dict[int, list] = {}  # analysis id → the futures of its decisions still to be saved


def plan(table_ids) -> dict[int, dict[tuple[int, int], str]]:
    """{table id: {(position, public move number): action text}} for every hard bot whose move is due
    at these tables, searched in the pool."""
    jobs = []
    seats: dict[int, dict[int, Seat]] = {}
    for seat in Seat.objects.filter(table_id__in=list(table_ids), is_bot=True, bot_level=BotLevel.HARD):
        seats.setdefault(seat.table_id, {})[seat.position] = seat  # one query for the whole sweep
    for table_id, hard in seats.items():
        table = Table.objects.get(pk=table_id)
        hand = current_hand(table) if table.status == Table.Status.PLAYING else None
        if hand is None or hand.finished:
            continue
        state = HandState.from_json(hand.state)
        for position in state.to_act:
            if position in hard and deadlines.is_automatic(hard[position]):
                jobs.append((table_id, position, state.public_move_no, state.rules, seat_view(state, position),
                             move_seed(hand, state, position)))
    if not jobs:
        return {}
    search = bots.Search(budget_ms=settings.BOT_HARD_BUDGET_MS)
    pool = _pool()
    found: dict[int, dict[tuple[int, int], str]] = {}
    if pool is None:
        moves = [bots.hard_move(rules, view, seed, search) for _, _, _, rules, view, seed in jobs]
    else:
        futures = [pool.submit(bots.hard_move, rules, view, seed, search) for _, _, _, rules, view, seed in jobs]
        moves = []
        for future in futures:
            try:
                moves.append(future.result())
            except Exception:  # a broken worker: that move is searched again at the next sweep
                logger.exception("a hard bot's search failed")
                moves.append(None)
    for (table_id, position, move_no, *_), move in zip(jobs, moves):
        if move is not None:
            found.setdefault(table_id, {})[position, move_no] = move
    return found


def analyses_step() -> int:
    """Advance the analyses asked for (games.play.replays.analysis_request): each one's decisions are
    sent at once to the analysis worker, and every sweep saves the ones done so far, in order, so the
    replay page shows the progress; with BOT_WORKERS 0 they are computed here. Returns how many
    analyses moved on. The sweeper never waits for a decision."""
    moved = 0
    for job in HandAnalysis.objects.filter(status=HandAnalysis.Status.PENDING).select_related("hand__table")[:4]:
        steps = replay_states(job.hand)
        decisions = [(steps[i][1], row["seat"], [row["verb"], *row["groups"]], i)
                     for i, (row, _state) in enumerate(steps[1:])]
        rules = steps[0][1].rules
        pool = _pool(_ANALYSIS_POOL, 1)
        if pool is None:
            found = [bots.analyse_move(rules, state, seat, wire, i, ANALYSIS_SEARCH)
                     for state, seat, wire, i in decisions[job.done:]]
        else:
            futures = _RUNNING.setdefault(job.pk, [
                (pool.submit(bots.analyse_move, rules, state, seat, wire, i, ANALYSIS_SEARCH), seat, wire, i)
                for state, seat, wire, i in decisions[job.done:]])
            found = []
            while futures and futures[0][0].done():
                future, seat, wire, i = futures.pop(0)
                try:
                    found.append(future.result())
                except Exception:  # a broken worker: this decision is shown unanalysed, the others go on
                    logger.exception("analysing move %s of hand %s failed", i + 1, job.hand_id)
                    played = " ".join(wire)
                    found.append({"move_no": i + 1, "seat": seat, "played": played, "hard": played,
                                  "before": None, "after": None})
        if found or job.total != len(decisions):
            job.moves = job.moves + found
            job.done, job.total = len(job.moves), len(decisions)
            if job.done >= job.total:
                job.status = HandAnalysis.Status.DONE
                _RUNNING.pop(job.pk, None)
            job.save(update_fields=["moves", "done", "total", "status"])
            moved += 1
    return moved


def _pool(pools: list[Executor] = _POOL, workers: int | None = None) -> Executor | None:
    """A pool of worker processes, started on first use (spawned: a fresh interpreter, nothing of the
    sweeper's database connections); None when BOT_WORKERS is 0."""
    if settings.BOT_WORKERS <= 0:
        return None
    if not pools:
        pools.append(ProcessPoolExecutor(max_workers=workers or settings.BOT_WORKERS,
                                         mp_context=multiprocessing.get_context("spawn")))
        atexit.register(shutdown)
    return pools[0]


def shutdown() -> None:
    """Stop the workers (the sweeper's exit)."""
    for pools in (_POOL, _ANALYSIS_POOL):
        while pools:
            pools.pop().shutdown(wait=False, cancel_futures=True)
    _RUNNING.clear()

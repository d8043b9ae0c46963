"""Time at a table (docs/design.md#timers-deadlines-and-the-sweeper): whichever process sees a deadline
pass applies what is due, through the same services and under the same locks."""
from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import bots, table_owner
from games.clock import deadlines
from games.models import BotLevel, Hand, Seat, Table
from games.rules import HandState, seat_view
from games.selectors import current_hand
from games.play.hands import action_submit, hand_start, window_release
from games.rooms.seating import seat_bots
from games.play.tables import locked_hand, locked_table, seats_of


@transaction.atomic
def table_tick(*, table_id: int, now=None, planned: dict | None = None):
    """Apply whatever is due at this table: bots for a waiting quick-match table, bot and auto-play
    moves, the default move of a person out of time (who then turns to auto-play), the next hand.
    Returns when the next step is due (None: nothing planned; while a hard bot waits for the sweeper's
    search, when its fallback is due).

    A hard bot never searches here: this runs on a Daphne's database thread too. `planned` is the
    sweeper's searched moves, {(position, public move number): action text} (games.clock.searches);
    a hard bot's move not in it is left to the sweeper, until HARD_FALLBACK after its deadline: then
    (no sweeper runs, or it is far behind) it plays the normal move (docs/design.md#bots-and-their-levels)."""
    now = now or timezone.now()
    table = locked_table(table_id)
    if table.status == Table.Status.WAITING:
        if table.fill_at is None or table.fill_at > now:
            return table.fill_at
        seat_bots(table, seats_of(table))
        hand_start(table, now)
        table_owner.commit(table)
    elif table.status == Table.Status.PLAYING:
        hand = locked_hand(table)
        if hand.deadline is None or hand.deadline > now:
            return hand.deadline
        if hand.finished:
            hand_start(table, now)
            table_owner.commit(table)
        elif not (moved := _auto_moves(table, hand, now, planned or {})):  # nothing due after all: plan again
            deadlines.schedule(table, hand, HandState.from_json(hand.state), seats_of(table), now)
            hand.save(update_fields=["deadline", "turn_deadline"])
            table_owner.commit(table)  # the pages show the new deadline (and a process's latest read is stale)
        elif moved is SEARCH:  # the sweeper searches and moves; this process looks again at the fallback
            return hand.deadline + HARD_FALLBACK
    else:
        return None
    return due(table)


HARD_FALLBACK = timedelta(seconds=10)  # a hard bot with no search this long after its deadline plays normal
logger = logging.getLogger("paohuzi.timers")


class _Search(int):
    """_auto_moves' answer when nothing moved but a hard bot waits for its search: true, so that the
    deadline is not planned again (it stays passed, for the sweeper)."""


SEARCH = _Search(1)


def _auto_moves(table: Table, hand: Hand, now, planned: dict) -> int:
    """Bots (their level: games.bots.choose_action or decide) and auto-played seats (default_action)
    whose turn it is move; a hard bot only with a move the sweeper searched (`planned`);
    if only people are asked and their time is up, they get the default move and turn to auto-play.
    A held claim window's deadline is its release time: the automatic seats decide, then it is released
    (claim privacy: their decisions take effect only then, at the same moment whoever could claim)."""
    at = {s.position: s for s in seats_of(table)}
    state = HandState.from_json(hand.state)
    automatic = [p for p in state.to_act if deadlines.is_automatic(at[p])]
    if not automatic and hand.turn_deadline and hand.turn_deadline <= now:
        automatic = list(state.to_act)
        Seat.objects.filter(table=table, position__in=automatic).update(auto_play=True)
    moved = searching = 0
    for position in automatic:
        hand = current_hand(table)
        state = HandState.from_json(hand.state)
        if position not in state.to_act:
            continue
        late = hand.deadline is not None and now >= hand.deadline + HARD_FALLBACK
        text = bot_move(hand, state, at[position], planned, late=late)
        if text is None:
            searching += 1
            continue
        action_submit(table=table, user=None, seat=position, wire={"action": text, "move_no": state.public_move_no})
        moved += 1
    if searching and not moved:
        return SEARCH
    hand = current_hand(table)
    state = HandState.from_json(hand.state)
    if state.awaiting_release and hand.deadline <= now:  # not a window a move above just opened
        window_release(table=table, move_no=state.public_move_no)
        moved += 1
    return moved


def bot_move(hand: Hand, state: HandState, seat: Seat, planned: dict, late: bool = False) -> str | None:
    """The move of an automatic seat, as text: a person's auto-play plays the default move; a bot its
    level's, from its seat's view (easy and normal are quick: here; hard: the sweeper's search, None
    while there is none for this move, the normal move once `late`)."""
    position = seat.position
    if not seat.is_bot:
        return bots.default_action(state, position).text
    if seat.bot_level == BotLevel.HARD:
        found = planned.get((position, state.public_move_no))
        if found is not None or not late:
            return found
        logger.warning("table %s: no hard bot's search came in time, seat %s plays the normal move",
                       hand.table_id, position)
    if seat.bot_level in (BotLevel.NORMAL, BotLevel.HARD):
        return bots.choose_action(state, position).text
    return bots.decide(state.rules, seat_view(state, position), seat.bot_level, seed=move_seed(hand, state, position)).text


def move_seed(hand: Hand, state: HandState, position: int) -> int:
    """A bot decision's seed: the same hand, move and seat always give the same (replayable) choice."""
    return hash((hand.pk, state.move_no, position)) & (2 ** 63 - 1)


def due(table) -> object:
    """When the table's next automatic step is due (read now: after a tick)."""
    table = Table.objects.get(pk=getattr(table, "pk", table))
    return deadlines.due_at(table, current_hand(table) if table.status == Table.Status.PLAYING else None)

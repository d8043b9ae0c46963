"""Time at a table (docs/design.md#timers-deadlines-and-the-sweeper): whichever process sees a deadline
pass applies what is due, through the same services and under the same locks."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games import bots, table_owner
from games.clock import deadlines
from games.models import Hand, Seat, Table
from games.rules import HandState
from games.selectors import current_hand
from games.play.hands import action_submit, hand_start, window_release
from games.rooms.seating import seat_bots
from games.play.tables import locked_hand, locked_table, seats_of


@transaction.atomic
def table_tick(*, table_id: int, now=None):
    """Apply whatever is due at this table: bots for a waiting quick-match table, bot and auto-play
    moves, the default move of a person out of time (who then turns to auto-play), the next hand.
    Returns when the next step is due (None: nothing planned)."""
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
        elif not _auto_moves(table, hand, now):  # nothing was due after all: plan again
            deadlines.schedule(table, hand, HandState.from_json(hand.state), seats_of(table), now)
            hand.save(update_fields=["deadline", "turn_deadline"])
            table_owner.commit(table)  # the pages show the new deadline (and a process's latest read is stale)
    else:
        return None
    return due(table)


def _auto_moves(table: Table, hand: Hand, now) -> int:
    """Bots (games.bots.choose_action) and auto-played seats (default_action) whose turn it is move;
    if only people are asked and their time is up, they get the default move and turn to auto-play.
    A held claim window's deadline is its release time: the automatic seats decide, then it is released
    (claim privacy: their decisions take effect only then, at the same moment whoever could claim)."""
    at = {s.position: s for s in seats_of(table)}
    state = HandState.from_json(hand.state)
    automatic = [p for p in state.to_act if deadlines.is_automatic(at[p])]
    if not automatic and hand.turn_deadline and hand.turn_deadline <= now:
        automatic = list(state.to_act)
        Seat.objects.filter(table=table, position__in=automatic).update(auto_play=True)
    moved = 0
    for position in automatic:
        hand = current_hand(table)
        state = HandState.from_json(hand.state)
        if position not in state.to_act:
            continue
        choose = bots.choose_action if at[position].is_bot else bots.default_action
        action = choose(state, position)
        action_submit(table=table, user=None, seat=position, wire={"action": action.text,
                                                                    "move_no": state.public_move_no})
        moved += 1
    hand = current_hand(table)
    state = HandState.from_json(hand.state)
    if state.awaiting_release and hand.deadline <= now:  # not a window a move above just opened
        window_release(table=table, move_no=state.public_move_no)
        moved += 1
    return moved


def due(table) -> object:
    """When the table's next automatic step is due (read now: after a tick)."""
    table = Table.objects.get(pk=getattr(table, "pk", table))
    return deadlines.due_at(table, current_hand(table) if table.status == Table.Status.PLAYING else None)

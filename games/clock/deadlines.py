"""Deadlines (docs/design.md#timers-deadlines-and-the-sweeper:
stored on the hand, they survive a restart).

`Hand.deadline` is when the next automatic step is due — a bot's or an auto-played seat's move, the
default move of a person who ran out of time, or the next hand — and `Hand.turn_deadline` is the
countdown the people who must decide now see. With CLAIM_WINDOW_SECONDS above 0 hands are dealt
held (claim privacy): every card put up for claims waits that long, whether or not anyone may claim
it, and while its window is held `Hand.deadline` is the release time, set when the window opens;
bots and auto-played seats decide at it, just before the release. Whichever process finds a deadline passed applies it
(games.clock.tick.table_tick): the table's consumers sleep until it, and `manage.py run_timers` sweeps
for tables nobody is connected to.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings

from games.models import Hand, Table
from games.rules import HandState


def seconds(name: str) -> timedelta:
    return timedelta(seconds=getattr(settings, name))


def held() -> bool:
    """Whether new hands are dealt with held claim windows (CLAIM_WINDOW_SECONDS > 0)."""
    return settings.CLAIM_WINDOW_SECONDS > 0


def is_automatic(seat) -> bool:
    """A bot, or a person's seat in auto-play (托管)."""
    return seat.is_bot or seat.auto_play


def _same_decision(before: HandState | None, after: HandState) -> bool:
    """Another seat decided on the same card: the people still asked keep their countdown."""
    if before is None or before.window is None or after.window is None:
        return False
    b, a = before.window, after.window
    return (b.kind, b.card, b.owner, b.offers) == (a.kind, a.card, a.owner, a.offers) and after.turn is None


def turn_time(table: Table) -> timedelta | None:
    """A person's time for one decision: a private room's own timer (0: none, so nobody turns to
    auto-play for being slow), else the site's TURN_SECONDS."""
    if table.turn_seconds is None:
        return seconds("TURN_SECONDS")
    return timedelta(seconds=table.turn_seconds) if table.turn_seconds else None


def schedule(table: Table, hand, state: HandState, seats: Sequence, now: datetime, *,
             before: HandState | None = None, next_hand: bool = True) -> None:
    """Set the hand's deadlines after a move (or the deal). `seats` are the table's seats.
    A finished coin hand is followed by the next one after NEXT_HAND_WAIT while someone is still
    playing; a private room's next hand waits for everyone's 准备 (games.play.hands.next_ready)."""
    at = {s.position: s for s in seats}
    if state.finished:
        hand.turn_deadline = None
        present = any(s.user_id and not s.auto_play for s in seats)
        timed = next_hand and present and table.kind == Table.Kind.COIN
        hand.deadline = now + seconds("NEXT_HAND_WAIT") if timed else None
        return
    automatic = [p for p in state.to_act if is_automatic(at[p])]
    people = [p for p in state.to_act if not is_automatic(at[p])]
    turn = turn_time(table)
    if not people or turn is None:
        hand.turn_deadline = None
    elif not (hand.turn_deadline and _same_decision(before, state)):
        hand.turn_deadline = now + turn
    if state.awaiting_release:  # the release time, kept by every step inside the window (before None:
        #                         no step since the last plan, or a new hand, whose deadline is None)
        if not (hand.deadline and (before is None or _same_decision(before, state))):
            hand.deadline = now + seconds("CLAIM_WINDOW_SECONDS")
        return
    hand.deadline = now + seconds("BOT_DELAY") if automatic else hand.turn_deadline


def due_at(table: Table, hand: Hand | None):
    """When the table's next automatic step is due: a waiting table's bots, else the hand's deadline."""
    if table.status == Table.Status.WAITING:
        return table.fill_at
    if table.status != Table.Status.PLAYING:
        return None
    return hand.deadline if hand else None

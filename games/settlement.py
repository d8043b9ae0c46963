"""Who pays whom at the end of a hand (R8.4), as plain numbers: the services turn them into ledger rows.

Each other player of the hand pays the winner `base × multiplier`. On coin tables the caps of `002`
apply: nobody pays more than the coins they carry, the winner wins from any one player at most the
coins the winner carries, and a daily cap limits what a player wins or loses in one day. Bots and
private-room players carry no limits (a `Purse` of None).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Purse:
    """What a seat may still win or lose this hand; None means no limit."""

    coins: int | None = None
    win_room: int | None = None  # R8.4 daily cap: what the player may still win today
    loss_room: int | None = None  # … and still lose today


def _capped(amount: int, *caps: int | None) -> int:
    return max(0, min([amount, *(c for c in caps if c is not None)]))


def payments(result: dict | None, active: Sequence[int], players: int, multiplier: int,
             purses: Sequence[Purse] | None = None) -> list[int]:
    """The change per seat (sums to zero). `active` are the seats dealt in (R2: at four players the
    seat opposite the dealer sits out and neither pays nor wins)."""
    changes = [0] * players
    winner = (result or {}).get("winner")
    if winner is None:
        return changes
    purses = purses or [Purse()] * players
    due = result["base"] * multiplier
    win_room = purses[winner].win_room
    for seat in active:
        if seat == winner:
            continue
        pay = _capped(due, purses[seat].coins, purses[seat].loss_room, purses[winner].coins, win_room)
        if win_room is not None:
            win_room -= pay
        changes[seat] -= pay
        changes[winner] += pay
    return changes


def daily_capped(result: dict | None, active: Sequence[int], players: int, multiplier: int,
                 purses: Sequence[Purse]) -> list[int]:
    """R8.4: the seats whose own daily cap made the hand's payments smaller: without that seat's
    daily rooms the payments would differ."""
    paid = payments(result, active, players, multiplier, purses)

    def without_daily_rooms(seat: int) -> list[Purse]:
        return [Purse(coins=purse.coins) if p == seat else purse for p, purse in enumerate(purses)]

    return [seat for seat, purse in enumerate(purses)
            if (purse.win_room is not None or purse.loss_room is not None)
            and payments(result, active, players, multiplier, without_daily_rooms(seat)) != paid]

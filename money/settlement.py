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


def _room(room: int | None) -> int | None:
    """A daily room already overrun (today's net past a lower cap: another room's hands, a cap lowered
    today) is no room at all: 0, so that the payment it stops reads as met by the daily cap."""
    return None if room is None else max(0, room)


def _paid(result: dict, active: Sequence[int], multiplier: int, purses: Sequence[Purse]):
    """Each payer in turn: (seat, what it pays the winner, its own daily room met that payment below
    the due, the winner's daily room did)."""
    winner, due = result["winner"], result["base"] * multiplier
    win_room = _room(purses[winner].win_room)
    for seat in active:
        if seat == winner:
            continue
        own, loss_room = purses[seat], _room(purses[seat].loss_room)
        pay = _capped(due, own.coins, loss_room, purses[winner].coins, win_room)
        yield seat, pay, pay < due and loss_room == pay, pay < due and win_room == pay
        if win_room is not None:
            win_room -= pay


def payments(result: dict | None, active: Sequence[int], players: int, multiplier: int,
             purses: Sequence[Purse] | None = None) -> list[int]:
    """The change per seat (sums to zero). `active` are the seats dealt in (R2: at four players the
    seat opposite the dealer sits out and neither pays nor wins)."""
    changes = [0] * players
    if (result or {}).get("winner") is None:
        return changes
    for seat, pay, _own, _winner in _paid(result, active, multiplier, purses or [Purse()] * players):
        changes[seat] -= pay
        changes[result["winner"]] += pay
    return changes


def daily_capped(result: dict | None, active: Sequence[int], players: int, multiplier: int,
                 purses: Sequence[Purse]) -> list[int]:
    """R8.4: the seats whose own daily room held a payment of the hand back (it was what was paid, below
    the due; met together with another cap counts too, so that held_back can tell the cap apart)."""
    if (result or {}).get("winner") is None:
        return []
    capped = set()
    for seat, _pay, own_met, winner_met in _paid(result, active, multiplier, purses):
        if own_met:
            capped.add(seat)
        if winner_met:
            capped.add(result["winner"])
    return sorted(capped)


def held_back(due: int, active: Sequence[int], winner: int, scores: Sequence[int],
              daily_capped: Sequence[int]) -> list[dict]:
    """R8.4: each payer who paid the winner less than `due`, which cap held the payment back and by how
    much, read back from the stored outcome as `payments` made it: the payer's own daily cap when the
    payer is daily-capped; else the winner's daily cap where the winner's room, all of it won in this
    hand, ran out at this payer; else the per-hand cap of the coins carried (the payer's or the
    winner's). `cap` is "daily" (held: whose daily cap) or "hand"."""
    room = scores[winner] if winner in daily_capped else None
    out = []
    for seat in active:
        if seat == winner:
            continue
        paid = -scores[seat]
        if paid < due:
            if seat in daily_capped:
                cap, held = "daily", seat
            elif room is not None and paid == room:
                cap, held = "daily", winner
            else:
                cap, held = "hand", None
            out.append({"seat": seat, "paid": paid, "short": due - paid, "cap": cap, "held": held})
        if room is not None:
            room -= paid
    return out

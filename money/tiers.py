"""The coin rules of the room tiers (R11, R8.4): which tier a person's coins allow, who is short of a
room's coins to enter, where a person whose coins no longer fit goes next, and what one who lost their
seat is told. Reads; the tiers themselves are games.models.RoomTier."""
from __future__ import annotations

from games.models import RoomTier, Table


def tier_for(coins: int) -> RoomTier | None:
    """R11: the highest tier the coins allow. "Highest" is by coins to enter (the stakes), never by
    RoomTier.order, which is only the order the lobby lists them in; of two tiers with the same entry
    coins, the one listed later."""
    return next((t for t in RoomTier.objects.order_by("-entry_coins", "-order") if t.admits(coins)), None)


def coins_short(table, coins: int) -> bool:
    """R11, R8.4: fewer coins than this coin room's coins to enter. Such a person does not play its next
    hand: losses are capped at the coins carried, so playing on could only win (a free roll)."""
    return table.kind == Table.Kind.COIN and coins < table.tier.entry_coins


def tier_change(table, coins: int) -> tuple[str, RoomTier | None] | None:
    """R11: where a person whose coins no longer fit this coin room goes next: ("up", the tier their
    coins allow) above the room's upper bound; ("down", that tier, or None when no tier admits them)
    below its coins to enter (coins_short). None while the coins fit."""
    if table.kind != Table.Kind.COIN:
        return None
    if coins_short(table, coins):
        return "down", tier_for(coins)
    bound = table.tier.upper_bound
    return ("up", tier_for(coins)) if bound is not None and coins > bound else None


def unseated(table: Table, user) -> dict:
    """What a person who no longer has a seat at this coin table is told (R11): whether they are short
    of its coins to enter, and the tier their coins allow (None: none does)."""
    return {"room": table, "coins": user.coins, "short": coins_short(table, user.coins),
            "tier": tier_for(user.coins)}

"""Read-side queries for account pages."""
from __future__ import annotations

from django.conf import settings
from django.db.models import Min, Sum
from django.utils import timezone

from games.models import Hand, LedgerEntry, RoomTier
from games.selectors import hand_points

RECENT_HANDS = 10


def relief_key_prefix(user, day=None) -> str:
    """The ledger's settlement keys of the user's relief grants of a day: relief:<user>:<day>:<n>."""
    return f"relief:{user.pk}:{(day or timezone.localdate()).isoformat()}:"


def relief_offer(user) -> dict | None:
    """R11 free coins, the relief grant (救济金): None unless the user cannot afford any room (fewer coins
    than the lowest coins to enter); else which of today's grants comes next (n), the coins it pays
    (0 once today's RELIEF_PER_DAY are used up: back tomorrow, the local day of TIME_ZONE) and how
    many are left today."""
    lowest = RoomTier.objects.aggregate(lowest=Min("entry_coins"))["lowest"]
    if not user.is_authenticated or lowest is None or user.coins >= lowest:
        return None
    used = LedgerEntry.objects.filter(account=user, settlement_key__startswith=relief_key_prefix(user)).count()
    left = max(0, settings.RELIEF_PER_DAY - used)
    return {"n": used + 1, "amount": lowest * settings.RELIEF_TOP_UP_ENTRIES - user.coins if left else 0,
            "left": left, "per_day": settings.RELIEF_PER_DAY}


def recent_hands(user, limit: int = RECENT_HANDS) -> list[dict]:
    """The user's last finished hands, newest first, each with the coins it moved for them (coin
    rooms, from the ledger) or the points (private rooms, from the hand's scores)."""
    hands = list(Hand.objects.filter(players=user, finished_at__isnull=False)
                 .select_related("table__tier", "table__variant").order_by("-finished_at")[:limit])
    coins = dict(LedgerEntry.objects.filter(account=user, hand__in=hands)
                 .values("hand").annotate(total=Sum("amount")).values_list("hand", "total"))
    points = hand_points(user, [h for h in hands if not h.table.tier_id])
    return [{"hand": hand, "coins": coins.get(hand.pk, 0 if hand.table.tier_id else None),  # a drawn coin hand: 0
             "points": points.get(hand.pk)} for hand in hands]

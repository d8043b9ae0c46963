"""Read-side queries for account pages."""
from django.db.models import Sum

from games.models import Hand, LedgerEntry
from games.selectors import hand_points

RECENT_HANDS = 10


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

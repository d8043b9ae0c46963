"""A player's progress (R11): experience from each hand and the level it reaches, and the count of
today's daily tasks, both in the transaction that settles the hand (so a hand counts once)."""
from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from money.levels import level_table
from money.models import DailyTask, TaskProgress
from accounts.models import User
from money.levels import level_for

from games.models import Hand


@transaction.atomic
def experience_add(*, user: User, amount: int) -> User:
    """Add experience after a hand (R11: the room tier's experience per hand) and update the level."""
    User.objects.filter(pk=user.pk).update(experience=F("experience") + amount)
    user.refresh_from_db(fields=["experience"])
    user.level = level_for(user.experience, [row["experience"] for row in level_table()])
    user.save(update_fields=["level"])
    return user


def hand_progress(*, table, hand: Hand, seats) -> None:
    """A finished coin-room hand (inside its settlement's transaction): each person's experience, and
    one more hand on each of today's tasks it counts for."""
    result = hand.result or {}
    winner = result.get("winner")
    tasks = list(DailyTask.objects.filter(active=True))
    day = timezone.localdate(hand.finished_at)
    for seat in seats:
        if not seat.user_id:
            continue
        experience_add(user=seat.user, amount=table.tier.experience_per_hand)
        won = winner == seat.position
        for task in tasks:
            if task.counts(won=won, patterns=[p[0] for p in result.get("patterns", [])] if won else [],
                           huxi=result.get("huxi", 0) if won else 0, tier_id=table.tier_id):
                _count(seat.user, task, day, hand)


def _count(user: User, task: DailyTask, day, hand: Hand) -> None:
    """One hand more on this task today, up to its target; a hand already counted changes nothing."""
    progress, _created = TaskProgress.objects.select_for_update().get_or_create(user=user, task=task, day=day)
    if progress.count >= task.hands or (progress.last_hand_id is not None and progress.last_hand_id >= hand.pk):
        return
    progress.count += 1
    progress.last_hand = hand
    progress.save(update_fields=["count", "last_hand"])

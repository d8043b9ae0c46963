"""A player's progress (R11): experience from each hand, and the level it reaches."""
from __future__ import annotations

from django.db import transaction
from django.db.models import F

from accounts.models import User, level_for


@transaction.atomic
def experience_add(*, user: User, amount: int) -> User:
    """Add experience after a hand (R11: the room tier's experience per hand) and update the level."""
    User.objects.filter(pk=user.pk).update(experience=F("experience") + amount)
    user.refresh_from_db(fields=["experience"])
    user.level = level_for(user.experience)
    user.save(update_fields=["level"])
    return user

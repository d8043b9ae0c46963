"""Account use cases. Coins only ever arrive through the ledger (games.services.ledger_settle)."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F

from games.services import house_account, ledger_settle

from .models import User, level_for

RESERVED_PREFIX = "__"  # system accounts (the house) use names no player can choose
GUEST_PREFIX = "guest-"


@transaction.atomic
def account_create(*, username: str, password: str | None, is_guest: bool = False) -> User:
    """A new account with the starting coins, paid by the house through the ledger."""
    user = User.objects.create_user(username=username, password=password, is_guest=is_guest)
    coins = settings.STARTING_COINS
    if coins:
        ledger_settle(f"welcome:{user.pk}", {user: coins, house_account(): -coins})
    return user


def guest_create() -> User:
    """One-click guest play: an account with a random name and no password."""
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return account_create(username=GUEST_PREFIX + secrets.token_hex(4), password=None,
                                      is_guest=True)
        except IntegrityError:  # the random name was taken: draw another
            continue
    raise RuntimeError("could not find a free guest name")


@transaction.atomic
def guest_claim(*, user: User, username: str, password: str) -> User:
    """The guest becomes a normal account: same row, so coins, ledger and hands stay with it."""
    if not user.is_guest:
        raise ValueError("only a guest account can be claimed")
    user.username = username
    user.set_password(password)
    user.is_guest = False
    user.save(update_fields=["username", "password", "is_guest"])
    return user


@transaction.atomic
def experience_add(*, user: User, amount: int) -> User:
    """Add experience after a hand (R11: the room tier's experience per hand) and update the level."""
    User.objects.filter(pk=user.pk).update(experience=F("experience") + amount)
    user.refresh_from_db(fields=["experience"])
    user.level = level_for(user.experience)
    user.save(update_fields=["level"])
    return user

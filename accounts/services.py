"""Account use cases: sign-up (with the starting coins), guest play and claiming a guest account, the
player's own settings. Coins only ever arrive through the ledger (money.ledger.ledger_settle);
experience and levels are money.progress, the relief grant money.relief."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import IntegrityError, transaction

from accounts.models import User
from games.table_owner import person_changed
from money.ledger import house_account, ledger_settle

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
    person_changed(user.pk)  # the tables show the new name
    return user


@transaction.atomic
def hints_set(*, user: User, show: bool) -> None:
    """The player's own switch for the winning-card hints at the table."""
    User.objects.filter(pk=user.pk).update(show_hints=show)
    user.show_hints = show
    person_changed(user.pk)


@transaction.atomic
def watch_settings_save(*, form) -> User:
    """The profile's watch settings (a valid form of the user's own row): saved, and the tables the
    user sits at read them anew (a player who may no longer be watched closes the spectators' pages)."""
    user = form.save()
    person_changed(user.pk)
    return user

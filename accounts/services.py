"""Account use cases. Coins only ever arrive through the ledger (games.services.ledger_settle);
experience and levels are games.services.progress."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.models import LedgerEntry
from games.services import DuplicateSettlement, Refused, house_account, ledger_settle, person_changed, publish_coins

from .models import User
from .selectors import relief_key_prefix, relief_offer

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


@transaction.atomic
def relief_grant(*, user: User, n: int) -> int:
    """Pay the relief grant (救济金, R11 free coins) the page offered: the n-th of today's, paid by the
    house through the ledger under the key relief:<user>:<day>:<n>, so it is paid once whatever the
    clicks. Returns the coins paid; 0 when that grant was paid already (a repeated click)."""
    User.objects.select_for_update().filter(pk=user.pk).first()  # one grant at a time per user
    user.refresh_from_db(fields=["coins"])
    key = f"{relief_key_prefix(user)}{n}"
    if LedgerEntry.objects.filter(settlement_key=key).exists():
        return 0
    offer = relief_offer(user)
    if offer is None:
        raise Refused(_("Relief coins are for players who cannot afford any room."))
    if not offer["amount"]:
        raise Refused(_("You have had today's relief coins: come back tomorrow."))
    if n != offer["n"]:
        raise Refused(_("This offer is out of date; reload the page."))
    try:
        ledger_settle(key, {user: offer["amount"], house_account(): -offer["amount"]})
    except DuplicateSettlement:  # a concurrent twin of this click was first
        return 0
    publish_coins([user.pk])
    person_changed(user.pk)
    return offer["amount"]

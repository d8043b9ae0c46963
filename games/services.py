"""The only code that changes game data: one function per use case, atomic (DESIGN: services).

Money is a ledger: coins move only as append-only LedgerEntry rows that sum to zero per settlement,
and User.coins is a cache of each account's sum, updated here in the same transaction.
"""
from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F

from .models import Hand, LedgerEntry

HOUSE_USERNAME = "__house__"  # the bank: pays starting coins; its balance is minus all coins in play


class LedgerError(ValueError):
    """A settlement the ledger refuses."""


class DuplicateSettlement(LedgerError):
    """This settlement was applied already; applying it again changes nothing."""


def house_account():
    """The house's account (inactive, no password): the other side of coins entering or leaving play."""
    user, _created = get_user_model().objects.get_or_create(
        username=HOUSE_USERNAME, defaults={"is_active": False, "password": "!"})
    return user


@transaction.atomic
def ledger_settle(settlement_key: str, amounts: Mapping, *, hand: Hand | None = None) -> list[LedgerEntry]:
    """Record one settlement {account: amount} at once: all rows or none.

    Refuses non-integer amounts, a settlement that does not sum to zero, one applied before
    (DuplicateSettlement; the unique (settlement, account) key also stops a concurrent twin), and one
    that would take a player below zero coins. Zero amounts are not recorded.
    """
    if not settlement_key:
        raise LedgerError("a settlement needs a key")
    if any(isinstance(a, bool) or not isinstance(a, int) for a in amounts.values()):
        raise LedgerError("amounts are whole coins (integers)")
    if sum(amounts.values()) != 0:
        raise LedgerError(f"settlement {settlement_key!r} does not sum to zero ({sum(amounts.values()):+d})")
    if LedgerEntry.objects.filter(settlement_key=settlement_key).exists():
        raise DuplicateSettlement(f"settlement {settlement_key!r} was applied already")
    # A fixed order of row locks, so two settlements never wait on each other in a circle.
    moves = sorted(((user, amount) for user, amount in amounts.items() if amount), key=lambda m: m[0].pk)
    rows = [LedgerEntry(account=user, amount=amount, settlement_key=settlement_key, hand=hand)
            for user, amount in moves]
    try:
        LedgerEntry.objects.bulk_create(rows)
    except IntegrityError as e:
        raise DuplicateSettlement(f"settlement {settlement_key!r} was applied already") from e
    User = get_user_model()
    for user, amount in moves:
        User.objects.filter(pk=user.pk).update(coins=F("coins") + amount)
    balances = dict(User.objects.filter(pk__in=[u.pk for u, _a in moves]).values_list("pk", "coins"))
    short = [u.username for u, _a in moves if balances[u.pk] < 0 and u.username != HOUSE_USERNAME]
    if short:
        raise LedgerError(f"settlement {settlement_key!r} would leave {', '.join(short)} below zero coins")
    for user, _amount in moves:
        user.coins = balances[user.pk]
    return rows

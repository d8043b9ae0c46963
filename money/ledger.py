"""Money is a ledger (docs/design.md#money-is-a-ledger): coins move only as append-only LedgerEntry rows
that sum to zero per settlement, and User.coins is a cache of each account's sum, updated here in the same
transaction."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone

from games.models import Hand, Table
from money.models import LedgerEntry
from money.settlement import Purse, daily_capped, payments
from money.errors import DuplicateSettlement, LedgerError
from games.notify import user_changed

HOUSE_USERNAME = "__house__"  # the bank: pays starting coins; its balance is minus all coins in play


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
    _check(settlement_key, amounts)
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


def _check(settlement_key: str, amounts: Mapping) -> None:
    if not settlement_key:
        raise LedgerError("a settlement needs a key")
    if any(isinstance(a, bool) or not isinstance(a, int) for a in amounts.values()):
        raise LedgerError("amounts are whole coins (integers)")
    if sum(amounts.values()) != 0:
        raise LedgerError(f"settlement {settlement_key!r} does not sum to zero ({sum(amounts.values()):+d})")
    if LedgerEntry.objects.filter(settlement_key=settlement_key).exists():
        raise DuplicateSettlement(f"settlement {settlement_key!r} was applied already")


def publish_coins(user_ids: Iterable[int]) -> None:
    """After commit, tell these users' pages that their coin balance changed."""
    for uid in user_ids:
        user_changed(uid)


def hand_payments(table, state, multiplier: int, seats) -> tuple[list[int], list[int]]:
    """R8.4: the change per seat at the end of a hand, and the seats the daily cap held back."""
    limits = purses(table, seats)
    changes = payments(state.result, state.order, table.player_count, multiplier, limits)
    capped = daily_capped(state.result, state.order, table.player_count, multiplier, limits) if limits else []
    return changes, capped


def purses(table, seats) -> list[Purse] | None:
    """R8.4 limits on coin tables: the coins each person carries and today's room under the tier's daily
    cap (the day's net of every coin hand counts against it)."""
    if table.kind != Table.Kind.COIN:
        return None
    since = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    people = [s.user for s in seats if s.user_id]
    today = dict(LedgerEntry.objects.filter(account__in=people, hand__isnull=False, created_at__gte=since)
                 .values("account").annotate(net=Sum("amount")).values_list("account", "net"))
    coins = dict(get_user_model().objects.filter(pk__in=[u.pk for u in people]).values_list("pk", "coins"))
    cap = table.tier.daily_cap_in_force()
    return [Purse() if s.is_bot else Purse(coins=coins[s.user_id],
                                           win_room=cap - max(0, today.get(s.user_id, 0)),
                                           loss_room=cap + min(0, today.get(s.user_id, 0)))
            for s in seats]

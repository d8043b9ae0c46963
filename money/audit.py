"""An audit of the coin ledger (docs/design.md#money-is-a-ledger): what would be wrong with the books.

Reads only. Each settlement's entries sum to zero; a settlement is applied once (no (settlement,
account) pair twice, no hand settled under two keys); no account's running balance, entry by entry,
ever goes below zero (the house excepted: its balance is minus all coins in play); and every cached
`User.coins` equals the sum of that user's entries. `manage.py ledger_check` prints the result.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Sum

from money.models import LedgerEntry
from money.ledger import HOUSE_USERNAME


def ledger_problems() -> list[str]:
    """Every inconsistency found, one sentence each; an empty list when the books are right."""
    return [*_unbalanced(), *_applied_twice(), *_below_zero(), *_stale_caches()]


def _unbalanced() -> list[str]:
    rows = (LedgerEntry.objects.values("settlement_key").annotate(total=Sum("amount"))
            .exclude(total=0).order_by("settlement_key"))
    return [f"settlement {r['settlement_key']!r} sums to {r['total']:+d}, not zero" for r in rows]


def _applied_twice() -> list[str]:
    pairs = (LedgerEntry.objects.values("settlement_key", "account").annotate(n=Count("id"))
             .filter(n__gt=1).order_by("settlement_key", "account"))
    hands = (LedgerEntry.objects.filter(hand__isnull=False).values("hand")
             .annotate(keys=Count("settlement_key", distinct=True)).filter(keys__gt=1).order_by("hand"))
    return ([f"settlement {r['settlement_key']!r} moves account {r['account']}'s coins {r['n']} times"
             for r in pairs]
            + [f"hand {r['hand']} is settled under {r['keys']} settlement keys" for r in hands])


def _below_zero() -> list[str]:
    house = get_user_model().objects.filter(username=HOUSE_USERNAME).values_list("pk", flat=True).first()
    problems, account, balance, reported = [], None, 0, False
    entries = (LedgerEntry.objects.exclude(account=house).order_by("account", "id")
               .values_list("account", "id", "amount", "settlement_key"))
    for owner, pk, amount, key in entries.iterator(chunk_size=2000):
        if owner != account:
            account, balance, reported = owner, 0, False
        balance += amount
        if balance < 0 and not reported:
            problems.append(f"account {owner} goes below zero ({balance:+d}) at entry {pk} ({key!r})")
            reported = True
    return problems


def _stale_caches() -> list[str]:
    sums = dict(LedgerEntry.objects.values("account").annotate(total=Sum("amount"))
                .values_list("account", "total"))
    users = get_user_model().objects.order_by("pk").values_list("pk", "username", "coins")
    return [f"user {pk} ({name}) caches {coins} coins, the ledger says {sums.get(pk, 0)}"
            for pk, name, coins in users.iterator(chunk_size=2000) if coins != sums.get(pk, 0)]

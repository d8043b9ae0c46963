"""The coin ledger (R8.4): append-only, settlements sum to zero, applied exactly once."""
import pytest
from django.db import IntegrityError, transaction

from games.models import AppendOnlyError
from money.models import LedgerEntry
from money.errors import DuplicateSettlement, LedgerError
from money.ledger import house_account, ledger_settle

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_user):
    return make_user("a"), make_user("b"), make_user("c")  # 2,000 coins each


def balances(*users):
    return [LedgerEntry.objects.balance_of(u) for u in users]


def test_r8_4_settlement_moves_coins_and_the_cache_follows_the_ledger(players):
    a, b, c = players
    rows = ledger_settle("hand:1", {a: 300, b: -100, c: -200})
    assert sorted(r.amount for r in rows) == [-200, -100, 300]
    assert [a.coins, b.coins, c.coins] == [2300, 1900, 1800] == balances(a, b, c)
    for user in players:
        user.refresh_from_db()
        assert user.coins == LedgerEntry.objects.balance_of(user)


def test_r8_4_a_settlement_applied_twice_is_refused_and_changes_nothing(players):
    a, b, c = players
    ledger_settle("hand:1", {a: 300, b: -100, c: -200})
    with pytest.raises(DuplicateSettlement):
        ledger_settle("hand:1", {a: 300, b: -100, c: -200})
    with pytest.raises(DuplicateSettlement):
        ledger_settle("hand:1", {b: 10, c: -10})
    assert balances(a, b, c) == [2300, 1900, 1800]


def test_r8_4_the_idempotency_key_is_unique_in_the_database(players):
    a, b, _c = players
    LedgerEntry.objects.create(account=a, amount=5, settlement_key="k")
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(account=a, amount=-5, settlement_key="k")


@pytest.mark.parametrize("amounts", [{0: 300, 1: -100}, {0: 1.5, 1: -1.5}, {0: True, 1: -1}])
def test_r8_4_a_settlement_not_summing_to_zero_or_not_in_whole_coins_is_refused(players, amounts):
    accounts = {players[i]: v for i, v in amounts.items()}
    with pytest.raises(LedgerError):
        ledger_settle("bad", accounts)
    assert not LedgerEntry.objects.filter(settlement_key="bad").exists()
    assert balances(*players) == [2000, 2000, 2000]


def test_r8_4_nobody_pays_more_than_they_carry(players):
    a, b, _c = players
    with pytest.raises(LedgerError, match="below zero"):
        ledger_settle("hand:big", {a: 2001, b: -2001})
    assert balances(a, b) == [2000, 2000]
    b.refresh_from_db()
    assert b.coins == 2000


def test_the_house_pays_the_starting_coins_so_all_coins_sum_to_zero(players):
    assert LedgerEntry.objects.balance_of(house_account()) == -6000
    assert sum(LedgerEntry.objects.values_list("amount", flat=True)) == 0


def test_ledger_rows_are_append_only(players):
    entry = LedgerEntry.objects.filter(account=players[0]).get()
    entry.amount = 10**9
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.update(amount=0)
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.all().delete()

"""money.audit and `manage.py ledger_check`: silent on books that are right (a fresh database,
settled hands), and each kind of inconsistency planted behind the ledger's back is found."""
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from games import play
from games import rooms
from money.audit import ledger_problems
from money.models import LedgerEntry
from games.models import Seat
from money.ledger import house_account, ledger_settle

from ..games.tablekit import SHORT_SEED, WIN_SEED, deal_seed, play_out  # noqa: F401

User = get_user_model()


@pytest.fixture
def settled(defaults, make_user, deal_seed):
    """Two coin hands played to the end by three people (quick match): settled through the ledger."""
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    deal_seed(WIN_SEED)
    for user in users:
        table = rooms.quick_match(user=user)
    by_seat = {s.position: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    assert play_out(table, by_seat).finished
    deal_seed(SHORT_SEED)
    for user in users:
        play.next_ready(table=table, user=user)
    assert play_out(table, by_seat).number == 2
    assert LedgerEntry.objects.filter(hand__isnull=False).exists()
    return users


@pytest.mark.django_db
def test_a_fresh_database_passes(defaults, capsys):
    assert ledger_problems() == []
    call_command("ledger_check")
    assert "OK" in capsys.readouterr().out


@pytest.mark.django_db
def test_books_after_settled_hands_pass(settled, capsys):
    assert ledger_problems() == []
    call_command("ledger_check")
    assert "OK" in capsys.readouterr().out


def _check_fails(capsys) -> str:
    with pytest.raises(CommandError) as failed:
        call_command("ledger_check")
    assert failed.value.returncode == 1
    return capsys.readouterr().err


@pytest.mark.django_db
def test_a_row_inserted_behind_the_ledgers_back_is_found(settled, capsys):
    ann = settled[0]
    LedgerEntry.objects.create(account=ann, amount=500, settlement_key="gift")
    problems = ledger_problems()
    assert any("'gift' sums to +500" in p for p in problems), problems
    assert any(f"user {ann.pk} (ann) caches" in p for p in problems), problems
    err = _check_fails(capsys)
    assert "'gift'" in err and "ann" in err


@pytest.mark.django_db
def test_a_changed_cached_balance_is_found(settled, capsys):
    bob = User.objects.get(username="bob")
    User.objects.filter(pk=bob.pk).update(coins=bob.coins + 1)
    assert ledger_problems() == [f"user {bob.pk} (bob) caches {bob.coins + 1} coins, the ledger says {bob.coins}"]
    assert "bob" in _check_fails(capsys)


@pytest.mark.django_db
def test_a_balance_that_went_below_zero_is_found(settled):
    """Settlements that sum to zero, caches kept in step, cyd at 0 in the end: only the running balance
    (−7 after the first) is wrong."""
    cyd = User.objects.get(username="cyd")
    LedgerEntry.objects.bulk_create([
        LedgerEntry(account=cyd, amount=-(cyd.coins + 7), settlement_key="overdraw"),
        LedgerEntry(account=house_account(), amount=cyd.coins + 7, settlement_key="overdraw")])
    LedgerEntry.objects.create(account=cyd, amount=7, settlement_key="refill")
    LedgerEntry.objects.create(account=house_account(), amount=-7, settlement_key="refill")
    for account in (cyd, house_account()):
        User.objects.filter(pk=account.pk).update(coins=LedgerEntry.objects.balance_of(account))
    problems = ledger_problems()
    assert len(problems) == 1 and problems[0].startswith(f"account {cyd.pk} goes below zero (-7)"), problems


@pytest.mark.django_db
def test_a_hand_settled_twice_is_found(settled):
    hand_entry = LedgerEntry.objects.filter(hand__isnull=False).first()
    ann, bob = settled[:2]
    ledger_settle(f"hand:{hand_entry.hand_id}:again", {ann: 1, bob: -1}, hand=hand_entry.hand)
    assert ledger_problems() == [f"hand {hand_entry.hand_id} is settled under 2 settlement keys"]

"""The sign-in bonus and a task reward claimed twice at the same moment (two tabs, a double click, two
processes) pay once, in real concurrent transactions: skipped on SQLite, run in the PostgreSQL pass."""
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.utils import timezone

from money.models import DailyTask, SignInReward, TaskProgress
from money.models import LedgerEntry
from money import rewards

TRIALS = 10


def race(user, claim) -> list[int]:
    """Run claim(user) in two threads with their own connections, released together by a barrier."""
    barrier = threading.Barrier(2)

    def one(_):
        try:
            barrier.wait(timeout=10)
            return claim(type(user).objects.get(pk=user.pk))
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        return sorted(pool.map(one, range(2)))  # re-raises any exception


@pytest.fixture
def two_writers(db):
    if connection.vendor == "sqlite":
        pytest.skip("the in-memory SQLite test database takes one writer; the PostgreSQL pass runs this")


@pytest.mark.django_db(transaction=True)
def test_two_sign_ins_at_the_same_moment_pay_once(two_writers, make_user):
    SignInReward.objects.get_or_create(day=1, defaults={"coins": 50})
    for trial in range(TRIALS):
        user = make_user(f"signer{trial}")
        assert race(user, lambda u: rewards.signin_claim(user=u)) == [0, 50], f"trial {trial}"
        assert LedgerEntry.objects.filter(account=user, settlement_key__startswith="signin:").count() == 1
        user.refresh_from_db()
        assert user.coins == LedgerEntry.objects.balance_of(user) == 2050


@pytest.mark.django_db(transaction=True)
def test_two_claims_of_one_task_reward_at_the_same_moment_pay_once(two_writers, make_user):
    task = DailyTask.objects.create(kind="play", hands=1, reward=120)
    for trial in range(TRIALS):
        user = make_user(f"tasker{trial}")
        TaskProgress.objects.create(user=user, task=task, day=timezone.localdate(), count=1)
        assert race(user, lambda u: rewards.task_claim(user=u, task_id=task.pk)) == [0, 120], f"trial {trial}"
        assert LedgerEntry.objects.filter(account=user, settlement_key__startswith="task:").count() == 1
        user.refresh_from_db()
        assert user.coins == LedgerEntry.objects.balance_of(user) == 2120

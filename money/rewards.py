"""Coins the house pays outside a hand: the daily sign-in bonus, daily task rewards, and an admin's grant
(or removal) of coins. Each is one ledger settlement under a key that names it, taken with the person's
user row locked, so a double click, two tabs or a resent form pay once."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from money.selectors import signin_offer
from money.models import CoinGrant, SignIn, TaskProgress
from accounts.models import User

from money.errors import DuplicateSettlement, LedgerError
from games.errors import Refused
from money.ledger import house_account, ledger_settle, publish_coins
from games.table_owner import person_changed


def _lock(user: User) -> None:
    User.objects.select_for_update().filter(pk=user.pk).first()  # one payment at a time per person
    user.refresh_from_db(fields=["coins"])


def _pay(key: str, user: User, amount: int, record) -> bool:
    """Write `record()` and the house's payment together (a savepoint): False when either existed."""
    try:
        with transaction.atomic():
            record()
            ledger_settle(key, {user: amount, house_account(): -amount})
    except (IntegrityError, DuplicateSettlement):  # a concurrent twin of this request was first
        return False
    publish_coins([user.pk])
    person_changed(user.pk)
    return True


@transaction.atomic
def signin_claim(*, user: User, now=None) -> int:
    """Today's sign-in bonus (once per local day of TIME_ZONE, under the key signin:<user>:<day>): the
    coins of the streak's day, the streak one longer than yesterday's or 1 after a missed day. Returns
    the coins paid; 0 when today's was paid already."""
    _lock(user)
    day = timezone.localdate(now)
    offer = signin_offer(user, day)
    if offer is None:
        raise Refused(_("There is no sign-in bonus."))
    if offer["claimed"]:
        return 0
    coins = offer["coins"]
    paid = _pay(f"signin:{user.pk}:{day.isoformat()}", user, coins,
                lambda: SignIn.objects.create(user=user, day=day, streak=offer["streak"], coins=coins))
    return coins if paid else 0


@transaction.atomic
def task_claim(*, user: User, task_id: int, now=None) -> int:
    """The reward of one of today's daily tasks the person has done, once (key task:<user>:<task>:<day>).
    Returns the coins paid; 0 when it was paid already."""
    _lock(user)
    day = timezone.localdate(now)
    progress = (TaskProgress.objects.select_for_update().select_related("task")
                .filter(user=user, task_id=task_id, day=day).first())
    if progress is None or progress.count < progress.task.hands:
        raise Refused(_("This task is not done yet."))
    if progress.claimed:
        return 0
    reward = progress.task.reward

    def record():
        TaskProgress.objects.filter(pk=progress.pk).update(claimed=True)

    return reward if _pay(f"task:{user.pk}:{task_id}:{day.isoformat()}", user, reward, record) else 0


@transaction.atomic
def coins_grant(*, user: User, amount: int, reason: str, by: User, token: str) -> CoinGrant | None:
    """An admin gives (amount > 0) or takes (< 0) coins, with a reason: one settlement against the house
    under grant:<token> (the form's token, so a resent form pays once). None when it was applied already."""
    if not amount or not reason.strip():
        raise Refused(_("A grant needs an amount other than zero and a reason."))
    _lock(user)
    if user.coins + amount < 0:
        raise Refused(_("The player has only %(coins)s coins.") % {"coins": user.coins})
    key = f"grant:{token}"
    grant = CoinGrant(settlement_key=key, user=user, amount=amount, reason=reason.strip(), by=by)
    try:
        return grant if _pay(key, user, amount, grant.save) else None
    except LedgerError as e:
        raise Refused(str(e)) from None


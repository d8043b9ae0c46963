"""The relief grant (救济金, R11 free coins): coins the house pays a player who cannot afford any room,
a few times a day, through the ledger."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.errors import Refused
from games.table_owner import person_changed
from money.errors import DuplicateSettlement
from money.ledger import house_account, ledger_settle, publish_coins
from money.models import LedgerEntry
from money.selectors import relief_key_prefix, relief_offer


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

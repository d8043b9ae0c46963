"""Sharing a replay: a player of a finished hand makes its replay public, for this hand only. It is
public once every person at the hand allowed it (their settings, or this share), so one player's
share never opens another person's cards to strangers against their settings."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import ActionLog, Hand, HandAnalysis
from games.errors import Refused


@transaction.atomic
def replay_share(*, hand: Hand, user) -> None:
    """The player agrees to this hand's replay being public (the page asked them first)."""
    if not hand.finished or not hand.players.filter(pk=user.pk).exists():
        raise Refused(_("Only a player of this hand can share its replay."))
    hand.shared_by.add(user)


@transaction.atomic
def analysis_request(*, hand: Hand) -> HandAnalysis:
    """The replay page asks for the hard bot's analysis of a finished hand: made once (the row is its
    cache), computed by the sweeper's analysis worker, never in the request (games.clock.searches)."""
    if not hand.finished:
        raise Refused(_("Only a finished hand can be analysed."))
    analysis, _created = HandAnalysis.objects.get_or_create(
        hand=hand, defaults={"total": ActionLog.objects.filter(hand=hand).count()})
    return analysis

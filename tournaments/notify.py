"""After commit, tell a tournament's pages (tournaments.live) that it changed: a thin event, each socket
renders its own (docs/design.md#publish-after-commit)."""
from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

TYPE = "tournament.changed"


def changed(tournament_id: int) -> None:
    transaction.on_commit(lambda: async_to_sync(get_channel_layer().group_send)(
        f"tournament.{tournament_id}", {"type": TYPE}))

"""Notify after commit (DESIGN: send to the channel layer only after commit, or consumers read stale
rows): a thin event; each consumer renders its own view."""
from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def table_changed(table_id: int) -> None:
    """After commit, tell the table's consumers that something changed."""
    transaction.on_commit(lambda: _group_send(f"table.{table_id}", "table.changed"))


def user_changed(user_id: int) -> None:
    """After commit, tell the user's pages that their account (coins) changed."""
    transaction.on_commit(lambda: _group_send(f"user.{user_id}", "user.changed"))


def _group_send(group: str, kind: str) -> None:
    async_to_sync(get_channel_layer().group_send)(group, {"type": kind})

"""Quick chat at the table (快捷语): a fixed set of phrases and emoji, never free text
(docs/protocol.md#quick-chat).

A seat's socket sends a phrase's id; the seat may say one every CHAT_SECONDS, over all its sockets and
processes (one key per seat in Django's cache: Redis when scaled). The say goes to the group
`table.<id>` as a thin event (games.events.TableChat: the seat and the id, no text), and each socket there, seats and
spectators, renders it in its own page's language. Nothing is stored and no table version is counted:
a say is not a change of the table (docs/design.md#one-read-per-change), so it cannot disturb versions,
move numbers or the latest read.
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

# id → the words shown (translated at the viewer's edge); the ids are the wire's (games.live.messages).
PHRASES = {
    "hurry": _("Hurry up, the flowers have wilted waiting for you"),
    "nice": _("You play your cards really well"),
    "stay": _("Don't go, let's play till dawn"),
    "net": _("Disconnected again, what a bad network"),
}
# Faces of Unicode's emoticons block: every phone has them, and so has DejaVu Sans where no emoji font is.
EMOJI = {"smile": "😄", "laugh": "😂", "cry": "😭", "angry": "😠", "shock": "😱"}
IDS = tuple(PHRASES) + tuple(EMOJI)


def text(phrase: str) -> str:
    """What a say shows, in the active language."""
    return EMOJI.get(phrase) or str(PHRASES[phrase])


def choices() -> list[dict]:
    """The picker's buttons, phrases first."""
    return [{"id": p, "text": text(p), "emoji": p in EMOJI} for p in IDS]


def turn_take(table_id: int, position: int) -> bool:
    """Whether the seat may say something now (and then it may not for CHAT_SECONDS): atomic over every
    process (cache.add is Redis SET NX, or the local cache's lock)."""
    return cache.add(f"chat:{table_id}:{position}", 1, settings.CHAT_SECONDS)


"""The level table as pages read it (R11 levels and `002`'s titles): kept in Django's cache, since every
table fragment with a player's title reads it; saving or deleting a row forgets it.

Each seat of each frame reads it, so a process also keeps it in memory for LOCAL_SECONDS: with Redis as
the cache a read is a round trip, and one per seat was a fifth of a move's database thread (profiled,
bench/load.py on PostgreSQL + Redis). An admin's edit shows at once in the process that made it and
within LOCAL_SECONDS in the others.
"""
from __future__ import annotations

import time
from collections.abc import Sequence

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from money.models import Level
from paohuzi_site.names import shown_name

CACHE_KEY = "levels:table"
CACHE_SECONDS = 300
LOCAL_SECONDS = 10
_local: dict = {}  # "rows", and "until" (time.monotonic()) they are kept in this process


def level_for(experience: int, needed: Sequence[int]) -> int:
    """The level of this much experience (R11 gives experience per hand): how many rows of the level
    table (`needed`, the experience of each) it has reached; level 1 at least."""
    return max(1, sum(1 for n in needed if experience >= n))


def level_table() -> list[dict]:
    """The rows {experience, title, name_en, colour}, fewest experience first."""
    if _local.get("until", 0) < time.monotonic():
        _local["rows"] = cache.get_or_set(
            CACHE_KEY, lambda: list(Level.objects.values("experience", "title", "name_en", "colour")),
            CACHE_SECONDS)
        _local["until"] = time.monotonic() + LOCAL_SECONDS
    return _local["rows"]


def rank(experience: int, table: list[dict] | None = None) -> dict:
    """The level this much experience reaches, its title in the active language (paohuzi_site.names) and
    badge colour (empty without a table), and the experience the next level needs (None at the top)."""
    table = level_table() if table is None else table
    level = level_for(experience, [row["experience"] for row in table])
    row = table[level - 1] if table else {"title": "", "colour": ""}
    after = table[level]["experience"] if level < len(table) else None
    english = row.get("name_en", "")  # (a cache filled before money.0002 holds rows without it)
    return {"level": level, "title": shown_name(row["title"], english), "colour": row["colour"],
            "ink": ink(row["colour"]), "next": after}


DARK, LIGHT = "#000000", "#ffffff"  # one of the two reaches 4.58:1 on any colour


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of #rrggbb."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink(colour: str) -> str:
    """The title's text colour on a badge of this colour (the admin picks any): dark or white, whichever
    reads better (WCAG AA wants 4.5:1; white on #b8860b is 3.3:1). Empty: the site's grey badge."""
    if not colour:
        return ""
    return LIGHT if contrast(LIGHT, colour) >= contrast(DARK, colour) else DARK


@receiver([post_save, post_delete], sender=Level)
def _forget(**kwargs) -> None:
    forget()


def forget() -> None:
    """Read the table anew next time (a row changed; tests: a new test's rows)."""
    cache.delete(CACHE_KEY)
    _local.clear()

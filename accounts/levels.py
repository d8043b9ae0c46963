"""The level table as pages read it (R11 levels and `002`'s titles): kept in Django's cache, since every
table fragment with a player's title reads it; saving or deleting a row forgets it."""
from __future__ import annotations

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import Level, level_for

CACHE_KEY = "levels:table"
CACHE_SECONDS = 300


def level_table() -> list[dict]:
    """The rows {experience, title, colour}, fewest experience first."""
    return cache.get_or_set(CACHE_KEY, lambda: list(Level.objects.values("experience", "title", "colour")),
                            CACHE_SECONDS)


def rank(experience: int, table: list[dict] | None = None) -> dict:
    """The level this much experience reaches, its title and badge colour (empty without a table), and
    the experience the next level needs (None at the top)."""
    table = level_table() if table is None else table
    level = level_for(experience, [row["experience"] for row in table])
    row = table[level - 1] if table else {"title": "", "colour": ""}
    after = table[level]["experience"] if level < len(table) else None
    return {"level": level, "title": row["title"], "colour": row["colour"], "next": after}


@receiver([post_save, post_delete], sender=Level)
def _forget(**kwargs) -> None:
    cache.delete(CACHE_KEY)

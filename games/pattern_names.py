"""A win's pattern names (名堂, R8.2) in the page's language (docs/design.md#display-names). A win — the
engine's, a hand's stored result — names its patterns by the Chinese name of its variant's rows; an
English page shows the row's `name_en` instead when it has one. The map {variant slug: {name: name_en}}
is kept in Django's cache (read only on English pages); saving or deleting a row forgets it."""
from __future__ import annotations

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from games.models import VariantPattern
from paohuzi_site.names import is_english, shown_name

CACHE_KEY = "patterns:english"
CACHE_SECONDS = 300


def english_names() -> dict[str, dict[str, str]]:
    """Each variant's pattern rows that have an English name: {slug: {name: name_en}}."""
    def read() -> dict[str, dict[str, str]]:
        names: dict[str, dict[str, str]] = {}
        for slug, name, english in VariantPattern.objects.exclude(name_en="").values_list(
                "variant__slug", "name", "name_en"):
            names.setdefault(slug, {})[name] = english
        return names
    return cache.get_or_set(CACHE_KEY, read, CACHE_SECONDS)


def shown_pattern(name: str, variant: str = "") -> str:
    """A pattern's name as the active language reads it: `variant` (a slug) is the win's; without one (a
    daily task's pattern) any variant's English name for that Chinese name."""
    if not is_english():
        return name
    names = english_names()
    rows = [names.get(variant, {})] if variant else list(names.values())
    return shown_name(name, next((row[name] for row in rows if row.get(name)), ""))


@receiver([post_save, post_delete], sender=VariantPattern)
def forget(**kwargs) -> None:
    """Read the names anew next time (a row changed; tests: a new test's rows)."""
    cache.delete(CACHE_KEY)

"""Display names (docs/design.md#display-names): the rows of the admin that players read by name — a
variant, a room tier, a level's title — keep their Chinese name in one column and may have an English one
in `name_en`; a page in English shows the English name when there is one, every other page the Chinese.

Site plumbing that the models of games and money use (tests/test_import_boundaries.py: layer "identity").
"""
from __future__ import annotations

from django.db import models
from django.utils.translation import get_language, gettext_lazy as _


def is_english(language: str | None = None) -> bool:
    """The language (by default the active one: the request's, a socket's, an override's) is English."""
    language = (get_language() if language is None else language) or ""
    return language == "en" or language.startswith("en-")


def shown_name(name: str, name_en: str, language: str | None = None) -> str:
    """The name a page in `language` shows: the English one on an English page when it is not empty,
    otherwise the Chinese."""
    return name_en if name_en and is_english(language) else name


def name_en_field(max_length: int, verbose_name=_("English name")) -> models.CharField:
    """The optional English name of a model with ShownName."""
    return models.CharField(verbose_name, max_length=max_length, blank=True,
                            help_text=_("Shown on pages in English instead of the Chinese name. Empty: "
                                        "they show the Chinese name too."))


class ShownName:
    """A model whose Chinese name is the column NAME_FIELD and whose English name is `name_en`: `shown` is
    the one the active language reads, and so is str() (templates, forms' choices, the admin's lists)."""

    NAME_FIELD = "name"

    @property
    def shown(self) -> str:
        return shown_name(getattr(self, self.NAME_FIELD), self.name_en)

    def __str__(self) -> str:
        return self.shown

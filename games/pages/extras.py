"""Panels that apps above games add to its pages (a tournament's line at its tables, the tournaments
in the lobby), so games imports none of them: an app registers `panel(request, **context) -> str`
(already rendered HTML, or "") for a place in its AppConfig.ready."""
from __future__ import annotations

from django.utils.safestring import mark_safe

PLACES = ("lobby", "table")
_PANELS: dict[str, list] = {place: [] for place in PLACES}


def panel_add(place: str, panel) -> None:
    if panel not in _PANELS[place]:
        _PANELS[place].append(panel)


def panels(place: str, request, **context) -> str:
    """The registered panels of the place, rendered in order of registration."""
    return mark_safe("".join(panel(request, **context) for panel in _PANELS[place]))

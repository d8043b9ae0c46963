"""The engine's refusals in the page's language (docs/design.md#refusals-are-codes-translated-at-the-edge).
`text(error)` turns any games.rules error (IllegalAction, InvalidAction, RuleSetError, BadInput)
or a NoWin's `why` into a sentence through gettext, with the card faces in it; never engine English on a
Chinese page, never a rule number. Each module here holds the messages of one kind of refusal.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from . import fair, moves, rulesets

CATALOGUES = {**moves.MESSAGES, **rulesets.MESSAGES, **fair.MESSAGES}  # (error class name, code) → lazy message


def text(error) -> str:
    """The error's sentence in the active language. An unknown code (a new one nobody translated:
    tests/games/test_reasons.py forbids that) falls back to a general sentence, not to English."""
    message = CATALOGUES.get((type(error).__name__, getattr(error, "code", None)))
    if message is None:
        return _("That is not possible now.")
    return str(message) % getattr(error, "params", {})

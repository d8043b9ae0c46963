"""Cards and group names on the page: card faces from the engine's text notation (R1), translated
names of groups (R3) and of the moves in a seat's log. What is markup is a SafeString (format_html's,
or of fixed text); a name is plain text, escaped where it is printed."""
from functools import lru_cache
from typing import NamedTuple

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games import pattern_names
from games.rules import cards as C

register = template.Library()

KIND_LABELS = {
    "sentence": _("sentence"), "jiao": _("jiao"), "kan": _("kan"), "peng": _("peng"), "wei": _("wei"),
    "chouwei": _("chou-wei"), "pao": _("pao"), "ti": _("ti"), "jiang": _("jiang"),
}
MOVE_LABELS = {
    "show": _("shows"), "draw": _("draws"), "discard": _("discards"), "ti": _("ti"), "wei": _("wei"),
    "chouwei": _("chou-wei"), "pao": _("pao"), "peng": _("peng"), "chi": _("chi"), "bi": _("bi"),
    "hu": _("hu!"), "drawn_hand": _("drawn hand: the stock is empty"), "pass": _("passes"),
}


def card_class(k: int) -> str:
    return "card" + (" red" if C.is_red(k) else "") + (" big" if C.is_big(k) else "")


# Every frame that changes a hand or a table group prints cards: one lookup per card, not a render each.
_CLASS = {C.char(k): escape(card_class(k)) for k in C.KINDS}
_NONE = SafeString("")
_FACE = {C.char(k): format_html('<i class="{}">{}</i>', card_class(k), C.char(k)) for k in C.KINDS}


@register.filter
def cardclass(char: str) -> str:
    """A card's classes: markup, made once, for a card of the engine's (a frame prints one a card)."""
    return _CLASS.get(char) or card_class(C.parse_card(char))


@register.filter
def cardfaces(text: str | None) -> SafeString:
    """Card text such as 二七十 as card faces (red cards marked, R1); in the order given."""
    if not text:
        return _NONE
    if all(ch in _FACE for ch in text):
        return SafeString("".join(_FACE[ch] for ch in text))  # each face was escaped when it was made
    return SafeString("".join(_FACE[C.char(k)] for k in C.parse(text)))


@register.filter
def card_label(char: str) -> str:
    """A big card's name for screen readers (五 and 伍 sound alike): ' aria-label="大伍"'; small
    cards read as they are (kept out of their markup: the hand is in every frame that changes it)."""
    return labels(get_language()).cards.get(char, "")


@register.filter
def facedown(count) -> SafeString:
    return SafeString('<i class="card back"></i>' * int(count or 0))  # the group's title names its kind


@register.filter
def kind_label(kind: str) -> str:
    return labels(get_language()).kinds.get(kind, kind)


@register.filter
def move_label(move: str) -> str:
    return labels(get_language()).moves.get(move, move)


class Labels(NamedTuple):
    kinds: dict[str, str]  # KIND_LABELS
    moves: dict[str, str]  # MOVE_LABELS
    cards: dict[str, SafeString]  # card face → card_label's attribute ("" for a small card)


@lru_cache(maxsize=16)
def labels(language: str | None) -> Labels:
    """The names above in the active language (the key: a caller that prints many asks it once),
    translated once per language, not once per group, row or card."""
    cards = {C.char(k): format_html(' aria-label="{}"', _("big %(card)s") % {"card": C.char(k)}) if C.is_big(k)
             else _NONE for k in C.KINDS}
    return Labels({k: str(v) for k, v in KIND_LABELS.items()}, {k: str(v) for k, v in MOVE_LABELS.items()}, cards)


@register.simple_tag
def send_fields(op: str = "act", action: str = "") -> SafeString:
    """Hidden inputs of a ws-send form: what the consumer reads (op, action); table.js adds the move
    number from #table-version."""
    html = format_html('<input type="hidden" name="op" value="{}">', op)
    if action:
        html += format_html('<input type="hidden" name="action" value="{}">', action)
    return html


@register.filter
def shown_pattern(name: str, variant: str = "") -> str:
    """A win's pattern name in the page's language (games.pattern_names; `variant`: the win's slug)."""
    return pattern_names.shown_pattern(name, variant)

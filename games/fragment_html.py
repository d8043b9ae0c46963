"""The markup of the parts a table frame carries on nearly every move, built in Python: the version
element, the log's new rows and the hand's cards. Django's template engine costs a tenth of a
millisecond a render before any markup (bench/bench_table.py --cpu), these cost a few microseconds;
the rest of every fragment stays a template (games/templates/games/).

Values are escaped here as a template would (conditional_escape); card faces come pre-escaped from
games_cards.
"""
from __future__ import annotations

from django.utils.html import conditional_escape as esc
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .templatetags.games_cards import card_label, cardclass, cardfaces, facedown, move_label


def _opt(value) -> str:
    return "" if value is None else esc(value)


def version(d: dict, oob: bool) -> SafeString:
    """#table-version: the version shown, the version diffed against and the move number (table.js)."""
    return mark_safe(f'<span id="table-version" hidden data-version="{esc(d["version"])}" '
                     f'data-base="{_opt(d["base"])}" data-move-no="{_opt(d["move_no"])}"'
                     f'{_OOB if oob else ""}></span>')


def log_rows(events: list[dict]) -> SafeString:
    """The log's rows, newest first as given: who, the move's name, the cards shown and face down."""
    return mark_safe("".join(f'<li class="move-{esc(e["move"])}"><b>{esc(e["who"])}</b> '
                             f'{esc(move_label(e["move"]))} {cardfaces(e.get("cards"))}{facedown(e.get("down"))}</li>'
                             for e in events))


def log_new(d: dict, oob: bool = True) -> SafeString:
    """The rows a socket has not been sent yet, added at the top of its log by htmx."""
    return mark_safe(f'<ul id="event-log-new" hx-swap-oob="afterbegin:#event-log-list">{log_rows(d["events"])}</ul>')


def hand_columns(d: dict) -> SafeString:
    """The own hand's columns: a card that may be discarded is a button of the hand's one ws-send form
    (its value the discard), the others faces; a kan is marked never to be split, and a discard that
    keeps the hand ready (the hints) is marked too."""
    ready = set(d["hints"]["ready_discards"]) if d.get("hints") else ()
    kan_title = esc(_("kan: never split"))
    out = ['<div class="columns">']
    for col in d["columns"]:
        out.append('<div class="column">')
        for c in col["cards"]:
            card, label = esc(c["card"]), card_label(c["card"])
            cls, ready_mark = cardclass(c["card"]), " keeps-ready" if c["card"] in ready else ""
            if c["discard"]:
                out.append(f'<button name="action" value="discard {card}" class="{cls}{ready_mark}"{label}>{card}</button>')
            elif c["kan"]:
                out.append(f'<span class="{cls} kan{ready_mark}" title="{kan_title}"{label}>{card}</span>')
            else:
                out.append(f'<span class="{cls}{ready_mark}"{label}>{card}</span>')
        out.append("</div>")
    out.append("</div>")
    return mark_safe("".join(out))


_OOB = ' hx-swap-oob="true"'

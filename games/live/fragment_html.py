"""The markup of the parts a table frame carries on nearly every move, built in Python: the version
element, the seats, the table's status, the log's new rows, the own hand with its winning-card hints,
the actions bar and a person's title.
Django's template engine costs a tenth of a millisecond a render before any markup, these a few
microseconds (bench/bench_templates.py); what changes only between hands stays a template
(games/templates/games/: the room's line, the fairness box, the full log, the result panel).

Escaping goes by type, as in a template: markup is a SafeString; anything else (a name, a title, an
invite code, a translated word, a number) is plain text, escaped where it meets markup. Markup is made
only as SafeString of a literal, of an f-string whose every hole is `esc(…)`/`_opt(…)` or a literal, or
of a literal's join of such f-strings (tests/games/test_fragment_html_escaping.py reads this module to
check); by `_join` (markup kept, a plain str among the parts escaped) and `_tr` (a translated message
and its values escaped); and by games_cards (faces, fields: format_html). SafeStrings are made directly:
mark_safe's lazy-string check costs as much as a short fragment's markup. What a move prints again
and again (a button, a title, a card of the hand) is made once per language and looked up.
Words are translated outside the f-strings: makemessages (xgettext) does not look inside one, and a
message it does not see leaves the catalogue (tests/test_chinese_polish.py checks).
"""
from __future__ import annotations

import html
import re
from collections.abc import Iterable
from functools import lru_cache

from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.live import chat
from games.rules import cards as C
from games.templatetags.games_cards import cardclass, cardfaces, facedown, labels, send_fields
from games.templatetags.games_numbers import signed


def esc(value) -> str:
    """A value in a hole of this module's markup: markup as it is, anything else escaped as
    conditional_escape does, without its decorator's lazy-string check (three quarters of its time, a
    hundred calls a move). Only ever in a hole: for plain text it returns a plain str, kept nowhere."""
    cls = value.__class__
    if cls is SafeString:
        return value
    if cls is str:
        return html.escape(value)
    if cls is int:  # a count or a number: nothing to escape
        return str(value)
    as_html = getattr(value, "__html__", None)
    return as_html() if as_html is not None else html.escape(str(value))


def _opt(value) -> str:
    return "" if value is None else esc(value)


_NONE, _NL, _PLUS = SafeString(""), SafeString("\n"), SafeString(" + ")
_OOB = SafeString(' hx-swap-oob="true"')
_DIV_END, _SECTION_END = SafeString("</div>"), SafeString("</section>\n")
# The private room owner's bot buttons: (level sent, element id, word) (games.bots.LEVELS)
_BOT_LEVELS = (("easy", "fill-bots-easy", "bots_easy"), ("normal", "fill-bots", "bots_normal"),
               ("hard", "fill-bots-hard", "bots_hard"))
_HEADER_END, _STATUS_LINE = SafeString("</header>"), SafeString('<div class="status" id="status-line">')


def _join(parts: Iterable, sep: SafeString = _NONE) -> SafeString:
    """The parts in order, the empty ones left out: markup as it is, a plain str escaped."""
    return SafeString(esc(sep).join([part if part.__class__ is SafeString else esc(part) for part in parts if part]))


def _tr(message: str, **values) -> SafeString:
    """A translated message with its placeholders filled: the message and the values escaped."""
    for key, value in values.items():
        values[key] = esc(value)
    return SafeString(_escaped(message) % values)


_escaped = lru_cache(maxsize=256)(html.escape)  # a message: escaped once, not on every render


def version(d: dict, oob: bool) -> SafeString:
    """#table-version: the version shown, the version diffed against and the move number (table.js)."""
    return SafeString(f'<span id="table-version" hidden data-version="{esc(d["version"])}" '
                      f'data-base="{_opt(d["base"])}" data-move-no="{_opt(d["move_no"])}"'
                      f'{_OOB if oob else ""}></span>')


def log_rows(events: list[dict]) -> SafeString:
    """The log's rows, newest first as given: who, the move's name, the cards shown and face down."""
    moves = labels(get_language()).moves
    return SafeString("".join(f'<li class="move-{esc(e["move"])}"><b>{esc(e["who"])}</b> '
                              f'{esc(moves.get(e["move"], e["move"]))} {esc(cardfaces(e.get("cards")))}'
                              f'{esc(facedown(e.get("down")))}</li>' for e in events))


def log_new(d: dict, oob: bool = True) -> SafeString:
    """The rows a socket has not been sent yet, added at the top of its log by htmx (always out of
    band: `oob` is there for fragments.render's (data, oob) call)."""
    return SafeString(f'<ul id="event-log-new" hx-swap-oob="afterbegin:#event-log-list">'
                      f'{esc(log_rows(d["events"]))}</ul>')


def my_hand(d: dict, oob: bool) -> SafeString:
    """#my-hand: the winning-card hints when the hand is ready, the own hand's one ws-send form (its
    columns), and the cards the seat passed on."""
    words = _words(get_language())
    lines = [SafeString(f'<section id="my-hand" class="my-hand" aria-label="{esc(words["your_hand"])}" '
                        f'data-cards="{esc(d["text"])}" data-hand="{_opt(d.get("hand"))}" '
                        f'data-seat="{_opt(d.get("seat"))}"{_OOB if oob else ""}>')]
    if d.get("hints"):  # above the columns: below them, a phone's decision bar would cover the line
        lines.append(hints(d["hints"]))
    lines.append(SafeString(f'<form ws-send{_DISCARD_FORM if d.get("discard") else ""}>{esc(send_fields("act"))}'
                            f'{esc(hand_columns(d))}</form>'))
    if d.get("passed"):
        lines.append(SafeString(f'<div class="passed">{esc(words["passed"])}{esc(words["colon"])}'
                                f'{esc(cardfaces(d["passed"]))}</div>'))
    lines.append(_SECTION_END)
    return _join(lines, _NL)


_DISCARD_FORM = SafeString(' class="discard"')


def squeeze(html: SafeString) -> SafeString:
    """A template's output with its line breaks and indentation cut to one line break each (the page
    reads the same: no fragment has a <pre> or a <textarea>); a fifth of a frame's bytes."""
    return SafeString(_INDENT.sub("\n", esc(html)))


_INDENT = re.compile(r"\s*\n\s*")


def hand_columns(d: dict) -> SafeString:
    """The own hand's columns of cards (_hand_cards; a card not of the engine's is a KeyError)."""
    ready = set(d["hints"]["ready_discards"]) if d.get("hints") else ()
    made = _hand_cards(get_language())
    columns = SafeString("".join(
        f'<div class="column">{esc(_join([made[c["card"], c["discard"], c["kan"], c["card"] in ready] for c in col["cards"]]))}</div>'
        for col in d["columns"]))
    return SafeString(f'<div class="columns">{esc(columns)}</div>')


@lru_cache(maxsize=16)
def _hand_cards(language: str | None) -> dict[tuple, SafeString]:
    """Each card of the own hand as it may be printed, by (card, may be discarded, in a kan, keeps the
    hand ready): made once per language, looked up for each card of each frame."""
    return {(C.char(k), discard, kan, ready): _hand_card(C.char(k), discard, kan, ready, language)
            for k in C.KINDS for discard in (False, True) for kan in (False, True) for ready in (False, True)}


def _hand_card(card: str, discard: bool, kan: bool, keeps_ready: bool, language: str | None) -> SafeString:
    """A card that may be discarded is a button of the hand's one ws-send form (its value the discard),
    the others faces; a kan is marked never to be split, and a discard that keeps the hand ready (the
    hints) is marked too."""
    label = labels(language).cards.get(card, _NONE)
    if discard:
        return SafeString(f'<button name="action" value="discard {esc(card)}" class="{esc(cardclass(card))}'
                          f'{" keeps-ready" if keeps_ready else ""}"{esc(label)}>{esc(card)}</button>')
    if kan:
        return SafeString(f'<span class="{esc(cardclass(card))} kan{" keeps-ready" if keeps_ready else ""}" '
                          f'title="{esc(_words(language)["kan_title"])}"{esc(label)}>{esc(card)}</span>')
    return SafeString(f'<span class="{esc(cardclass(card))}{" keeps-ready" if keeps_ready else ""}"{esc(label)}>'
                      f'{esc(card)}</span>')


def hints(h: dict) -> SafeString:
    """The winning-card hints (games.hints): each card that wins with its hu-xi (one figure, or one per
    source when they differ) and the copies left; or the discards that keep the hand ready."""
    words = _words(get_language())
    lines = [SafeString('<div class="hints" role="note">')]
    if h["wins"]:
        cards = []
        for w in h["wins"]:
            if w["huxi"] is not None:
                huxi = [_tr(_("%(huxi)s hu-xi"), huxi=w["huxi"])]
            else:
                huxi = [_way(way) for way in w["ways"]]
            left = _tr(_("%(left)s left"), left=w["left"])
            figures = SafeString("".join(f'<span class="hint-huxi">{esc(text)}</span>' for text in huxi))
            cards.append(SafeString(f'<span class="hint">{esc(cardfaces(w["card"]))}\n{esc(figures)}\n'
                                    f'<span class="hint-left">{esc(left)}</span></span>'))
        lines.append(SafeString(f'<p class="hint-wins"><strong>{esc(words["ready_wins"])}</strong>\n'
                                f'{esc(_join(cards))}</p>'))
    if h["ready_discards"]:
        faces = _join(cardfaces(c) for c in h["ready_discards"])
        lines.append(SafeString(f'<p class="hint-ready"><strong>{esc(words["stay_ready"])}</strong> {esc(faces)}</p>'))
    lines.append(_DIV_END)
    return _join(lines, _NL)


def _way(way: dict) -> SafeString:
    """A winning card's hu-xi from one source (R7.3)."""
    if way["source"] == "own_draw":
        return _tr(_("your draw %(huxi)s hu-xi"), huxi=way["huxi"])
    if way["source"] == "other_draw":
        return _tr(_("turned up by others %(huxi)s hu-xi"), huxi=way["huxi"])
    return _tr(_("discarded %(huxi)s hu-xi"), huxi=way["huxi"])


def actions(d: dict, oob: bool) -> SafeString:
    """#actions: while a hand is played, the seat's moves (hu, peng, the chi choices as a tree, pass, the
    discard hint) and auto-play; a waiting room's invite; a private room's dissolve vote."""
    w = _words(get_language())
    lines = [SafeString(f'<section id="actions" class="actions"{_OOB if oob else ""}>')]
    if d.get("playing"):
        lines += _moves(d, w)
    if d.get("invite"):
        lines += [SafeString(f'<div class="invite">{esc(w["invite"])}{esc(w["colon"])}'
                             f'<b id="invite-code">{esc(d["invite"])}</b> ·'),
                  SafeString(f'{esc(w["share"])}{esc(w["colon"])}<input readonly value="{esc(d["link"])}" '
                             'id="invite-link" size="36" onclick="this.select()">'),
                  _invite_buttons(d["link"], w)]
        if d.get("owner"):
            lines += [SafeString(f'<div class="fill-bots">{esc(w["fill_bots"])}{esc(w["colon"])}'),
                      *(_button("bots", level, "button", element_id, w[word]) for level, element_id, word in _BOT_LEVELS),
                      _DIV_END]
        lines.append(_DIV_END)
    if d.get("can_vote"):
        lines += [_VOTE_OPEN if d["vote_open"] else _VOTE, *_vote(d, w), _DIV_END]
    lines.append(_SECTION_END)
    return _join(lines, _NL)


def _invite_buttons(link: str, w: dict[str, SafeString]) -> SafeString:
    """Copy the link (js/share.js: the clipboard, else the selected box; says 已复制), and share it where
    the browser can (navigator.share; the button stays hidden elsewhere)."""
    return SafeString(
        f'<button type="button" class="button" id="invite-copy" data-copy="#invite-link" '
        f'data-copied="{esc(w["copied"])}">{esc(w["copy"])}</button>\n'
        f'<button type="button" class="button share-button" id="invite-share" data-share-url="{esc(link)}" '
        f'data-share-title="{esc(w["share_title"])}">{esc(w["share_button"])}</button>')


@lru_cache(maxsize=256, typed=True)  # typed: a plain str and markup that read alike are not one key
def _button(op: str, action: str, cls: str, element_id: str, text: str) -> SafeString:
    """A ws-send form of one button (made once per move and language); `text` plain (escaped here) or
    markup (card faces)."""
    element_id = SafeString(f' id="{esc(element_id)}"') if element_id else _NONE
    return SafeString(f'<form ws-send class="inline">{esc(send_fields(op, action))}<button type="submit" '
                      f'class="{esc(cls)}"{esc(element_id)}>{esc(text)}</button></form>')


def _moves(d: dict, w: dict[str, SafeString]) -> list[SafeString]:
    bar = d.get("hu") or d.get("peng") or d.get("chi") or d.get("pass_") or d.get("discard")
    lines = [SafeString('<div class="moves bar" id="action-bar">' if bar else '<div class="moves">')]
    if d.get("hu"):
        lines.append(_button("act", "hu", "button primary", "act-hu", w["hu"]))
    if d.get("peng"):
        lines.append(_button("act", "peng", "button", "act-peng", w["peng"]))
    if d.get("chi"):
        rows = SafeString("".join(f'<div class="chi-row">\n{esc(_chi_row(g, w))}\n</div>' for g in d["chi"]))
        lines.append(SafeString(f'<details class="chi" id="act-chi"><summary class="button">{esc(w["chi"])}'
                                f'</summary>\n<div class="chi-choices">{esc(rows)}</div>\n</details>'))
    if d.get("pass_"):
        lines.append(_button("act", "pass", "button", "act-pass", w["pass"]))
    if d.get("discard"):
        lines.append(SafeString(f'<span class="hint" id="discard-hint">{esc(w["tap_discard"])}</span>'))
    lines.append(_DIV_END)
    if d.get("kept"):
        lines.append(SafeString(f'<span class="hint" id="auto-play-kept">{esc(w["auto_kept"])}</span>'))
    elif d.get("auto"):
        lines += [_button("autoplay_off", "", "button primary", "im-back", w["back"]),
                  SafeString(f'<span class="hint">{esc(w["auto_on"])}</span>')]
    else:
        lines.append(_button("autoplay_on", "", "button", "auto-play", w["auto_play"]))
    return lines


def _chi_row(g: dict, w: dict[str, SafeString]) -> SafeString:
    """R6.3: a chi group, one button when it needs no bi, else a button per bi choice that completes it."""
    faces = cardfaces(g["group"])
    if len(g["choices"]) == 1 and not g["choices"][0]["bis"]:
        return _button("act", g["choices"][0]["action"], "button chi-group", "", faces)
    return _join([SafeString(f'<span class="chi-group">{esc(faces)}</span>'), *(
        _button("act", c["action"], "button bi-choice", "",
                SafeString(f'{esc(w["bi"])} {esc(_join((cardfaces(b) for b in c["bis"]), _PLUS))}'))
        for c in g["choices"])])


# An open vote is a panel fixed above the decision bar (over the result sheet too): on a phone its
# buttons are in view whatever the page shows (issue 22).
_VOTE = SafeString('<div class="dissolve">')
_VOTE_OPEN = SafeString('<div class="dissolve open" id="dissolve-vote" role="dialog">')


def _vote(d: dict, w: dict[str, SafeString]) -> list[SafeString]:
    if not d["vote_open"]:
        refused = SafeString("".join(f'<p class="announce" id="dissolve-refused">{esc(_refused(who))}</p>'
                                     for who in d["refused"]))
        return [refused, _button("dissolve_yes", "", "button link", "dissolve-propose", w["propose"])]
    if d["my_vote"]:
        lines = [SafeString(f'<span class="hint">{esc(w["agreed"])}</span>')]
    else:
        lines = [w["proposes"], _button("dissolve_yes", "", "button", "dissolve-yes", w["agree"])]
    return [*lines, _button("dissolve_no", "", "button", "dissolve-no", w["keep"])]


def _refused(who: str) -> SafeString:
    return _tr(_("%(who)s wants to keep playing: the room is not dissolved."), who=who)


def title_badge(rank: dict | None) -> SafeString:
    """A person's title (R11 levels) beside their name, in the level's colour; its tooltip the level."""
    if not rank or not rank.get("title"):
        return _NONE
    return _title_badge(rank["title"], rank["level"], rank.get("colour"), rank.get("ink"), get_language())


@lru_cache(maxsize=256, typed=True)  # a few levels' titles, printed with every seat
def _title_badge(title: str, level, colour: str | None, ink: str | None, language: str | None) -> SafeString:
    colour = (SafeString(f' style="--badge: {esc(colour)}; --badge-ink: {esc(ink)}"') if colour else _NONE)
    level = _tr(_("Level %(level)s"), level=level)
    return SafeString(f'<span class="title-badge"{esc(colour)} title="{esc(level)}">{esc(title)}</span>')


def seat(d: dict, oob: bool) -> SafeString:
    """A seat as every viewer sees it: name, title and badges, then (while a hand runs) its table
    groups with face-down backs, the visible hu-xi, its hand's size and its pile."""
    lines = [SafeString(f'<section id="seat-{esc(d["position"])}" class="seat{" absent" if d.get("absent") else ""}'
                        f'{" turn" if d.get("turn") else ""}"{_OOB if oob else ""}>')]
    if not d.get("absent"):
        words = _words(get_language())
        lines += [SafeString(f'<header>\n<b class="name">{esc(d["name"])}</b>'), title_badge(d["title"])]
        if d.get("dealer"):
            lines.append(SafeString(f'<span class="badge dealer" title="{esc(words["dealer"])}">'
                                    f'{esc(words["dealer"])}</span>'))
        lines += [_badge(d, "bot", "", words["bot"]), _badge(d, "auto", " auto", words["auto"]),
                  _badge(d, "out", "", words["out"])]
        if d["coins"] is not None:
            lines.append(SafeString(f'<span class="money">{esc(intcomma(d["coins"]))} {esc(words["coins"])}</span>'))
        if d["points"] is not None:
            lines.append(SafeString(f'<span class="money">{esc(intcomma(d["points"]))} {esc(words["points"])}</span>'))
        if d.get("change"):
            lines.append(SafeString(f'<span class="change">{esc(signed(d["change"]))}</span>'))
        lines += [_badge(d, "ready", "", words["ready"]), _badge(d, "vote", "", words["vote"]),
                  _HEADER_END]
        if d.get("groups") is not None:
            lines += _seat_table(d, words)
    lines.append(_SECTION_END)
    return _join(lines, _NL)


def _badge(d: dict, flag: str, cls: str, text: str) -> SafeString:
    """A badge when the seat's `flag` is set; `cls` extra classes, `text` plain or markup."""
    return SafeString(f'<span class="badge{esc(cls)}">{esc(text)}</span>') if d.get(flag) else _NONE


def _seat_table(d: dict, words: dict[str, SafeString]) -> list[SafeString]:
    kinds = labels(get_language()).kinds
    groups = SafeString("".join(f'<span class="group kind-{esc(g["kind"])}" title="{esc(kinds.get(g["kind"], g["kind"]))}">'
                                f'{esc(cardfaces(g["cards"]))}{esc(facedown(g["backs"]))}</span>' for g in d["groups"]))
    colon = words["colon"]
    return [SafeString(f'<div class="groups">{esc(groups)}</div>'),
            SafeString(f'<div class="meta">{esc(words["huxi"])}{esc(colon)}<span class="huxi">{esc(d["huxi"])}'
                       f'{esc(_hidden(words) if d.get("hidden") else _NONE)}</span>'),
            SafeString(f'<span class="hand-count">· {esc(words["in_hand"])}{esc(colon)}{esc(d["hand_size"])}</span></div>'),
            SafeString(f'<div class="pile" title="{esc(words["pile"])}">{esc(cardfaces(d["pile"]))}</div>')]


def _hidden(words: dict[str, SafeString]) -> SafeString:
    """After a seat's table hu-xi (R4): its face-down groups' hu-xi is not shown to others, so the figure
    is a lower bound; a short word says so, its title in full."""
    return SafeString(f' <abbr class="hidden-huxi" title="{esc(words["hidden_title"])}">+ {esc(words["hidden"])}</abbr>')


@lru_cache(maxsize=16)
def _words(language: str | None) -> dict[str, SafeString]:
    """The fixed words of these fragments in the active language (the key: each render asks it once),
    as markup: translated and escaped once per language, not a dozen times a render."""
    return {key: escape(text) for key, text in {
        "colon": pgettext("after a label", ": "),
        "your_hand": _("Your hand"), "passed": _("Passed cards (you may not chi or peng them)"),
        "kan_title": _("kan: never split"),
        "dealer": _("dealer"), "bot": _("bot"), "auto": _("auto-play"), "out": _("sits out this hand"),
        "coins": _("coins"), "points": _("points"), "ready": _("ready"), "vote": _("agrees to dissolve"),
        "huxi": _("hu-xi on the table"), "hidden": _("face-down"),
        "hidden_title": _("plus the hu-xi of face-down groups, not shown to the other players"),
        "in_hand": _("cards in hand"), "pile": _("discarded and passed-on cards"),
        "dealer_label": _("Dealer"), "stock": _("Stock"), "shown": _("Shown card"), "your_move": _("Your move."),
        "time_left": _("time left"),
        "ready_wins": _("Ready: these cards win"), "stay_ready": _("Discard one of these and you stay ready"),
        "hu": _("Hu"), "peng": _("Peng"), "chi": _("Chi"), "bi": _("bi"), "pass": _("Pass"),
        "tap_discard": _("Tap a card to choose it, tap it again to discard it."),
        "back": _("I'm back"), "auto_on": _("Auto-play is on: your moves are played for you."),
        "auto_kept": _("Your seat plays on under auto-play until the series ends."),
        "auto_play": _("Auto-play"), "invite": _("Invite code"), "share": _("Share this link"),
        "copy": _("Copy the link"), "copied": _("Copied"), "share_button": _("Share"),
        "share_title": _("Join my Paohuzi room"),
        "fill_bots": _("Fill empty seats with bots"),
        "bots_easy": _("Easy bots"), "bots_normal": _("Normal bots"), "bots_hard": _("Hard bots"),
        "agreed": _("You agreed to dissolve the room; waiting for the others."),
        "proposes": _("A player proposes to dissolve the room."), "agree": _("Agree"),
        "keep": _("Keep playing"), "propose": _("Propose to dissolve the room"),
    }.items()}


def status(d: dict, oob: bool) -> SafeString:
    """The middle of the table: dealer, stock and shown card, then the status line — what the table
    waits for, the card just played, whose move, and the countdown."""
    words = _words(get_language())
    colon = words["colon"]
    lines = [SafeString(f'<section id="table-status" class="table-info table-status"{_OOB if oob else ""}>')]
    if d.get("hand_no"):
        lines += [SafeString(f'<div class="facts">\n<span>{esc(words["dealer_label"])}{esc(colon)}{esc(d["dealer"])}</span>'),
                  SafeString(f'<span id="stock-count" data-stock="{esc(d["stock"])}">{esc(words["stock"])}'
                             f'{esc(colon)}{esc(d["stock"])}</span>')]
        if d["shown"]:
            lines.append(SafeString(f'<span class="shown">{esc(words["shown"])}{esc(colon)}'
                                    f'{esc(cardfaces(d["shown"]))}</span>'))
        lines.append(_DIV_END)
    lines += [_STATUS_LINE, *_status_line(d, words), _DIV_END, _SECTION_END]
    return _join(lines, _NL)


def _status_line(d: dict, words: dict[str, SafeString]) -> list:
    """The status line's parts: markup, or plain text (escaped by status's _join)."""
    if d.get("dealing"):
        dealing = _("Every seat is taken: dealing…")
        return [SafeString(f'<span id="dealing-note">{esc(dealing)}</span>')]
    if d["status"] == "waiting":
        waiting = _tr(_("Waiting for players: %(seated)s of %(players)s seated."),
                      seated=d["seated"], players=d["players"])
        bots_in = _("Bots take the empty seats in")
        fill = (SafeString(f'{esc(bots_in)} <span class="countdown" data-deadline="{esc(d["fill_at"])}"></span>')
                if d["fill_at"] else _NONE)
        return [waiting, fill]
    if d["status"] == "dissolved":
        return [_("The room was dissolved.")]
    if d.get("finished"):
        return [_("The hand is over.")]
    if not d.get("hand_no"):
        return []
    lines = []
    if current := d["current"]:
        played = _("%(who)s discarded") if current["how"] == "discard" else _("%(who)s drew")
        lines.append(SafeString(f'<span class="current" data-how="{esc(current["how"])}">'
                                f'{esc(_tr(played, who=current["from"]))}\n{esc(cardfaces(current["card"]))}</span>'))
    if d["my_turn"]:
        lines.append(SafeString(f'<b class="your-move">{esc(words["your_move"])}</b>'))
    elif d["turn"]:
        lines.append(_tr(_("%(who)s is to discard."), who=d["turn"]))
    elif d["waiting"]:
        lines.append(d["waiting"])
    if d["deadline"]:
        lines.append(SafeString(f'<span class="countdown turn-clock" data-deadline="{esc(d["deadline"])}"'
                                f'{_MINE if d["my_turn"] else ""} title="{esc(words["time_left"])}"></span>'))
    return lines


_MINE = SafeString(' data-mine="1"')


def chat_line(position: int, phrase: str) -> str:
    """One quick-chat say as a frame (games.live.chat): a line appended to the page's hidden #chat-inbox,
    which static/js/table.js turns into a bubble by the seat (or drops, when this viewer muted the chat)."""
    kind = "chat-line emoji" if phrase in chat.EMOJI else "chat-line"
    return (f'<div hx-swap-oob="beforeend:#chat-inbox"><p class="{esc(kind)}" data-seat="{esc(position)}" '
            f'data-phrase="{esc(phrase)}">{esc(chat.text(phrase))}</p></div>')

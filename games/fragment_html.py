"""The markup of the parts a table frame carries on nearly every move, built in Python: the version
element, the seats, the table's status, the log's new rows, the own hand with its winning-card hints,
the actions bar and a person's title.
Django's template engine costs a tenth of a millisecond a render before any markup, these a few
microseconds (bench/bench_templates.py); what changes only between hands stays a template
(games/templates/games/: the room's line, the fairness box, the full log, the result panel).

Values are escaped here as a template would (`esc`: conditional_escape's output) and the markup is a
SafeString made directly (mark_safe's lazy-string check costs as much as a short fragment's markup);
card faces come pre-escaped from games_cards. Words are translated outside the f-strings: makemessages
(xgettext) does not look inside one, and a message it does not see leaves the catalogue
(tests/test_chinese_polish.py checks).
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .templatetags.games_cards import cardclass, cardfaces, facedown, labels, send_fields
from .templatetags.games_numbers import signed


def esc(value) -> str:
    """conditional_escape, without the lazy-string check of its decorator (three quarters of its time,
    a hundred calls a move): markup as it is, anything else escaped as django.utils.html.escape does."""
    as_html = getattr(value, "__html__", None)
    return as_html() if as_html is not None else html.escape(str(value))


def _opt(value) -> str:
    return "" if value is None else esc(value)


def version(d: dict, oob: bool) -> SafeString:
    """#table-version: the version shown, the version diffed against and the move number (table.js)."""
    return SafeString(f'<span id="table-version" hidden data-version="{esc(d["version"])}" '
                     f'data-base="{_opt(d["base"])}" data-move-no="{_opt(d["move_no"])}"'
                     f'{_OOB if oob else ""}></span>')


def log_rows(events: list[dict]) -> SafeString:
    """The log's rows, newest first as given: who, the move's name, the cards shown and face down."""
    moves = labels(get_language()).moves
    return SafeString("".join(f'<li class="move-{esc(e["move"])}"><b>{esc(e["who"])}</b> '
                              f'{esc(moves.get(e["move"], e["move"]))} {cardfaces(e.get("cards"))}'
                              f'{facedown(e.get("down"))}</li>' for e in events))


def log_new(d: dict, oob: bool = True) -> SafeString:
    """The rows a socket has not been sent yet, added at the top of its log by htmx (always out of
    band: `oob` is there for fragments.render's (data, oob) call)."""
    return SafeString(f'<ul id="event-log-new" hx-swap-oob="afterbegin:#event-log-list">{log_rows(d["events"])}</ul>')


def my_hand(d: dict, oob: bool) -> SafeString:
    """#my-hand: the winning-card hints when the hand is ready, the own hand's one ws-send form (its
    columns), and the cards the seat passed on."""
    cls = ' class="discard"' if d.get("discard") else ""
    label = _words(get_language())["your_hand"]
    lines = [f'<section id="my-hand" class="my-hand" aria-label="{label}" data-cards="{esc(d["text"])}" '
             f'data-hand="{_opt(d.get("hand"))}" data-seat="{_opt(d.get("seat"))}"{_OOB if oob else ""}>']
    if d.get("hints"):  # above the columns: below them, a phone's decision bar would cover the line
        lines.append(hints(d["hints"]))
    lines.append(f'<form ws-send{cls}>{send_fields("act")}{hand_columns(d)}</form>')
    if d.get("passed"):
        words = _words(get_language())
        lines.append(f'<div class="passed">{words["passed"]}{words["colon"]}{cardfaces(d["passed"])}</div>')
    lines.append("</section>")
    return SafeString("\n".join(lines) + "\n")


def squeeze(html: str) -> SafeString:
    """A template's output with its line breaks and indentation cut to one line break each (the page
    reads the same: no fragment has a <pre> or a <textarea>); a fifth of a frame's bytes."""
    return SafeString(_INDENT.sub("\n", html))


_INDENT = re.compile(r"\s*\n\s*")


def hand_columns(d: dict) -> SafeString:
    """The own hand's columns: a card that may be discarded is a button of the hand's one ws-send form
    (its value the discard), the others faces; a kan is marked never to be split, and a discard that
    keeps the hand ready (the hints) is marked too."""
    ready = set(d["hints"]["ready_discards"]) if d.get("hints") else ()
    language = get_language()
    kan_title, cards = _words(language)["kan_title"], labels(language).cards
    out = ['<div class="columns">']
    for col in d["columns"]:
        out.append('<div class="column">')
        for c in col["cards"]:
            card, label = esc(c["card"]), cards.get(c["card"], "")
            cls, ready_mark = cardclass(c["card"]), " keeps-ready" if c["card"] in ready else ""
            if c["discard"]:
                out.append(f'<button name="action" value="discard {card}" class="{cls}{ready_mark}"{label}>{card}</button>')
            elif c["kan"]:
                out.append(f'<span class="{cls} kan{ready_mark}" title="{kan_title}"{label}>{card}</span>')
            else:
                out.append(f'<span class="{cls}{ready_mark}"{label}>{card}</span>')
        out.append("</div>")
    out.append("</div>")
    return SafeString("".join(out))


def hints(h: dict) -> str:
    """The winning-card hints (games.hints): each card that wins with its hu-xi (one figure, or one per
    source when they differ) and the copies left; or the discards that keep the hand ready."""
    words = _words(get_language())
    lines = ['<div class="hints" role="note">']
    if h["wins"]:
        cards = []
        for w in h["wins"]:
            if w["huxi"] is not None:
                huxi = [_("%(huxi)s hu-xi") % {"huxi": esc(w["huxi"])}]
            else:
                huxi = [_way(way) for way in w["ways"]]
            left = _("%(left)s left") % {"left": esc(w["left"])}
            cards.append(f'<span class="hint">{cardfaces(w["card"])}\n'
                         + "".join(f'<span class="hint-huxi">{text}</span>' for text in huxi)
                         + f'\n<span class="hint-left">{left}</span></span>')
        lines.append(f'<p class="hint-wins"><strong>{words["ready_wins"]}</strong>\n{"".join(cards)}</p>')
    if h["ready_discards"]:
        faces = "".join(cardfaces(c) for c in h["ready_discards"])
        lines.append(f'<p class="hint-ready"><strong>{words["stay_ready"]}</strong> {faces}</p>')
    lines.append("</div>")
    return "\n".join(lines)


def _way(way: dict) -> str:
    """A winning card's hu-xi from one source (R7.3)."""
    huxi = {"huxi": esc(way["huxi"])}
    if way["source"] == "own_draw":
        return _("your draw %(huxi)s hu-xi") % huxi
    if way["source"] == "other_draw":
        return _("turned up by others %(huxi)s hu-xi") % huxi
    return _("discarded %(huxi)s hu-xi") % huxi


def actions(d: dict, oob: bool) -> SafeString:
    """#actions: while a hand is played, the seat's moves (hu, peng, the chi choices as a tree, pass, the
    discard hint) and auto-play; a waiting room's invite; a private room's dissolve vote."""
    w = _words(get_language())
    lines = [f'<section id="actions" class="actions"{_OOB if oob else ""}>']
    if d.get("playing"):
        lines += _moves(d, w)
    if d.get("invite"):
        lines += [f'<div class="invite">{w["invite"]}{w["colon"]}<b id="invite-code">{esc(d["invite"])}</b> ·',
                  f'{w["share"]}{w["colon"]}<input readonly value="{esc(d["link"])}" id="invite-link" size="36" '
                  'onclick="this.select()">']
        if d.get("owner"):
            lines.append(_button("bots", "", "button", "fill-bots", w["fill_bots"]))
        lines.append("</div>")
    if d.get("can_vote"):
        lines += ['<div class="dissolve">', *(line for line in _vote(d, w) if line), "</div>"]
    lines.append("</section>")
    return SafeString("\n".join(lines) + "\n")


def _button(op: str, action: str, cls: str, element_id: str, text: str) -> str:
    """A ws-send form of one button (`text` escaped already)."""
    element_id = f' id="{element_id}"' if element_id else ""
    return (f'<form ws-send class="inline">{send_fields(op, action)}<button type="submit" class="{cls}"'
            f'{element_id}>{text}</button></form>')


def _moves(d: dict, w: dict[str, str]) -> list[str]:
    bar = d.get("hu") or d.get("peng") or d.get("chi") or d.get("pass_") or d.get("discard")
    lines = ['<div class="moves bar" id="action-bar">' if bar else '<div class="moves">']
    if d.get("hu"):
        lines.append(_button("act", "hu", "button primary", "act-hu", w["hu"]))
    if d.get("peng"):
        lines.append(_button("act", "peng", "button", "act-peng", w["peng"]))
    if d.get("chi"):
        rows = "".join(f'<div class="chi-row">\n{_chi_row(g, w)}\n</div>' for g in d["chi"])
        lines.append(f'<details class="chi" id="act-chi"><summary class="button">{w["chi"]}</summary>\n'
                     f'<div class="chi-choices">{rows}</div>\n</details>')
    if d.get("pass_"):
        lines.append(_button("act", "pass", "button", "act-pass", w["pass"]))
    if d.get("discard"):
        lines.append(f'<span class="hint" id="discard-hint">{w["tap_discard"]}</span>')
    lines.append("</div>")
    if d.get("auto"):
        lines += [_button("autoplay_off", "", "button primary", "im-back", w["back"]),
                  f'<span class="hint">{w["auto_on"]}</span>']
    else:
        lines.append(_button("autoplay_on", "", "button", "auto-play", w["auto_play"]))
    return lines


def _chi_row(g: dict, w: dict[str, str]) -> str:
    """R6.3: a chi group, one button when it needs no bi, else a button per bi choice that completes it."""
    faces = cardfaces(g["group"])
    if len(g["choices"]) == 1 and not g["choices"][0]["bis"]:
        return _button("act", g["choices"][0]["action"], "button chi-group", "", faces)
    return f'<span class="chi-group">{faces}</span>' + "".join(
        _button("act", c["action"], "button bi-choice", "", f'{w["bi"]} {" + ".join(cardfaces(b) for b in c["bis"])}')
        for c in g["choices"])


def _vote(d: dict, w: dict[str, str]) -> list[str]:
    if not d["vote_open"]:
        refused = "".join(f'<p class="announce" id="dissolve-refused">{_refused(who)}</p>' for who in d["refused"])
        return [refused, _button("dissolve_yes", "", "button link", "dissolve-propose", w["propose"])]
    if d["my_vote"]:
        lines = [f'<span class="hint">{w["agreed"]}</span>']
    else:
        lines = [w["proposes"], _button("dissolve_yes", "", "button", "dissolve-yes", w["agree"])]
    return [*lines, _button("dissolve_no", "", "button", "dissolve-no", w["keep"])]


def _refused(who: str) -> str:
    return _("%(who)s wants to keep playing: the room is not dissolved.") % {"who": esc(who)}


_OOB = ' hx-swap-oob="true"'


def title_badge(rank: dict | None) -> SafeString:
    """A person's title (R11 levels) beside their name, in the level's colour; its tooltip the level."""
    if not rank or not rank.get("title"):
        return SafeString("")
    colour = (f' style="--badge: {esc(rank["colour"])}; --badge-ink: {esc(rank["ink"])}"'
              if rank.get("colour") else "")
    level = esc(_("Level %(level)s") % {"level": rank["level"]})
    return SafeString(f'<span class="title-badge"{colour} title="{level}">{esc(rank["title"])}</span>')


def seat(d: dict, oob: bool) -> SafeString:
    """A seat as every viewer sees it: name, title and badges, then (while a hand runs) its table
    groups with face-down backs, the visible hu-xi, its hand's size and its pile."""
    cls = "seat" + (" absent" if d.get("absent") else "") + (" turn" if d.get("turn") else "")
    lines = [f'<section id="seat-{esc(d["position"])}" class="{cls}"{_OOB if oob else ""}>']
    if not d.get("absent"):
        words = _words(get_language())
        lines += ["<header>", f'<b class="name">{esc(d["name"])}</b>', title_badge(d["title"])]
        if d.get("dealer"):
            lines.append(f'<span class="badge dealer" title="{words["dealer"]}">{words["dealer"]}</span>')
        lines += [_badge(d, "bot", "", words["bot"]), _badge(d, "auto", " auto", words["auto"]),
                  _badge(d, "out", "", words["out"])]
        if d["coins"] is not None:
            lines.append(f'<span class="money">{esc(intcomma(d["coins"]))} {words["coins"]}</span>')
        if d["points"] is not None:
            lines.append(f'<span class="money">{esc(intcomma(d["points"]))} {words["points"]}</span>')
        if d.get("change"):
            lines.append(f'<span class="change">{esc(signed(d["change"]))}</span>')
        lines += [_badge(d, "ready", "", words["ready"]), _badge(d, "vote", "", words["vote"]), "</header>"]
        if d.get("groups") is not None:
            lines += _seat_table(d, words)
    lines.append("</section>")
    return SafeString("\n".join(line for line in lines if line) + "\n")


def _badge(d: dict, flag: str, cls: str, text: str) -> str:
    """`text` escaped already (_words)."""
    return f'<span class="badge{cls}">{text}</span>' if d.get(flag) else ""


def _seat_table(d: dict, words: dict[str, str]) -> list[str]:
    kinds = labels(get_language()).kinds
    groups = "".join(f'<span class="group kind-{esc(g["kind"])}" title="{esc(kinds.get(g["kind"], g["kind"]))}">'
                     f'{cardfaces(g["cards"])}{facedown(g["backs"])}</span>' for g in d["groups"])
    colon = words["colon"]
    return [f'<div class="groups">{groups}</div>',
            f'<div class="meta">{words["huxi"]}{colon}<span class="huxi">{esc(d["huxi"])}'
            f'{"+?" if d.get("hidden") else ""}</span>',
            f'<span class="hand-count">· {words["in_hand"]}{colon}{esc(d["hand_size"])}</span></div>',
            f'<div class="pile" title="{words["pile"]}">{cardfaces(d["pile"])}</div>']


@lru_cache(maxsize=16)
def _words(language: str | None) -> dict[str, str]:
    """The fixed words of these fragments in the active language (the key: each render asks it once),
    escaped: translated once per language, not a dozen times a render."""
    return {key: esc(text) for key, text in {
        "colon": pgettext("after a label", ": "),
        "your_hand": _("Your hand"), "passed": _("Passed cards (you may not chi or peng them)"),
        "kan_title": _("kan: never split"),
        "dealer": _("dealer"), "bot": _("bot"), "auto": _("auto-play"), "out": _("sits out this hand"),
        "coins": _("coins"), "points": _("points"), "ready": _("ready"), "vote": _("agrees to dissolve"),
        "huxi": _("hu-xi on the table"), "in_hand": _("cards in hand"), "pile": _("discarded and passed-on cards"),
        "dealer_label": _("Dealer"), "stock": _("Stock"), "shown": _("Shown card"), "your_move": _("Your move."),
        "time_left": _("time left"),
        "ready_wins": _("Ready: these cards win"), "stay_ready": _("Discard one of these and you stay ready"),
        "hu": _("Hu"), "peng": _("Peng"), "chi": _("Chi"), "bi": _("bi"), "pass": _("Pass"),
        "tap_discard": _("Tap a card to choose it, tap it again to discard it."),
        "back": _("I'm back"), "auto_on": _("Auto-play is on: your moves are played for you."),
        "auto_play": _("Auto-play"), "invite": _("Invite code"), "share": _("Share this link"),
        "fill_bots": _("Fill empty seats with bots"),
        "agreed": _("You agreed to dissolve the room; waiting for the others."),
        "proposes": _("A player proposes to dissolve the room."), "agree": _("Agree"),
        "keep": _("Keep playing"), "propose": _("Propose to dissolve the room"),
    }.items()}


def status(d: dict, oob: bool) -> SafeString:
    """The middle of the table: dealer, stock and shown card, then the status line — what the table
    waits for, the card just played, whose move, and the countdown."""
    words = _words(get_language())
    colon = words["colon"]
    lines = [f'<section id="table-status" class="table-info table-status"{_OOB if oob else ""}>']
    if d.get("hand_no"):
        lines += ['<div class="facts">', f'<span>{words["dealer_label"]}{colon}{esc(d["dealer"])}</span>',
                  f'<span id="stock-count" data-stock="{esc(d["stock"])}">{words["stock"]}{colon}{esc(d["stock"])}</span>']
        if d["shown"]:
            lines.append(f'<span class="shown">{words["shown"]}{colon}{cardfaces(d["shown"])}</span>')
        lines.append("</div>")
    lines += ['<div class="status" id="status-line">', *_status_line(d, words), "</div>", "</section>"]
    return SafeString("\n".join(line for line in lines if line) + "\n")


def _status_line(d: dict, words: dict[str, str]) -> list[str]:
    if d.get("dealing"):
        return [f'<span id="dealing-note">{esc(_("Every seat is taken: dealing…"))}</span>']
    if d["status"] == "waiting":
        waiting = _("Waiting for players: %(seated)s of %(players)s seated.") % {
            "seated": esc(d["seated"]), "players": esc(d["players"])}
        bots_in = _("Bots take the empty seats in")
        fill = (f'{esc(bots_in)} <span class="countdown" data-deadline="{esc(d["fill_at"])}"></span>'
                if d["fill_at"] else "")
        return [waiting, fill]
    if d["status"] == "dissolved":
        return [esc(_("The room was dissolved."))]
    if d.get("finished"):
        return [esc(_("The hand is over."))]
    if not d.get("hand_no"):
        return []
    lines = []
    if current := d["current"]:
        played = _("%(who)s discarded") if current["how"] == "discard" else _("%(who)s drew")
        lines.append(f'<span class="current" data-how="{esc(current["how"])}">{played % {"who": esc(current["from"])}}'
                     f'\n{cardfaces(current["card"])}</span>')
    if d["my_turn"]:
        lines.append(f'<b class="your-move">{words["your_move"]}</b>')
    elif d["turn"]:
        lines.append(_("%(who)s is to discard.") % {"who": esc(d["turn"])})
    elif d["waiting"]:
        lines.append(esc(d["waiting"]))
    if d["deadline"]:
        mine = ' data-mine="1"' if d["my_turn"] else ""
        lines.append(f'<span class="countdown turn-clock" data-deadline="{esc(d["deadline"])}"{mine} '
                     f'title="{words["time_left"]}"></span>')
    return lines

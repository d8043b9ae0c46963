"""Escaping by construction in the markup built in Python (games.live.fragment_html, games.templatetags):
hostile names, titles, invite codes, moves and translations come out as text, never as markup — the
element tree of a hostile render is the tree of a plain one — and fragment_html makes markup only in
the ways its docstring lists."""
import ast
import gettext
import inspect
from html.parser import HTMLParser

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.safestring import SafeString
from django.utils.translation import trans_real

from games.live import fragment_html as F
from games.rules.cards import CardError
from games.templatetags import games_cards

EVIL = "<b>\"x\"&'</section>"  # every character HTML gives a meaning, and a closing tag of the fragments
PLAIN = "Ann"
HOSTILE_LANGUAGE = "x-hostile"


class _Hostile(gettext.NullTranslations):
    """Every message translated to EVIL before it (placeholders kept, pgettext's context dropped)."""

    def gettext(self, message):
        return EVIL + message.split("\x04")[-1]

    def ngettext(self, singular, plural, n):
        return EVIL + (singular if n == 1 else plural)

    def to_language(self):
        return HOSTILE_LANGUAGE


@pytest.fixture
def hostile_language():
    trans_real._translations[HOSTILE_LANGUAGE] = _Hostile()
    try:
        with translation.override(HOSTILE_LANGUAGE):
            yield
    finally:
        del trans_real._translations[HOSTILE_LANGUAGE]


class _Tree(HTMLParser):
    """The element tree as events (a tag and its attributes' names), and the text and attribute values
    as a browser reads them (references decoded)."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.shape, self.values = [], []
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.shape.append((tag, tuple(name for name, _ in attrs)))
        self.values += [value for _, value in attrs if value]

    def handle_endtag(self, tag):
        self.shape.append(("/" + tag,))

    def handle_data(self, data):
        self.values.append(data)


def assert_text_only(build, plain: dict, hostile: dict, evil_seen: int = 1):
    """build(hostile) is markup with the element tree of build(plain) (rendered in English), in which
    EVIL is read back as it was given at least `evil_seen` times."""
    with translation.override("en"):
        expected = build(plain)
    html = build(hostile)
    assert isinstance(html, SafeString)
    got = _Tree(html)
    assert got.shape == _Tree(expected).shape
    assert sum(value.count(EVIL) for value in got.values) >= evil_seen, html


def fill(value, data):
    """`data` with each string marked "$" replaced by value (a hostile or a plain string)."""
    if isinstance(data, dict):
        return {k: fill(value, v) for k, v in data.items()}
    if isinstance(data, list):
        return [fill(value, v) for v in data]
    return value if data == "$" else data


def both(build, data, evil_seen=1):
    assert_text_only(build, fill(PLAIN, data), fill(EVIL, data), evil_seen)


SEAT = {"position": "$", "absent": False, "turn": True, "name": "$", "dealer": True, "bot": True, "auto": True,
        "out": True, "coins": 1200, "points": -5, "change": 300, "ready": True, "vote": True,
        "title": {"title": "$", "colour": "#b8860b", "ink": "$", "level": "$"},
        "groups": [{"kind": "$", "cards": "二二二", "backs": 0}, {"kind": "wei", "cards": "三", "backs": 2}],
        "huxi": "$", "hidden": True, "hand_size": "$", "pile": "七"}

STATUS = {"status": "playing", "hand_no": 1, "dealer": "$", "stock": "$", "shown": "贰", "finished": False,
          "current": {"card": "贰", "from": "$", "how": "$"}, "turn": None, "my_turn": True, "waiting": "",
          "deadline": "$"}

HINTS = {"wins": [{"card": "七", "left": "$", "huxi": "$", "ways": []},
                  {"card": "贰", "left": 1, "huxi": None,
                   "ways": [{"source": "own_draw", "huxi": "$"}, {"source": "other_draw", "huxi": "$"},
                            {"source": "discard", "huxi": "$"}]}],
         "ready_discards": ["二"]}

HAND = {"columns": [{"kind": "kan", "cards": [{"card": "三", "kan": True, "discard": False}] * 3},
                    {"kind": "pair", "cards": [{"card": "伍", "kan": False, "discard": True},
                                               {"card": "二", "kan": False, "discard": True},
                                               {"card": "十", "kan": False, "discard": False}]}],
        "text": "$", "hand": "$", "seat": "$", "passed": "七", "discard": True, "hints": HINTS}

CHI = [{"group": "一二三", "choices": [{"bis": [], "action": "$"}]},
       {"group": "二三四", "choices": [{"bis": ["二三四"], "action": "$"}, {"bis": ["一二三", "二七十"], "action": "$"}]}]
PLAYING = {"playing": True, "hu": True, "peng": True, "pass_": True, "discard": True, "chi": CHI, "auto": False,
           "invite": "$", "link": "$", "owner": True, "can_vote": True, "vote_open": False, "refused": ["$", "$"]}


def test_seat_prints_names_titles_kinds_and_figures_as_text():
    both(lambda d: F.seat(d, True), SEAT, evil_seen=6)
    both(lambda d: F.seat(d, False), {**SEAT, "dealer": False, "coins": None, "title": None, "groups": None})
    both(lambda d: F.seat(d, False), {"position": "$", "absent": True})


def test_title_badge_prints_the_title_level_and_colours_as_text():
    both(F.title_badge, SEAT["title"], evil_seen=3)
    both(F.title_badge, {"title": "$", "colour": "$", "ink": "#fff", "level": 2}, evil_seen=2)
    assert F.title_badge({"title": "", "level": 1}) == ""


def test_status_prints_names_counts_deadlines_and_waits_as_text():
    both(lambda d: F.status(d, True), STATUS, evil_seen=4)
    both(lambda d: F.status(d, False), {**STATUS, "my_turn": False, "turn": "$", "current": None})
    both(lambda d: F.status(d, False), {**STATUS, "my_turn": False, "waiting": "$", "deadline": None})
    both(lambda d: F.status(d, False), {"status": "waiting", "seated": "$", "players": 3, "fill_at": "$"}, 2)


def test_log_rows_and_log_new_print_who_and_unknown_moves_as_text():
    events = [{"move": "$", "who": "$", "cards": "贰", "down": 1}, {"move": "discard", "who": "$", "cards": ""}]
    both(F.log_rows, events, evil_seen=4)
    both(F.log_new, {"events": events}, evil_seen=4)


def test_version_prints_its_numbers_as_text():
    both(lambda d: F.version(d, True), {"version": "$", "base": "$", "move_no": "$"}, evil_seen=3)


def test_my_hand_hand_columns_and_hints_print_the_hand_and_figures_as_text():
    both(lambda d: F.my_hand(d, True), HAND, evil_seen=8)
    both(F.hints, HINTS, evil_seen=5)
    with pytest.raises(KeyError):  # a card is the engine's: anything else is refused, never printed
        F.hand_columns({"columns": [{"cards": [{"card": "<", "kan": False, "discard": True}]}]})


def test_actions_print_invites_links_moves_and_names_as_text():
    both(lambda d: F.actions(d, True), PLAYING, evil_seen=7)
    voting = {**PLAYING, "playing": False, "vote_open": True, "my_vote": None}
    both(lambda d: F.actions(d, False), voting, evil_seen=2)
    both(lambda d: F.actions(d, False), {**voting, "my_vote": True, "auto": True, "playing": True}, evil_seen=5)


def test_translations_are_text_in_every_builder(hostile_language):
    """A translation with markup in it (the catalogue is not trusted more than a name) is read back."""
    plain = fill(PLAIN, SEAT)
    with translation.override("en"):
        expected = {name: _Tree(build()).shape for name, build in _builders(plain).items()}
    for name, build in _builders(plain).items():
        html = build()
        assert isinstance(html, SafeString) and _Tree(html).shape == expected[name], name
        assert any(EVIL in value for value in _Tree(html).values), name
    assert F.title_badge(plain["title"]).count("&lt;b&gt;&quot;x&quot;&amp;&#x27;") == 1  # "Level %(level)s"


def _builders(p: dict) -> dict:
    """Every builder of fragment_html, on data that makes it print each of its words."""
    status = fill(PLAIN, STATUS)
    return {
        "seat": lambda: F.seat(p, True), "title": lambda: F.title_badge(p["title"]),
        "status": lambda: F.status(status, False),
        "status-turn": lambda: F.status({**status, "my_turn": False, "turn": "x", "current": {**status["current"],
                                                                                               "how": "draw"}}, False),
        "waiting": lambda: F.status({"status": "waiting", "seated": 1, "players": 3, "fill_at": "T"}, False),
        "dissolved": lambda: F.status({"status": "dissolved"}, False),
        "dealing": lambda: F.status({"status": "waiting", "dealing": True}, False),
        "over": lambda: F.status({"status": "playing", "finished": True}, False),
        "log": lambda: F.log_rows([{"move": m, "who": "x", "cards": "二"} for m in games_cards.MOVE_LABELS]),
        "hand": lambda: F.my_hand(fill(PLAIN, HAND), False),
        "actions": lambda: F.actions(fill(PLAIN, PLAYING), False),
        "auto": lambda: F.actions({**fill(PLAIN, PLAYING), "auto": True, "vote_open": True, "my_vote": None}, False),
        "agreed": lambda: F.actions({"can_vote": True, "vote_open": True, "my_vote": True}, False),
        "kinds": lambda: F.seat({**p, "groups": [{"kind": k, "cards": "二", "backs": 0}
                                                 for k in games_cards.KIND_LABELS]}, False),
    }


def test_squeeze_keeps_a_templates_markup_and_escapes_plain_text():
    assert F.squeeze(Template("<b>\n  {{ x }}</b>\n").render(Context({"x": EVIL}))) == \
        "<b>\n&lt;b&gt;&quot;x&quot;&amp;&#x27;&lt;/section&gt;</b>\n"
    assert F.squeeze("<b>x</b>") == "&lt;b&gt;x&lt;/b&gt;"


def test_card_tags_print_hidden_fields_and_labels_as_text():
    fields = games_cards.send_fields(EVIL, EVIL)
    assert _Tree(fields).shape == [("input", ("type", "name", "value"))] * 2
    assert _Tree(fields).values == ["hidden", "op", EVIL, "hidden", "action", EVIL]
    assert games_cards.card_label(EVIL) == ""
    for bad in (lambda: games_cards.cardfaces(EVIL), lambda: games_cards.cardclass(EVIL)):
        with pytest.raises(CardError):
            bad()
    page = Template("{% load games_cards %}<p>{{ k|kind_label }}</p><p>{{ k|move_label }}</p>"
                    "<p>{{ f|cardfaces }}{{ 2|facedown }}</p>").render(Context({"k": EVIL, "f": "贰"}))
    assert _Tree(page).shape == [("p", ()), ("/p",)] * 2 + [("p", ()), ("i", ("class",)), ("/i",),
                                                          *[("i", ("class",)), ("/i",)] * 2, ("/p",)]
    assert _Tree(page).values[:2] == [EVIL, EVIL]


def test_frame_tags_print_names_and_titles_as_text():
    page = Template("{% load games_frames %}<ul>{% log_rows events %}</ul>{% title_badge rank %}").render(Context(
        {"events": [{"move": "hu", "who": EVIL, "cards": ""}], "rank": {"title": EVIL, "level": EVIL}}))
    assert _Tree(page).shape == [("ul", ()), ("li", ("class",)), ("b", ()), ("/b",), ("/li",), ("/ul",),
                                 ("span", ("class", "title")), ("/span",)]
    assert _Tree(page).values.count(EVIL) == 2 and sum(v.count(EVIL) for v in _Tree(page).values) == 3


def test_card_labels_of_a_hostile_translation_are_attribute_text(hostile_language):
    html = F.hand_columns({"columns": [{"cards": [{"card": "伍", "kan": False, "discard": True}]}]})
    assert _Tree(html).shape == [("div", ("class",)), ("div", ("class",)),
                                 ("button", ("name", "value", "class", "aria-label")), ("/button",),
                                 ("/div",), ("/div",)]
    assert EVIL + "big 伍" in _Tree(html).values


# What fragment_html may put in a hole of an f-string, and what it may make a SafeString of.
ESCAPERS = {"esc", "_opt"}
MAKERS = {"_join", "_tr", "squeeze"}  # each escapes what it is given (esc); tested above through the builders


def _literal(node) -> bool:
    """A literal of the module: a string, a SafeString constant (_OOB), or a choice between them."""
    if isinstance(node, ast.IfExp):
        return _literal(node.body) and _literal(node.orelse)
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or \
        (isinstance(node, ast.Name) and node.id.lstrip("_").isupper())


def _markup(node) -> bool:
    """What SafeString may wrap: a literal, an f-string, a choice of them, a literal's join of them."""
    if isinstance(node, ast.IfExp):
        return _markup(node.body) and _markup(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return (isinstance(node.func.value, ast.Constant) and len(node.args) == 1
                and isinstance(node.args[0], (ast.GeneratorExp, ast.ListComp)) and _markup(node.args[0].elt))
    return isinstance(node, ast.JoinedStr) or _literal(node)


def _called(node, names) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names


def test_fragment_html_makes_markup_only_of_escaped_holes_and_literals():
    tree = ast.parse(inspect.getsource(F))
    makers = {n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in MAKERS | ESCAPERS}
    trusted = {id(n) for f in makers for n in ast.walk(f)}
    holes = [n.value for n in ast.walk(tree) if isinstance(n, ast.FormattedValue)]
    assert holes and [ast.unparse(h) for h in holes if not (_called(h, ESCAPERS) or _literal(h))] == []
    wrapped = [n for n in ast.walk(tree) if _called(n, {"SafeString"}) and id(n) not in trusted]
    assert [ast.unparse(n) for n in wrapped if len(n.args) != 1 or not _markup(n.args[0])] == []
    # esc's answer for plain text is a plain str: it is used where it is made, never kept to be escaped again
    kept = [n for n in ast.walk(tree) if _called(n, ESCAPERS) and id(n) not in trusted
            and not any(n is h for h in holes)]
    assert [ast.unparse(n) for n in kept] == []


def test_a_button_of_markup_is_never_served_for_plain_text_that_reads_alike():
    """_button is cached: a plain str equal to a markup text is a key of its own (and escaped)."""
    assert F._button("act", "x", "button", "", SafeString('<i class="card">一</i>')).count("<i ") == 1
    assert '&lt;i class=&quot;card&quot;&gt;一&lt;/i&gt;' in F._button("act", "x", "button", "", '<i class="card">一</i>')

"""games.fragment_html: the hot parts of a frame built in Python escape like a template and mark
what the templates marked."""
from django.utils import translation

from games import fragment_html


def test_log_rows_escape_names_and_print_faces():
    html = fragment_html.log_rows([{"move": "discard", "who": "<b>x&y", "cards": "贰", "seat": 1},
                                   {"move": "wei", "who": "甲", "cards": "", "down": 2, "seat": 0}])
    assert "&lt;b&gt;x&amp;y" in html and "<b>x&y" not in html
    assert html.count('<i class="card back"></i>') == 2
    assert '<i class="card red big">贰</i>' in html
    with translation.override("en"):
        assert "discards" in fragment_html.log_rows([{"move": "discard", "who": "a", "cards": "二"}])


def test_version_leaves_absent_numbers_empty_and_marks_oob():
    html = fragment_html.version({"version": 7, "base": None, "move_no": None}, True)
    assert html == ('<span id="table-version" hidden data-version="7" data-base="" data-move-no=""'
                    ' hx-swap-oob="true"></span>')
    assert 'data-base="6" data-move-no="12"></span>' in fragment_html.version(
        {"version": 7, "base": 6, "move_no": 12}, False)


def test_hand_columns_buttons_kans_and_ready_discards():
    d = {"columns": [{"kind": "kan", "cards": [{"card": "三", "kan": True, "discard": False}] * 3},
                     {"kind": "pair", "cards": [{"card": "伍", "kan": False, "discard": True},
                                                {"card": "七", "kan": False, "discard": True}]}],
         "hints": {"ready_discards": ["七"], "wins": []}}
    with translation.override("en"):
        html = fragment_html.hand_columns(d)
    assert html.count('class="card kan" title="kan: never split">三</span>') == 3
    assert '<button name="action" value="discard 伍" class="card big" aria-label="big 伍">伍</button>' in html
    assert '<button name="action" value="discard 七" class="card red keeps-ready">七</button>' in html
    assert html.count('<div class="column">') == 2

"""games.live.fragment_html: the hot parts of a frame built in Python escape like a template and mark
what the templates marked."""
import re

from django.utils import translation

from games.live import fragment_html


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


def test_status_waiting_dissolved_and_a_move():
    with translation.override("en"):
        waiting = fragment_html.status({"status": "waiting", "seated": 2, "players": 3,
                                        "fill_at": "2026-12-01T10:00:00+00:00"}, False)
        dissolved = fragment_html.status({"status": "dissolved", "seated": 3, "players": 3, "fill_at": None}, True)
        move = fragment_html.status({"status": "playing", "hand_no": 1, "dealer": "<i>", "stock": 19, "shown": "",
                                     "finished": False, "current": {"card": "贰", "from": "B&B", "how": "discard"},
                                     "turn": None, "my_turn": True, "waiting": "", "deadline": "T"}, True)
    assert "Waiting for players: 2 of 3 seated.\nBots take the empty seats in <span class=\"countdown\"" in waiting
    assert 'hx-swap-oob' not in waiting and "facts" not in waiting
    assert '<div class="status" id="status-line">\nThe room was dissolved.\n</div>' in dissolved
    assert "<span>Dealer: &lt;i&gt;</span>" in move and 'data-stock="19"' in move
    assert '<span class="current" data-how="discard">B&amp;B discarded\n<i class="card red big">贰</i></span>' in move
    assert '<b class="your-move">Your move.</b>' in move and 'data-deadline="T" data-mine="1"' in move


def test_my_hand_escapes_marks_the_form_and_shows_hints_and_passed_cards():
    d = {"columns": [{"kind": "pair", "cards": [{"card": "二", "kan": False, "discard": True}]}],
         "text": '二"', "hand": 5, "seat": 1, "passed": "七", "discard": True,
         "hints": {"wins": [], "ready_discards": ["二"]}}
    with translation.override("zh-hans"):
        html = fragment_html.my_hand(d, True)
    assert html.startswith('<section id="my-hand" class="my-hand" aria-label="你的手牌" data-cards="二&quot;" '
                           'data-hand="5" data-seat="1" hx-swap-oob="true">')
    assert '<form ws-send class="discard"><input type="hidden" name="op" value="act">' in html
    assert 'value="discard 二" class="card red keeps-ready"' in html
    assert 'class="hints"' in html and "\n  " not in html
    assert html.index('class="hints"') < html.index("<form")  # above the hand: never under a phone's bar
    assert '<div class="passed">臭牌（不能吃或碰）：<i class="card red">七</i></div>' in html
    empty = fragment_html.my_hand({"columns": [], "text": ""}, False)
    assert 'data-hand="" data-seat=""' in empty and "hx-swap-oob" not in empty and "hints" not in empty


def test_hints_name_each_winning_card_its_huxi_per_source_and_the_copies_left():
    h = {"wins": [{"card": "七", "left": 2, "huxi": 9, "ways": []},
                  {"card": "贰", "left": 1, "huxi": None,
                   "ways": [{"source": "own_draw", "huxi": 12}, {"source": "other_draw", "huxi": 9},
                            {"source": "discard", "huxi": 6}]}],
         "ready_discards": []}
    with translation.override("en"):
        html = fragment_html.hints(h)
    assert html.startswith('<div class="hints" role="note">') and html.endswith("</div>")
    assert '<span class="hint"><i class="card red">七</i>\n<span class="hint-huxi">9 hu-xi</span>' in html
    assert ('<span class="hint-huxi">your draw 12 hu-xi</span><span class="hint-huxi">turned up by others 9 hu-xi'
            '</span><span class="hint-huxi">discarded 6 hu-xi</span>') in html
    assert html.count('class="hint-left"') == 2 and "1 left" in html and "hint-ready" not in html
    with translation.override("zh-hans"):
        ready = fragment_html.hints({"wins": [], "ready_discards": ["十", "壹"]})
    assert "hint-wins" not in ready and '<p class="hint-ready"><strong>' in ready
    assert ready.count('<i class="card') == 2 and "hu-xi" not in ready


def test_actions_offer_each_move_and_escape_the_room_and_the_names():
    chi = [{"group": "一二三", "choices": [{"bis": [], "action": "chi 一二三"}]},
           {"group": "二三四", "choices": [{"bis": ["二三四"], "action": "chi 二三四 二三四"},
                                        {"bis": ["一二三", "二七十"], "action": "chi 二三四 一二三 二七十"}]}]
    d = {"playing": True, "hu": True, "peng": False, "pass_": True, "discard": False, "chi": chi, "auto": False,
         "invite": None, "can_vote": True, "vote_open": False, "refused": ["<甲>"], "owner": False}
    with translation.override("en"):
        html = fragment_html.actions(d, True)
    assert html.startswith('<section id="actions" class="actions" hx-swap-oob="true">')
    sent = re.findall(r'name="action" value="([^"]+)"', html)
    assert sent == ["hu", "chi 一二三", "chi 二三四 二三四", "chi 二三四 一二三 二七十", "pass"]
    assert 'id="act-hu">Hu</button>' in html and "act-peng" not in html and "discard-hint" not in html
    assert 'class="button bi-choice">bi <i class="card">一</i><i class="card red">二</i><i class="card">三</i> + ' in html
    assert 'id="action-bar"' in html and 'id="auto-play"' in html
    assert "&lt;甲&gt; wants to keep playing" in html and "<甲>" not in html and 'id="dissolve-propose"' in html
    waiting = {"playing": False, "invite": "AB<C", "link": "http://x/j/AB<C/?a&b", "owner": True, "can_vote": True,
               "vote_open": True, "my_vote": None, "refused": []}
    with translation.override("zh-hans"):
        html = fragment_html.actions(waiting, False)
    assert "hx-swap-oob" not in html and "action-bar" not in html
    assert '<b id="invite-code">AB&lt;C</b>' in html and 'value="http://x/j/AB&lt;C/?a&amp;b"' in html
    assert 'id="fill-bots"' in html and 'id="dissolve-yes"' in html and 'id="dissolve-no"' in html
    assert "\n\n" not in html


def test_r4_a_seats_table_huxi_says_face_down_groups_are_not_counted():
    """Others' face-down groups (wei, ti) hide their hu-xi (R4): the figure is marked "+ 暗牌", the title
    saying why, instead of a bare "+?"."""
    seat = {"position": 1, "absent": False, "name": "甲", "title": None, "coins": None, "points": None,
            "groups": [{"kind": "wei", "cards": "三", "backs": 2}],
            "huxi": 4, "hidden": True, "hand_size": 14, "pile": ""}
    with translation.override("zh-hans"):
        shown = fragment_html.seat(seat, False)
        plain = fragment_html.seat({**seat, "hidden": False}, False)
    assert ('<span class="huxi">4 <abbr class="hidden-huxi" title="另加暗牌门子的胡息，其他玩家看不到">+ 暗牌</abbr>'
            '</span>') in shown
    assert '<span class="huxi">4</span>' in plain and "+?" not in shown

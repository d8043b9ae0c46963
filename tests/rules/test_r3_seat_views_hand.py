"""R3 'shown' column in the views: what each seat (and a spectator) may see of the hand."""
import json

from games.rules.views import event_view, public_view, seat_view
from tests.rules.handkit import play, start
from tests.rules.test_r5_forced_moves import DEALER20, FILL15


def wei_on_the_table():
    """Seat 1 wei'd 九; seat 2 now decides whether to chi seat 2's own drawn 陆."""
    return start("拾", "九九一二", "伍柒", stock="九陆")


def test_r3_a_wei_is_three_face_down_cards_to_the_others():
    state, _ = wei_on_the_table()
    assert seat_view(state, 0)["tables"][1] == [{"kind": "wei", "cards": "", "down": 3}]
    assert public_view(state)["tables"][1] == [{"kind": "wei", "cards": "", "down": 3}]
    assert seat_view(state, 1)["tables"][1] == [{"kind": "wei", "cards": "九九九", "down": 3}]


def test_r3_others_see_neither_the_drawn_card_of_a_wei_nor_its_cards():
    _, events = wei_on_the_table()
    draw, wei = events[1], events[2]
    assert event_view(draw, 0)["cards"] == "" and event_view(draw, None)["cards"] == ""
    assert event_view(wei, 2) == {"seat": 1, "move": "wei", "cards": "", "down": 3}
    assert event_view(draw, 1)["cards"] == "九" and event_view(wei, 1)["cards"] == "九九九"
    shown = events[4]
    assert shown.move == "show" and event_view(shown, 0)["cards"] == "陆"  # a shown draw is public


def test_r3_a_ti_shows_one_card_up_and_three_down():
    state, events = start("拾", "五五五" + FILL15 + "十十", "", stock="五")
    assert seat_view(state, 0)["tables"][1] == [{"kind": "ti", "cards": "五", "down": 3}]
    assert event_view(events[-1], 2) == {"seat": 1, "move": "ti", "cards": "五", "down": 3}


def test_r3_a_chou_wei_shows_one_card_up_and_two_down():
    state, _ = start("九" + DEALER20, "九九", "六七", stock="九五")
    state, _ = play(state, (0, "discard", "九"), (1, "pass"))
    assert seat_view(state, 0)["tables"][1] == [{"kind": "chouwei", "cards": "九", "down": 2}]


def test_r3_a_seat_sees_its_own_hand_passed_cards_and_legal_moves_and_no_other_hand():
    state, _ = start("二" + DEALER20, "一三", "二贰", stock="二")
    state, _ = play(state, (0, "discard", "二"), (1, "pass"))
    mine = seat_view(state, 1)
    assert mine["hand"] == "一三" and mine["passed"] == "二" and mine["legal"] == [] and not mine["to_act"]
    theirs = seat_view(state, 2)
    assert theirs["passed"] == "" and theirs["to_act"] and theirs["legal"] == ["chi 二二贰", "pass"]
    assert theirs["hand_sizes"] == [20, 2, 2] and theirs["hands"] is None
    assert theirs["current"] == {"card": "二", "from": 1, "how": "draw"} and theirs["claims_pending"]
    assert "passed" not in public_view(state) and "hand" not in public_view(state)
    text = json.dumps(seat_view(state, 0), ensure_ascii=False)
    assert "一三" not in text and "stock" not in text.replace("stock_left", "")


def test_r3_when_the_hand_is_over_every_hand_and_table_is_shown():
    state, _ = wei_on_the_table()
    state, _ = play(state, (2, "pass"))
    assert state.finished
    view = seat_view(state, 0)
    assert view["hands"] == ["拾", "一二", "伍柒"]
    assert view["tables"][1] == [{"kind": "wei", "cards": "九九九", "down": 3}]

"""The result panel writes out how the score came about (R8.3); its R8.4 cap note: test_cap_note.py."""
import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.live import fragments

SELF_DRAW_WIN = {"grade": 3, "bonus": 1, "fan": 2, "base": 8, "patterns": [["红胡", 2]], "bonus_first": True,
                 "coins": True, "multiplier": 2, "due": 16}


PAY = ("coins", "multiplier", "due")  # what the breakdown's "pay" holds at a table (games.breakdown)


def _formula(lang: str, **changes) -> str:
    win = {**SELF_DRAW_WIN, **changes}
    b = {**{k: v for k, v in win.items() if k not in PAY}, "pay": {k: win[k] for k in PAY}}
    with translation.override(lang):
        return render_to_string("games/_formula.html", {"b": b}).strip()


def test_r8_3_self_draw_before_the_fan_in_chinese_and_english():
    assert _formula("zh-hans") == "（3 等 + 1 自摸）× 2 番 = 底 8，× 倍率 2 = 每家 16 金币"
    assert _formula("en") == "(3 grade + 1 self-draw) × 2 fan = base 8, × multiplier 2 = 16 coins from each other player"


@pytest.mark.parametrize("changes, text", [
    ({"bonus_first": False, "base": 7}, "3 等 × 2 番 + 1 自摸 = 底 7"),
    ({"bonus": 0, "base": 6}, "3 等 × 2 番 = 底 6"),
    ({"patterns": [], "fan": 0, "base": 4}, "3 等 + 1 自摸 = 底 4"),
    ({"patterns": [], "fan": 0, "bonus": 0, "base": 3}, "3 等 = 底 3"),
])
def test_r8_3_each_way_the_base_comes_about(changes, text):
    assert _formula("zh-hans", **changes).startswith(text + "，")


def test_private_rooms_count_points():
    assert _formula("zh-hans", coins=False, multiplier=1, due=8).endswith("底 8：每家 8 积分")

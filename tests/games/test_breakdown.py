"""One code path for a win's breakdown (issue 13): the table's result panel, the hand calculator and the
admin's try box build it with games.breakdown and render it with games/_breakdown.html, so the same win
shows the same split, hu-xi, grade, patterns with fans, base and formula in words in all three (R4, R8)."""
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.breakdown import from_win
from games.live import fragments
from games.rules import Win
from games.rules.variants import PRESETS
from games import selectors
from games.models import Variant

from .tablekit import WIN_SEED, deal_seed, play_out  # noqa: F401
from .test_spectators import coin_table  # noqa: F401

# WIN_SEED's hand: seat 1 wins on another's draw of 八 with these groups (三张 on the table: 2 pao, 1 chi).
SPLIT = [["pao", "壹壹壹壹"], ["pao", "肆肆肆肆"], ["kan", "九九九"], ["sentence", "一二三"], ["jiao", "八八捌"],
         ["jiao", "十拾拾"], ["jiang", "伍伍"]]
HOLDINGS = {"groups": "跑 壹壹壹壹\n跑 肆肆肆肆\n吃 十拾拾", "hand": "九九九一二三八捌伍伍", "card": "八",
            "source": "other_draw"}


def _score(html: str) -> str:
    """The breakdown's HTML: the split, the figures and the formula up to the base (indentation aside: a
    table's fragments go out with one line break for it, games.live.fragments.render)."""
    html = re.sub(r"\s*\n\s*", "\n", html)
    score = re.search(r'<div class="score" id="score">.*?</dl>\s*</div>', html, re.S).group(0)
    formula = re.search(r'<p class="formula" id="score-formula">(.*?)</p>', html, re.S).group(1)
    return score + formula.split("，")[0]


@pytest.fixture
def won(coin_table):
    """The result panel of the hand WIN_SEED deals, played out, as seat 0 sees it: (its data, its HTML)."""
    table, by_seat = coin_table
    hand = play_out(table, by_seat)
    assert hand.result["winner"] == 1 and hand.result["split"] == SPLIT and hand.result["card"] == "八"
    with translation.override("zh-hans"):
        snap = selectors.snapshot(table.pk, 0)
        return fragments.result(snap), fragments.render_all(snap)["result"]


@pytest.mark.django_db
def test_r8_the_result_panel_the_calculator_and_the_try_box_show_one_win_alike(won, client, admin_client):
    data, panel = won
    calculator = client.get(reverse("games:calculator"), {"variant": "changde", **HOLDINGS})
    changde = Variant.objects.get(slug="changde")
    tried = admin_client.post(reverse("admin:games_variant_try", args=[changde.pk]), HOLDINGS,
                              headers={"HX-Request": "true"})
    table_breakdown = {**data["breakdown"], "pay": None}  # the table's own part: what each player pays
    assert calculator.context["breakdown"] == tried.context["breakdown"] == table_breakdown
    assert data["breakdown"]["pay"] == {"coins": True, "multiplier": 2, "due": 16}
    multiplier = '\n<div><dt>倍率</dt><dd>×2</dd></div>'
    assert multiplier in panel  # a table adds the room's multiplier to the figures
    alike = _score(panel.replace(multiplier, ""))
    assert alike == _score(calculator.content.decode()) == _score(tried.content.decode())
    for shown in ('<dd id="score-huxi">24</dd>', '<dd id="score-grade">4</dd>', '<dd id="score-patterns">红胡 2 番</dd>',
                  '<dd id="score-base">8</dd>', "4 等 × 2 番 = 底 8", '<caption>胡牌牌型 · 胡 <i class="card">八</i></caption>'):
        assert shown in alike, shown
    groups = re.findall(r'<tr><td>([^<]*)</td><td>(.*?)</td><td class="amount">(\d+)</td></tr>', alike)
    assert len(groups) == 7 and sum(int(h) for *_, h in groups) == 24  # each group's hu-xi (R4) adds up
    assert ("跑", '<i class="card big">壹</i>' * 4, "9") in groups  # a big pao: 9 hu-xi (R4)
    rule = '<p class="hint" id="score-grade-rule">等：15 胡息为 1 等，之后每多 3 胡息加 1 等。</p>'
    for page in (panel, calculator.content.decode(), tried.content.decode()):
        assert rule in page  # R8.1: how 24 hu-xi became 4 grades, on each of the three
        assert '<p class="hint" id="score-grade-line">24 胡息：1 + (24 − 15) ÷ 3，舍去余数，= 4 等</p>' in page
    assert "每家 16 金币" in panel and "金币" not in calculator.content.decode().split('id="calc-result"')[1]


@pytest.mark.django_db
def test_r9_a_mandatory_heavenly_hu_shows_its_doubled_grade_and_loose_cards(defaults, client):
    page = client.get(reverse("games:calculator"), {"variant": "changde", "hand": "一一一一二二二二三三三三肆伍陆柒捌玖拾壹",
                                                    "heavenly": "on"}).content.decode()
    grade = re.search(r'<dd id="score-grade">([^<]*)</dd>', page).group(1)
    assert "天胡按两倍胡息 54 计" in grade
    loose = re.search(r'<tr class="loose" title="不成门子，不计胡息"><td>散牌</td><td>(.*?)</td>', page).group(1)
    assert re.sub(r"<[^>]+>", "", loose) == "壹拾"  # R9.1: the cards that fit no group, with no hu-xi
    assert '<p class="formula" id="score-formula">14 等 + 1 自摸 = 底 15</p>' in page
    assert '<p class="hint" id="score-grade-line">54 胡息：1 + (54 − 15) ÷ 3，舍去余数，= 14 等</p>' in page  # R9.4


# R8.1 per preset: (hu-xi, the worked line the result panel shows). Changde and Yongzhou: from 15, one grade
# per 3 hu-xi; Luzhou (R10.3): from 10, one grade per hu-xi.
GRADE_LINES = {"changde": (25, "25 胡息：1 + (25 − 15) ÷ 3，舍去余数，= 4 等"),
               "yongzhou_basic": (17, "17 胡息：1 + (17 − 15) ÷ 3，舍去余数，= 1 等"),
               "yongzhou_half": (21, "21 胡息：1 + (21 − 15) ÷ 3，舍去余数，= 3 等"),
               "yongzhou_full": (30, "30 胡息：1 + (30 − 15) ÷ 3，舍去余数，= 6 等"),
               "luzhou_grade": (14, "14 胡息：1 + (14 − 10) ÷ 1，舍去余数，= 5 等"),
               "luzhou_redblack": (10, "10 胡息：1 + (10 − 10) ÷ 1，舍去余数，= 1 等")}


@pytest.mark.parametrize("slug", sorted(PRESETS))
def test_r8_1_the_breakdown_works_out_each_variants_grade(slug):
    from django.template.loader import render_to_string
    huxi, line = GRADE_LINES[slug]
    rules = PRESETS[slug]
    win = Win(huxi=huxi, grade=rules.grade(huxi), patterns=(), fan=0, base=rules.grade(huxi), self_draw=False,
              split=(), rules=rules)
    with translation.override("zh-hans"):
        page = render_to_string("games/_breakdown.html", {"b": from_win(win)})
    assert f'<p class="hint" id="score-grade-line">{line}</p>' in page


def test_r8_1_no_worked_line_below_the_start():
    """Below the start the grade is R8.1's floor of 1, no sum (the calculator can show such a hand)."""
    win = Win(huxi=9, grade=1, patterns=(), fan=0, base=1, self_draw=False, split=(), rules=PRESETS["changde"])
    assert from_win(win)["grade_rule"]["huxi"] is None

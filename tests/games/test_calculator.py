"""The public hand calculator (/calculator/): the same results as `python -m games.rules.cli score` on the
project's scoring vectors (tests/rules: the R8–R10 hands and random holdings built from 7 groups), through
the page; a calculation is a link that reproduces it; it works as a plain GET form (no JavaScript), and
htmx gets the result alone; its refusals are Chinese."""
from __future__ import annotations

import json
import random
import re

import pytest
from django.urls import reverse

from games.models import Variant
from games.rules import PRESETS, preset
from games.rules.cli_score import score_line
from tests.rules.holdings import build
from tests.rules.test_r8_r9_r10_scoring import BLACK_SETS, BLACK_SETS_TABLE, PLAIN18, RED10, RED10_TABLE

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
WHY = {"shape": "这些牌组不成 7 方门子。", "huxi": "胡息低于本玩法的起胡息数。", "source": "这张牌从该来源不能胡。"}

VECTORS = [  # (variant, table groups, hand, card, source, last card)
    ("changde", [], PLAIN18, "柒", "other_draw", False),
    ("changde", [], PLAIN18, "柒", "discard", False),
    ("changde", [], PLAIN18.replace("二七十", "肆伍陆"), "柒", "own_draw", False),
    ("yongzhou_half", RED10_TABLE, RED10, "伍", "own_draw", True),
    ("yongzhou_full", RED10_TABLE, RED10, "伍", "other_draw", False),
    ("changde", BLACK_SETS_TABLE, BLACK_SETS, "捌", "other_draw", False),
    ("luzhou_grade", BLACK_SETS_TABLE, BLACK_SETS, "捌", "own_draw", False),
    ("luzhou_redblack", [], PLAIN18, "柒", "other_draw", True),
    ("yongzhou_basic", [], PLAIN18, "玖", "other_draw", False),
]


def _built_vectors():
    rng = random.Random(13)
    out = []
    for name in PRESETS:
        for _ in range(6):
            b = build(rng, discard_win=preset(name).discard_win)
            out.append((name, [(g.kind.value, g.text) for g in b.table], "".join(g for g in _chars(b.hand)),
                        _chars([b.card])[0] if b.card is not None else "", b.source.value if b.source else "",
                        rng.random() < 0.2))
    return out


def _chars(cards):
    from games.rules import cards as C
    return [C.char(k) for k in cards]


def _query(variant, groups, hand, card, source, last) -> dict:
    q = {"variant": variant, "groups": "\n".join(f"{k} {c}" for k, c in groups), "hand": hand, "card": card,
         "source": source}
    return {**q, "last_card": "on"} if last else q


def _cli(variant, groups, hand, card, source, last) -> dict:
    line = {"variant": variant, "groups": [{"kind": k, "cards": c} for k, c in groups], "hand": hand,
            "card": card or None, "source": source or None, "last_card": last}
    out, _ = score_line(json.dumps(line, ensure_ascii=False))
    return out


def _read(html: str) -> dict:
    """The result as the page shows it, in the CLI's terms."""
    result = html.split('id="calc-result"', 1)[1].split("</section>", 1)[0]
    if 'id="calc-nowin"' in result:
        return {"win": False, "why": re.search(r'id="calc-nowin"><strong>[^<]*</strong>\s*([^<]*)</p>', result).group(1)}
    figures = dict(re.findall(r"<dt>([^<]*)</dt><dd[^>]*>([^<]*)</dd>", result))
    rows = [(kind, re.sub(r"<[^>]+>", "", faces), huxi) for kind, faces, huxi in re.findall(
        r'<tr><td>([^<]*)</td><td>((?:<i class="[^"]*">[^<]</i>)+)</td><td class="amount">(\d+)</td></tr>', result)]
    patterns = [] if figures["名堂"] == "平胡" else [
        [name, int(fan)] for name, fan in re.findall(r"(\S+) (\d+) 番", figures["名堂"])]
    return {"win": True, "huxi": int(figures["胡息"]), "grade": int(figures["等"].split()[0]),
            "base": int(figures["底"].split()[0]), "patterns": patterns, "groups": sorted(c for _, c, _ in rows)}


@pytest.mark.django_db
@pytest.mark.parametrize("vector", VECTORS + _built_vectors())
def test_the_calculator_gives_what_cli_score_gives(client, defaults, vector):
    assert Variant.objects.get(slug=vector[0]).to_ruleset() == preset(vector[0])
    expected = _cli(*vector)
    page = client.get(reverse("games:calculator"), _query(*vector))
    assert page.status_code == 200
    shown = _read(page.content.decode())
    assert shown["win"] == expected["win"], (vector, expected, shown)
    if not expected["win"]:
        assert shown["why"] == WHY[expected["why"]]
        return
    assert (shown["huxi"], shown["grade"], shown["base"], shown["patterns"]) == (
        expected["huxi"], expected["grade"], expected["base"], expected["patterns"]), vector
    assert shown["groups"] == sorted(c for _, c in expected["split"])


@pytest.mark.django_db
def test_a_shared_link_reproduces_the_calculation(client, defaults):
    first = client.get(reverse("games:calculator"), _query(*VECTORS[3])).content.decode()
    link = re.search(r'href="([^"]+)" id="calc-link"', first).group(1).replace("&amp;", "&")
    assert link.startswith("http://testserver/calculator/?")
    again = client.get(link.removeprefix("http://testserver")).content.decode()
    assert _read(again) == _read(first) and _read(first)["base"] == (2 + 1) * 4  # 红胡 2 + 海底 2, self-draw


@pytest.mark.django_db
def test_without_javascript_the_form_is_a_get_form_and_htmx_gets_the_result_alone(client, defaults):
    empty = client.get(reverse("games:calculator")).content.decode()
    form = re.search(r'<form method="get" action="/calculator/"[^>]*>', empty).group(0)
    assert 'hx-get="/calculator/"' in form and 'hx-push-url="true"' in form
    assert 'id="card-picker" hidden' in empty  # the picker needs JavaScript: hidden until calculator.js
    assert "calc-win" not in empty and "errorlist" not in empty  # nothing entered, nothing refused
    fragment = client.get(reverse("games:calculator"), _query(*VECTORS[0]), HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<section id="calc-result"') and "<html" not in fragment
    assert '<p class="formula" id="score-formula">2 等 = 底 2</p>' in fragment  # the result panel's words


@pytest.mark.django_db
@pytest.mark.parametrize("fields, says", [
    ({"hand": "一二三xyz"}, "手牌：“x”不是牌。"),
    ({"hand": PLAIN18, "groups": "碰 五五伍"}, "第 1 组：五五伍 不是碰。"),
    ({"hand": PLAIN18, "groups": "提 壹壹壹壹"}, "共有 7 张壹"),
    ({"hand": PLAIN18, "card": "柒"}, "胡的那张牌需要选择来源"),
    ({"hand": PLAIN18, "variant": "nonsense"}, "玩法"),
])
def test_refusals_are_chinese_with_no_english_word(client, defaults, fields, says):
    html = client.get(reverse("games:calculator"), {"variant": "changde", **fields}).content.decode()
    result = html.split('class="calc-result">', 1)[1].split('<p class="calc-share">', 1)[0]
    text = re.sub(r"<[^>]+>", " ", result)
    assert says in text and not ENGLISH_WORD.search(text), text

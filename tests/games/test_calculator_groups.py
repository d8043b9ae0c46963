"""The hand calculator's group picker, server side: /calculator/group/ asks the engine (games.rules
.table_group: R3 the group's shape, R1 no fifth copy across groups, hand and card) and answers a chip
and the groups field's line, or the refusal in the page's language; a link's typed groups come back as
chips, and a line the engine refuses keeps the typed field in view (the no-JavaScript form is unchanged)."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _check(client, **q):
    answer = client.get(reverse("games:calculator_group"), q)
    assert answer.status_code == 200
    return answer.json()


@pytest.mark.django_db
def test_a_legal_group_comes_back_as_a_chip_and_its_line_in_the_pages_language(client):
    answer = _check(client, kind="peng", cards="贰贰贰", groups="", hand="一二三", card="")
    assert answer["line"] == "碰 贰贰贰"  # what the groups field reads (KIND_ALIASES), not "peng"
    assert 'data-line="碰 贰贰贰"' in answer["chip"] and '<span class="chip-kind">碰</span>' in answer["chip"]
    assert answer["chip"].count('class="card') == 3 and 'aria-label="删除这组碰"' in answer["chip"]
    chi = _check(client, kind="chi", cards="五五伍", groups="碰 贰贰贰")
    assert chi["line"] == "吃 五五伍"


@pytest.mark.django_db
def test_in_english_the_line_uses_the_engines_word():
    from django.test import Client
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    english.post("/i18n/setlang/", {"language": "en"})
    answer = _check(english, kind="chouwei", cards="伍伍伍")
    assert answer["line"] == "chouwei 伍伍伍" and '<span class="chip-kind">chou-wei</span>' in answer["chip"]


@pytest.mark.django_db
@pytest.mark.parametrize("q, says", [
    ({"kind": "peng", "cards": "贰贰叁"}, "第 1 组：贰贰叁 不是碰。"),
    ({"kind": "pao", "cards": "七七七七", "groups": "碰 贰贰贰\n吃 一二三"}, None),
    ({"kind": "ti", "cards": "七七七十", "groups": "碰 贰贰贰\n吃 一二三"}, "第 3 组：七七七十 不是提。"),
    ({"kind": "chi", "cards": "一二四"}, "第 1 组：一二四 既不是一句话也不是绞，不能吃。"),
    # R1: the fifth 贰, counting the groups, the hand and the winning card
    ({"kind": "peng", "cards": "贰贰贰", "hand": "贰三四"}, None),
    ({"kind": "peng", "cards": "贰贰贰", "hand": "贰三四", "card": "贰"}, "5 张贰"),
    ({"kind": "chi", "cards": "壹贰叁", "groups": "碰 贰贰贰", "hand": "贰"}, "5 张贰"),
    ({"kind": "sentence", "cards": "一二三", "groups": "碰 贰贰叁"}, "第 1 组：贰贰叁 不是碰。"),
])
def test_the_engine_refuses_an_illegal_group_or_a_fifth_copy_in_chinese(client, q, says):
    answer = _check(client, **q)
    if says is None:
        assert "chip" in answer and "error" not in answer
        return
    assert set(answer) == {"error"} and says in answer["error"] and not ENGLISH_WORD.search(answer["error"])


@pytest.mark.django_db
def test_a_links_groups_are_chips_and_a_refused_typed_line_keeps_the_field_in_view(client, defaults):
    url = reverse("games:calculator")
    good = client.get(url, {"variant": "changde", "hand": "一二三", "groups": "peng 贰贰贰\n吃 一二三"}).content.decode()
    assert re.findall(r'data-line="([^"]+)"', good) == ["peng 贰贰贰", "吃 一二三"]  # each as typed: × removes it
    picker = re.search(r'<div class="group-picker" id="group-picker"[^>]*>', good).group(0)
    assert 'data-check="/calculator/group/"' in picker and "data-typed" not in picker  # JS hides the field
    assert [k for k in re.findall(r'data-kind="(\w+)"', good)] == ["peng", "wei", "chouwei", "pao", "ti", "chi"]
    bad = client.get(url, {"variant": "changde", "hand": "一二三", "groups": "peng 贰贰贰\n碰 叁叁肆"}).content.decode()
    assert re.findall(r'data-line="([^"]+)"', bad) == ["peng 贰贰贰"] and 'data-typed="1"' in bad
    assert "第 2 组：叁叁肆 不是碰。" in bad  # the form's own check still says so

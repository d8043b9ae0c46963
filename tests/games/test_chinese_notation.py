"""Issue 22 item 11: the calculator's and the admin's try box's help texts read as Chinese on a Chinese
page — the group kinds as 碰、偎、臭偎、跑、提、吃, the cards as 一…十 / 壹…拾, no typed code — while the
form still accepts the codes (peng…, s1…/b1…) beside the Chinese."""
from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.models import Variant
from games.pages.holdings_form import HoldingsForm
from tests.rules.test_r8_r9_r10_scoring import PLAIN18

CODE = re.compile(r"\b(peng|wei|chouwei|pao|ti|chi|s\d+|b\d+)\b")


def test_the_holdings_help_texts_name_kinds_and_cards_in_chinese():
    with translation.override("zh-hans"):
        helps = [str(f.help_text) for f in HoldingsForm().fields.values()]
    text = " ".join(helps)
    assert "碰、偎、臭偎、跑、提、吃" in text and "壹" in text
    assert not CODE.search(text), text


@pytest.mark.django_db
def test_the_holdings_form_still_takes_the_codes_beside_the_chinese():
    variant = Variant.objects.get(slug="changde")
    chinese = {"groups": "碰 贰贰贰", "hand": PLAIN18, "card": "柒", "source": "other_draw"}
    coded = {**chinese, "groups": "peng 贰贰贰"}
    results = []
    for data in (chinese, coded):
        form = HoldingsForm(data)
        assert form.is_valid(), form.errors
        results.append(form.score(variant))
    assert results[0] == results[1] and results[0] is not None

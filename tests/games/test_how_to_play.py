"""How to play: the rules page for players (cards with their pictures, groups, the hu-xi table, winning,
scoring, the variants), each variant's page with its tables as the admin set them (R4, R10), in
Chinese by default and English on request, linked from the home page and the table."""
import re

import pytest
from django.urls import reverse

from games.models import Variant, VariantPattern
from tests.test_chinese_polish import RULE_NUMBER, visible_text

from .tablekit import private_table


@pytest.mark.django_db
def test_the_rules_page_shows_the_cards_groups_huxi_and_every_offered_variant(defaults, client):
    html = client.get(reverse("games:how_to_play")).content.decode()
    faces = re.findall(r'<i class="card[^"]*">(.)</i>', html)
    assert set("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾") <= set(faces)
    assert '<i class="card red big">贰</i>' in html and 'id="huxi-table"' in html and 'id="groups-table"' in html
    for variant in Variant.objects.filter(active=True):
        assert reverse("games:variant_rules", args=[variant.slug]) in html
    text = visible_text(html)
    assert "玩法说明" in text and "囤" in text and not RULE_NUMBER.search(text)
    assert "<script" not in html.split("<main>")[1]  # a plain page


@pytest.mark.django_db
def test_the_rules_page_is_in_english_on_request(defaults, client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    text = visible_text(client.get(reverse("games:how_to_play")).content.decode())
    assert "How to win" in text and "Hu-xi of each group" in text


@pytest.mark.django_db
def test_r10_a_variants_page_shows_its_patterns_and_huxi_as_the_admin_set_them(defaults, client):
    variant = Variant.objects.get(slug="changde")
    row = variant.pattern_rows.get(name="红胡")
    row.fan, row.counts = 7, "5-6"
    row.save()
    VariantPattern.objects.create(variant=variant, order=99, code="all_sets", name="全碰", fan=9)
    variant.huxi_peng_big = 4
    variant.save()
    html = client.get(reverse("games:variant_rules", args=["changde"])).content.decode()
    rows = [visible_text(r).split() for r in re.findall(r"<tr>(.*?)</tr>", html.split('id="pattern-table"')[1], re.S)]
    assert [r for r in rows if r[0] == "红胡"] == [["红胡", "红牌张数：5–6", "7"]]
    assert rows[-1][0] == "全碰" and rows[-1][-1] == "9"
    assert len(rows) == 1 + variant.pattern_rows.count()  # the head, then one row per pattern
    huxi = re.findall(r"<tr><td>碰</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>", html)
    assert huxi == [("1", "4")]


@pytest.mark.django_db
def test_luzhou_shows_its_own_huxi_and_discard_wins(defaults, client):
    html = client.get(reverse("games:variant_rules", args=["luzhou_grade"])).content.decode()
    assert "打出的牌也可以胡" in html and "红碰" in visible_text(html)


@pytest.mark.django_db
def test_an_inactive_or_unknown_variant_has_no_rules_page(defaults, client):
    Variant.objects.filter(slug="changde").update(active=False)
    assert client.get(reverse("games:variant_rules", args=["changde"])).status_code == 404
    assert client.get(reverse("games:variant_rules", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_the_home_page_and_the_table_link_to_the_rules(defaults, client, make_user):
    assert reverse("games:how_to_play") in client.get(reverse("home")).content.decode()
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    table = private_table(users, variant=Variant.objects.get(slug="yongzhou_half"))
    client.force_login(users[0])
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert reverse("games:variant_rules", args=["yongzhou_half"]) in page  # the rules link and the rules card

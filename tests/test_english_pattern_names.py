"""Pattern names in English (docs/design.md#display-names, issue 22 item 11): a variant's pattern rows
(名堂: 红胡, 点胡, 乌胡 …) have an optional English name (`name_en`, filled for the seeded rows by
games.0021); a page in English shows it wherever a pattern is named — a win's breakdown (the table's
result, the calculator, the admin's try box), the rules page, a daily task — and falls back to the
Chinese when it is empty; a Chinese page never shows it."""
from __future__ import annotations

import re
from importlib import import_module

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games import pattern_names, selectors
from games.live import fragments
from games.models import Variant, VariantPattern
from money.models import DailyTask

from .games.tablekit import deal_seed, seeded_win  # noqa: F401

pytestmark = pytest.mark.django_db

DEFAULTS = import_module("games.migrations.0002_defaults")
NAMES = import_module("games.migrations.0021_pattern_english_names")
SEEDED = {p["name"] for v in DEFAULTS.VARIANTS for p in v["patterns"]}
# A Yongzhou half-patterns hand (tests/rules RED10 + the table's peng 贰贰贰), self-drawn on the last card:
# 红胡 and 海底.
RED_LAST = {"variant": "yongzhou_half", "groups": "peng 贰贰贰", "hand": "二七十贰柒拾七八九壹壹壹四五六叁肆",
            "card": "伍", "source": "own_draw", "last_card": "on"}


def _get(client, url, language, **query) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(url, query)
    assert page.status_code == 200, url
    return page.content.decode()


def _patterns(html: str) -> str:
    return re.search(r'<dd id="score-patterns">([^<]*)</dd>', html).group(1)


def test_every_seeded_pattern_row_gets_its_english_name(defaults):
    assert set(NAMES.PATTERNS) == SEEDED
    rows = VariantPattern.objects.values_list("name", "name_en")
    assert rows.count() == sum(len(v["patterns"]) for v in DEFAULTS.VARIANTS)
    assert {name: english for name, english in rows} == NAMES.PATTERNS


def test_shown_is_the_english_name_on_an_english_page_of_that_variant_else_the_chinese(defaults):
    with translation.override("en"):
        assert pattern_names.shown_pattern("红胡", "changde") == "Red hand"
        assert pattern_names.shown_pattern("红胡") == "Red hand"  # a daily task's: any variant's row
        assert pattern_names.shown_pattern("天胡", "changde") == "天胡"  # not a Changde row
        assert pattern_names.shown_pattern("新名堂", "changde") == "新名堂"
        assert str(VariantPattern(name="乌胡", name_en="All black")) == "All black"
    with translation.override("zh-hans"):
        assert pattern_names.shown_pattern("红胡", "changde") == "红胡"
        assert str(VariantPattern(name="乌胡", name_en="All black")) == "乌胡"


def test_an_admins_edit_shows_at_once_and_an_empty_name_falls_back_to_the_chinese(defaults):
    row = VariantPattern.objects.get(variant__slug="changde", name="红胡")
    with translation.override("en"):
        assert pattern_names.shown_pattern("红胡", "changde") == "Red hand"  # now cached
        row.name_en = "Reds"
        row.save()  # (its signal forgets the cached names)
        assert pattern_names.shown_pattern("红胡", "changde") == "Reds"
        row.name_en = ""
        row.save()
        assert pattern_names.shown_pattern("红胡", "changde") == "红胡"


def test_the_calculators_breakdown_names_the_patterns_in_the_pages_language(defaults, client):
    url = reverse("games:calculator")
    english = _patterns(_get(client, url, "en", **RED_LAST))
    assert english == "Red hand 2 fan, Last card 2 fan"
    assert _patterns(_get(client, url, "zh-hans", **RED_LAST)) == "红胡 2 番, 海底 2 番"


@pytest.mark.parametrize("language, shown, hidden", [
    ("en", ["One red", "All black and all sets", "all of All black and All sets at once"], ["点胡", "乌胡对对胡"]),
    ("zh-hans", ["点胡", "乌胡对对胡", "乌胡和对对胡"], ["One red", "All sets"]),
])
def test_the_rules_page_names_the_patterns_and_a_combinations_parts_in_its_language(defaults, client, language,
                                                                                    shown, hidden):
    html = _get(client, reverse("games:variant_rules", args=["yongzhou_half"]), language)
    assert [s for s in shown if s not in html] == [] and [h for h in hidden if h in html] == []


@pytest.mark.parametrize("language, name", [("en", "Red hand"), ("zh-hans", "红胡")])
def test_the_tables_result_names_the_win_s_pattern_in_the_sockets_language(defaults, make_user, deal_seed,
                                                                           language, name):
    table, _by_seat, _hand = seeded_win(make_user, deal_seed)
    with translation.override(language):
        result = fragments.render_all(selectors.snapshot(table.pk, 0))["result"]
    assert name in result and ("红胡" if language == "en" else "Red hand") not in result


def test_a_daily_tasks_pattern_is_named_in_the_pages_language(defaults):
    task = DailyTask(kind=DailyTask.Kind.PATTERN, hands=2, pattern="乌胡", reward=1)
    with translation.override("en"):
        assert task.label == "Win 2 hands with All black"
    with translation.override("zh-hans"):
        assert "乌胡" in task.label


def test_the_admin_edits_the_english_name_of_each_pattern_row(defaults, admin_client):
    changde = Variant.objects.get(slug="changde")
    html = admin_client.get(reverse("admin:games_variant_change", args=[changde.pk])).content.decode()
    assert 'name="pattern_rows-0-name_en"' in html and 'value="Red hand"' in html


def test_filling_again_keeps_an_admins_own_english_name_and_the_reversal_blanks_only_ours(defaults):
    from django.apps import apps

    VariantPattern.objects.filter(variant__slug="changde", name="乌胡").update(name_en="Coal black")
    NAMES.english_names(apps)
    NAMES.english_names(apps, None, back=True)
    left = set(VariantPattern.objects.exclude(name_en="").values_list("variant__slug", "name", "name_en"))
    assert left == {("changde", "乌胡", "Coal black")}


def _migrate(targets):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.slow  # it migrates a populated database (tests/test_english_names.py likewise)
@pytest.mark.django_db(transaction=True)
def test_the_migration_runs_back_and_forth_on_a_populated_database(defaults):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    old = _migrate([("games", "0020_english_names")])  # games.0021 reversed: its column gone
    with connection.cursor() as cursor:
        columns = {c.name for c in connection.introspection.get_table_description(cursor, "games_variantpattern")}
    assert "name_en" not in columns
    OldVariant, OldPattern = old.get_model("games", "Variant"), old.get_model("games", "VariantPattern")
    OldPattern.objects.create(variant=OldVariant.objects.get(slug="changde"), order=99, code="red_count",
                              name="满堂红", fan=9, counts="14-")

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    rows = VariantPattern.objects.filter(variant__slug="changde")
    assert dict(rows.values_list("name", "name_en")) == {
        **{p["name"]: NAMES.PATTERNS[p["name"]] for p in DEFAULTS.CHANGDE_PATTERNS}, "满堂红": ""}
    assert Variant.objects.get(slug="changde").to_ruleset().patterns[-1].name == "满堂红"

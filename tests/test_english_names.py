"""Display names (docs/design.md#display-names, issue 22 item 11): a variant, a room tier and a level's
title have a Chinese name and an optional English one (`name_en`); a page in English shows the English
one, any other page the Chinese, and an empty English name falls back to the Chinese. A Chinese page never
shows an English name, and an English page never the Chinese name of a row that has an English one: the
lobby, the table page and its socket's fragments, the profile, the leaderboards, the replay, the rules."""
from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from games import selectors
from games.live import fragments
from games.models import RoomTier, Table, Variant
from money.models import DailyTask, Level
from paohuzi_site.names import is_english, shown_name

from .games.tablekit import deal_seed, seeded_win  # noqa: F401

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
DEFAULTS = import_module("games.migrations.0002_defaults")
NAMES = import_module("games.migrations.0020_english_names")
TITLES = import_module("money.migrations.0002_english_titles").TITLES
LABELS = {v["name"]: v["label"] for v in DEFAULTS.VARIANTS}
# Each default row's (Chinese, English) names.
ROWS = ([(LABELS[slug], english) for slug, english in NAMES.VARIANTS.items()]
        + list(NAMES.TIERS.items()) + list(TITLES.items()))
CHINESE, ENGLISH = {zh for zh, _en in ROWS}, {en for _zh, en in ROWS}
# What the games the fixture plays show: its room and variant, and the title of its players' level 1.
PLAYED = {"zh-hans": ["天门山", "常德全名堂", "童生"], "en": ["Tianmen Mountain", "Changde · full patterns", "Pupil"]}


def test_shown_is_the_english_name_on_an_english_page_else_the_chinese():
    tier = RoomTier(name="天门山", name_en="Tianmen Mountain")
    bare = RoomTier(name="岳麓山")
    for language, expected in (("en", "Tianmen Mountain"), ("en-gb", "Tianmen Mountain"), ("zh-hans", "天门山")):
        with translation.override(language):
            assert (tier.shown, str(tier), bare.shown, str(bare)) == (expected, expected, "岳麓山", "岳麓山")
    with translation.override("en"):
        assert str(Variant(slug="x", label="常德全名堂", name_en="Changde")) == "Changde"
        assert str(Variant(slug="x", label="常德全名堂")) == "常德全名堂"
        assert str(Level(title="童生", name_en="Pupil")) == "Pupil"
    assert not is_english("zh-hans") and not is_english("") and is_english("en-us")
    assert shown_name("秀才", "Licentiate", "en") == "Licentiate" and shown_name("秀才", "", "en") == "秀才"


def test_the_migrations_give_every_default_row_its_english_name(defaults):
    assert dict(Variant.objects.values_list("slug", "name_en")) == NAMES.VARIANTS
    assert dict(RoomTier.objects.values_list("name", "name_en")) == NAMES.TIERS
    assert dict(Level.objects.values_list("title", "name_en")) == TITLES
    assert len(CHINESE) == len(ENGLISH) == len(ROWS) == 6 + 6 + 10


def test_filling_again_keeps_an_admins_own_english_name_and_the_reversal_blanks_only_ours(defaults):
    from django.apps import apps

    RoomTier.objects.filter(name="天门山").update(name_en="Heaven's Gate")
    NAMES.english_names(apps)
    NAMES.english_names(apps, None, back=True)
    assert dict(RoomTier.objects.values_list("name", "name_en")) == {
        name: "Heaven's Gate" if name == "天门山" else "" for name in NAMES.TIERS}
    assert set(Variant.objects.values_list("name_en", flat=True)) == {""}


@pytest.fixture
def played(defaults, make_user, deal_seed):
    """ann, bob and cyd (registered) played one hand at a 天门山 table of 常德全名堂: (ann, table, hand)."""
    table, by_seat, hand = seeded_win(make_user, deal_seed)
    return next(u for u in by_seat.values() if u.username == "ann"), table, hand


def _page(client, user, url: str, language: str) -> str:
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(url)
    assert page.status_code == 200, url
    return page.content.decode()


def _names_of_the_other_language(html: str, language: str) -> set[str]:
    return {name for name in (ENGLISH if language == "zh-hans" else CHINESE) if name in html}


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_each_page_names_rooms_variants_and_titles_in_its_language(played, client, language):
    ann, table, hand = played
    ours = {zh: en for zh, en in ROWS}
    every = [*NAMES.TIERS] + [LABELS[slug] for slug in NAMES.VARIANTS]
    pages = {reverse("games:lobby"): every,  # the tiers, and the variants of the private room's form
             reverse("games:table", args=[table.pk]): PLAYED["zh-hans"],
             reverse("accounts:profile"): PLAYED["zh-hans"],  # the title, the recent hand's room and variant
             reverse("leaderboard"): ["童生"],
             hand.replay_url(): ["天门山"],
             reverse("games:how_to_play"): [LABELS[slug] for slug in NAMES.VARIANTS],
             reverse("games:calculator"): [LABELS[slug] for slug in NAMES.VARIANTS]}
    for url, names in pages.items():
        html = _page(client, ann, url, language)
        wanted = names if language == "zh-hans" else [ours[name] for name in names]
        assert [name for name in wanted if name not in html] == [], url
        assert _names_of_the_other_language(html, language) == set(), url


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_tables_socket_fragments_name_the_room_variant_and_titles_in_the_sockets_language(played, language):
    _ann, table, _hand = played
    with translation.override(language):
        parts = fragments.render_all(selectors.snapshot(table.pk, 0))
    room, variant, title = PLAYED[language]
    assert room in parts["table-info"] and variant in parts["table-info"]
    assert all(title in parts[f"seat-{p}"] for p in range(3)) and title in parts["result"]
    assert not any(_names_of_the_other_language(html, language) for html in parts.values() if isinstance(html, str))


def test_an_empty_english_name_shows_the_chinese_one_on_an_english_page(played, client):
    ann, table, _hand = played
    RoomTier.objects.filter(name="天门山").update(name_en="")
    Variant.objects.filter(slug="changde").update(name_en="")
    pupil = Level.objects.get(title="童生")
    pupil.name_en = ""
    pupil.save()  # (its signal forgets the cached level table)
    DailyTask.objects.create(kind=DailyTask.Kind.TIER, hands=2, tier=RoomTier.objects.get(name="岳麓山"), reward=1)
    lobby = _page(client, ann, reverse("games:lobby"), "en")
    assert "天门山" in lobby and "Tianmen Mountain" not in lobby and "Play 2 hands in Yuelu Mountain" in lobby
    assert "Yuelu Mountain" in lobby and "岳麓山" not in lobby  # the others keep their English names
    profile = _page(client, ann, reverse("accounts:profile"), "en")
    assert all(name in profile for name in PLAYED["zh-hans"]) and "Pupil" not in profile
    with translation.override("en"):
        info = fragments.render_all(selectors.snapshot(table.pk, 0))["table-info"]
    assert "天门山" in info and "常德全名堂" in info


def test_pages_name_the_rows_by_shown_never_by_their_chinese_column():
    """A template or view reading tier.name or variant.label would show the Chinese name on an English page."""
    found = []
    for folder in ("games", "money", "accounts", "clubs", "templates"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".html", ".py") and "migrations" not in path.parts:
                text = path.read_text(encoding="utf-8")
                found += [f"{path.relative_to(ROOT)}: {m.group()}"
                          for m in re.finditer(r"\btiers?\.name\b|\bvariant\.label\b|\bTable\.tier\.name\b", text)]
    assert found == []


def test_a_coin_table_is_listed_by_its_name_in_the_pages_language(played, client):
    ann, table, _hand = played
    assert Table.objects.get(pk=table.pk).tier.name == "天门山"
    with translation.override("en"):
        assert str(table) == f"#{table.pk} Tianmen Mountain · Changde · full patterns"
    with translation.override("zh-hans"):
        assert str(table) == f"#{table.pk} 天门山 · 常德全名堂"


BEFORE = [("games", "0019_seat_auto_play_kept"), ("money", "0001_initial")]


def _migrate(targets):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.slow  # it migrates a populated database (tests/money/test_move_migration.py likewise)
@pytest.mark.django_db(transaction=True)
def test_the_migrations_run_back_and_forth_on_a_populated_database(defaults):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    old = _migrate(BEFORE)  # games.0020 and money.0002 reversed: their columns gone
    with connection.cursor() as cursor:
        assert "name_en" not in {c.name for c in connection.introspection.get_table_description(cursor, "accounts_level")}
    old.get_model("games", "RoomTier").objects.create(name="茶馆", multiplier=1, entry_coins=1, experience_per_hand=1)
    OldLevel = old.get_model("money", "Level")
    OldLevel.objects.all().delete()
    OldLevel.objects.create(experience=0, title="新手"), OldLevel.objects.create(experience=100, title="秀才")

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert dict(RoomTier.objects.values_list("name", "name_en")) == {**NAMES.TIERS, "茶馆": ""}
    assert dict(Variant.objects.values_list("slug", "name_en")) == NAMES.VARIANTS
    assert dict(Level.objects.values_list("title", "name_en")) == {"新手": "", "秀才": "Licentiate"}

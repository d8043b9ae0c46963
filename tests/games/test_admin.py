"""The admin: pages load, a variant the engine rejects is refused with its message, tiers edit in the
list, game records are read-only, and the "try it" box scores a hand with the variant — in Chinese."""
import dataclasses
import html
import json
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games.admin import VariantAdmin, VariantPatternInline
from games.models import Hand, RoomTier, Table, Variant
from money.models import LedgerEntry
from games.rules.variants import RuleSet
from money.ledger import ledger_settle

pytestmark = pytest.mark.django_db


def variant_form(variant: Variant, **changes) -> dict:
    """The change form's POST data for `variant` as it stands, with `changes` applied."""
    data = {}
    for field in Variant._meta.concrete_fields:
        if field.name == "id":
            continue
        value = getattr(variant, field.attname)
        if isinstance(value, bool):
            if value:
                data[field.name] = "on"
        elif isinstance(value, (dict, list)):  # a JSON field (room_options)
            data[field.name] = json.dumps(value)
        else:
            data[field.name] = value
    rows = list(variant.pattern_rows.all())
    data.update({"pattern_rows-TOTAL_FORMS": len(rows), "pattern_rows-INITIAL_FORMS": len(rows),
                 "pattern_rows-MIN_NUM_FORMS": 0, "pattern_rows-MAX_NUM_FORMS": 1000})
    for i, row in enumerate(rows):
        for name in ("id", "order", "code", "name", "name_en", "fan", "counts", "step", "alone_fan", "of"):
            value = getattr(row, name)
            data[f"pattern_rows-{i}-{name}"] = "" if value is None else value
        data[f"pattern_rows-{i}-variant"] = variant.pk
    data.update({k: json.dumps(v) if isinstance(v, (dict, list)) else v for k, v in changes.items()})
    return {k: v for k, v in data.items() if v is not False}


@pytest.fixture
def changde(defaults):
    return Variant.objects.get(slug="changde")


@pytest.fixture
def played_hand(changde, make_user):
    table = Table.objects.create(kind=Table.Kind.COIN, tier=RoomTier.objects.get(name="天门山"), variant=changde)
    hand = Hand.objects.create(table=table, number=1, seed="9", dealer=0, finished_at=timezone.now())
    a, b = make_user("a"), make_user("b")
    ledger_settle(f"hand:{hand.pk}", {a: 10, b: -10}, hand=hand)
    return hand


def test_admin_pages_load_in_chinese(admin_client, changde, played_hand):
    pages = [reverse("admin:index"), reverse("admin:games_variant_changelist"),
             reverse("admin:games_variant_change", args=[changde.pk]), reverse("admin:games_variant_add"),
             reverse("admin:games_roomtier_changelist"), reverse("admin:games_table_changelist"),
             reverse("admin:games_table_change", args=[played_hand.table_id]),
             reverse("admin:games_hand_changelist"), reverse("admin:games_hand_change", args=[played_hand.pk]),
             reverse("admin:money_ledgerentry_changelist"), reverse("admin:accounts_user_changelist")]
    for url in pages:
        assert admin_client.get(url).status_code == 200, url
    change = admin_client.get(reverse("admin:games_variant_change", args=[changde.pk])).content.decode()
    assert "最低胡息" in change and "红胡" in change and 'id="try-it"' in change


def test_admin_saves_a_valid_change_to_a_variant(admin_client, changde):
    response = admin_client.post(reverse("admin:games_variant_change", args=[changde.pk]),
                                 variant_form(changde, min_huxi=18))
    assert response.status_code == 302
    changde.refresh_from_db()
    assert changde.to_ruleset().min_huxi == 18


def test_admin_refuses_a_variant_the_engine_rejects_with_its_message(admin_client, changde):
    url = reverse("admin:games_variant_change", args=[changde.pk])
    response = admin_client.post(url, variant_form(changde, grade_step=0))
    assert response.status_code == 200
    assert "每等胡息不能小于 1" in response.content.decode()  # RuleSetError "huxi_grade", translated
    combo = admin_client.post(url, variant_form(changde, **{"pattern_rows-0-code": "combo",
                                                            "pattern_rows-0-of": "红胡+没有"}))
    assert combo.status_code == 200 and "没有" in str(combo.context["inline_admin_formsets"][0].formset.non_form_errors())
    changde.refresh_from_db()
    assert changde.grade_step == 3 and changde.pattern_rows.get(name="红胡").code == "red_count"


def test_admin_edits_room_tiers_in_the_list(admin_client, defaults):
    tiers = list(RoomTier.objects.order_by("order"))
    data = {"form-TOTAL_FORMS": len(tiers), "form-INITIAL_FORMS": len(tiers), "_save": "1"}
    for i, tier in enumerate(tiers):
        data.update({f"form-{i}-id": tier.pk, f"form-{i}-order": tier.order,
                     f"form-{i}-multiplier": tier.multiplier, f"form-{i}-multiplier_min": "",
                     f"form-{i}-multiplier_max": "", f"form-{i}-entry_coins": tier.entry_coins,
                     f"form-{i}-upper_bound": tier.upper_bound or "",
                     f"form-{i}-experience_per_hand": tier.experience_per_hand,
                     f"form-{i}-same_address": tier.same_address, f"form-{i}-bot_level": tier.bot_level})
    data["form-0-multiplier"], data["form-0-same_address"], data["form-0-bot_level"] = 5, "warn", "hard"
    response = admin_client.post(reverse("admin:games_roomtier_changelist"), data)
    assert response.status_code == 302
    changed = RoomTier.objects.get(name="天门山")
    assert (changed.multiplier, changed.same_address, changed.bot_level) == (5, RoomTier.SameAddress.WARN, "hard")


def test_admin_game_records_are_read_only_with_a_replay_link(admin_client, played_hand):
    for model in ("games_table", "games_hand", "money_ledgerentry"):
        assert admin_client.get(reverse(f"admin:{model}_add")).status_code == 403
    page = admin_client.get(reverse("admin:games_hand_change", args=[played_hand.pk])).content.decode()
    assert played_hand.replay_url() in page and 'name="seed"' not in page


def test_admin_ledger_filters_by_account_and_date(admin_client, played_hand):
    entry = LedgerEntry.objects.filter(hand=played_hand, amount=10).get()
    url = reverse("admin:money_ledgerentry_changelist")
    by_account = admin_client.get(url, {"account__id__exact": entry.account_id})
    assert list(by_account.context["cl"].queryset) == list(LedgerEntry.objects.filter(account=entry.account))
    today = timezone.localdate()
    by_date = admin_client.get(url, {"created_at__year": today.year, "created_at__month": today.month,
                                     "created_at__day": today.day})
    assert by_date.context["cl"].result_count == LedgerEntry.objects.count()



def test_admin_ledger_reads_each_rows_reason_without_a_query_per_hand(admin_client, played_hand):
    """The reason column names each hand's room: read with the page's rows, not hand by hand."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = reverse("admin:money_ledgerentry_changelist")

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert admin_client.get(url).status_code == 200
        return len(captured)

    before = queries()
    a, b = LedgerEntry.objects.filter(hand=played_hand).order_by("amount").values_list("account", flat=True)
    users = get_user_model().objects.in_bulk([a, b])
    for number in range(2, 8):
        hand = Hand.objects.create(table=played_hand.table, number=number, seed="9", dealer=0,
                                   finished_at=timezone.now())
        ledger_settle(f"hand:{hand.pk}", {users[b]: 10, users[a]: -10}, hand=hand)
    assert queries() == before

TRY = {"groups": "碰 贰贰贰\nwei 捌捌捌", "hand": "一二三四五六七八九十十壹贰叁", "card": "十", "source": "own_draw"}


def test_try_it_scores_a_hand_with_the_variant(admin_client, changde):
    page = admin_client.post(reverse("admin:games_variant_try", args=[changde.pk]), TRY)
    assert page.status_code == 200
    win = page.context["result"]
    assert (win.huxi, win.grade, win.base, win.self_draw) == (21, 3, 4, True)  # R8.1, R8.3: 1+6//3, +1
    html = page.content.decode()
    assert '<dd id="score-base">4</dd>' in html and 'id="score-formula">3 等 + 1 自摸 = 底 4</p>' in html


def test_try_it_uses_the_variants_own_rules(admin_client, defaults):
    luzhou = Variant.objects.get(slug="luzhou_grade")  # R10.3 hu-xi table, one grade per hu-xi from 10
    win = admin_client.post(reverse("admin:games_variant_try", args=[luzhou.pk]), TRY).context["result"]
    assert (win.huxi, win.base) == (36, 28)


def test_try_it_explains_no_win_and_bad_cards_as_an_htmx_fragment(admin_client, changde):
    url = reverse("admin:games_variant_try", args=[changde.pk])
    discard = admin_client.post(url, {**TRY, "source": "discard"}, headers={"HX-Request": "true"})
    html = discard.content.decode()
    assert html.startswith('<div id="try-result">') and "R7.3" in html
    bad = admin_client.post(url, {**TRY, "hand": "一二三x"}, headers={"HX-Request": "true"})
    assert bad.context["result"] is None and "x" in bad.content.decode()


def test_r10_every_ruleset_field_is_in_the_variant_admins_fieldsets():
    shown = set()
    for _title, options in VariantAdmin.fieldsets:
        for entry in options["fields"]:
            shown.update(entry if isinstance(entry, tuple) else (entry,))
    for field in dataclasses.fields(RuleSet):
        if field.name == "huxi":
            assert {name for name in shown if name.startswith("huxi_")} == {
                f.name for f in Variant._meta.concrete_fields if f.name.startswith("huxi_")}
        elif field.name == "patterns":
            assert VariantPatternInline in VariantAdmin.inlines
        else:
            assert {"name": "slug"}.get(field.name, field.name) in shown, field.name
    assert "pair_plus_others_card" in shown


def test_r7_1_the_admin_sets_the_pair_reading_and_the_engine_gets_it(admin_client, changde):
    response = admin_client.post(reverse("admin:games_variant_change", args=[changde.pk]),
                                 variant_form(changde, pair_plus_others_card="kan"))
    assert response.status_code == 302
    changde.refresh_from_db()
    assert changde.to_ruleset().pair_plus_others_card == "kan"


def test_admin_pattern_kinds_are_labelled_in_chinese(admin_client, changde):
    page = admin_client.get(reverse("admin:games_variant_change", args=[changde.pk])).content.decode()
    assert '<option value="red_count" selected>红牌数</option>' in page
    assert '<option value="last_card" selected>海底</option>' in page and ">组合</option>" in page
    assert not re.search(r">(red|big|small)_count<|>last_card<|>combo<", page)


PLAIN_LAST = {"hand": "壹壹壹叁叁叁一二三二七十四五六七八九伍陆", "card": "柒", "source": "other_draw",
              "last_card": "on"}  # 18 hu-xi (grade 2), no other pattern in Changde


def test_r10_1_haidi_alone_fan_set_in_the_admin_shows_in_the_try_box(admin_client, changde):
    url = reverse("admin:games_variant_try", args=[changde.pk])
    before = admin_client.post(url, PLAIN_LAST).context["result"]
    assert (before.patterns, before.fan, before.base) == ((("海底", 1),), 1, 2)  # R10.1: 1 if plain
    rows = list(changde.pattern_rows.all())
    i = next(n for n, row in enumerate(rows) if row.code == "last_card")
    saved = admin_client.post(reverse("admin:games_variant_change", args=[changde.pk]),
                              variant_form(changde, **{f"pattern_rows-{i}-alone_fan": 2}))
    assert saved.status_code == 302
    page = admin_client.post(url, PLAIN_LAST, headers={"HX-Request": "true"})
    after = page.context["result"]
    assert (after.patterns, after.fan, after.base) == ((("海底", 2),), 2, 4)
    fragment = page.content.decode()
    assert "海底 2 番" in fragment and 'id="score-formula">2 等 × 2 番 = 底 4</p>' in fragment


ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _text(fragment: str, *typed: str) -> str:
    """What the page says: tags stripped, entities decoded, and the notation the user typed taken out."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    for value in typed:
        text = text.replace(value, " ")
    return text


def _errors(page: str) -> str:
    return " ".join(re.findall(r'<ul class="errorlist[^"]*">(.*?)</ul>', page, flags=re.S))


def test_admin_refusals_and_breakdowns_have_no_english_on_a_chinese_page(admin_client, changde):
    combo = admin_client.post(reverse("admin:games_variant_change", args=[changde.pk]), variant_form(
        changde, **{"pattern_rows-0-code": "combo", "pattern_rows-0-of": "红胡+没有"}))  # a RuleSetError
    errors = _text(_errors(combo.content.decode()))
    assert "组合“红胡”里有不存在的名堂：没有" in errors and not ENGLISH_WORD.search(errors), errors
    url = reverse("admin:games_variant_try", args=[changde.pk])
    cases = {  # (form, what the result says)
        "bad card": ({**TRY, "hand": "一二三xyz"}, "手牌：“x”不是牌。"),
        "bad group": ({**TRY, "groups": "碰 五五伍"}, "第 1 组：五五伍 不是碰。"),
        "too many copies": ({**TRY, "groups": "提 一一一一"}, "共有 5 张一"),
        "shape": ({**TRY, "card": "玖", "source": "other_draw"}, "这些牌组不成 7 方门子。"),
        "huxi": ({**TRY, "groups": "碰 五五五\n碰 玖玖玖", "source": "other_draw"}, "胡息低于本玩法的起胡息数。"),
        "source": ({**TRY, "source": "discard"}, "这张牌从该来源不能胡。"),
        "self-drawn win": (TRY, "3 等 + 1 自摸 = 底 4"),
        "win with a pattern": (PLAIN_LAST, "海底 1 番"),
        "heavenly hu": ({"hand": "一一一一二二二二三三三三肆伍陆柒捌玖拾壹", "heavenly": "on"}, "天胡按两倍胡息 54 计"),
    }
    for case, (form, says) in cases.items():
        fragment = admin_client.post(url, form, headers={"HX-Request": "true"}).content.decode()
        text = _text(fragment, *(value for value in form.values() if value != "on"))
        assert says in text and not ENGLISH_WORD.search(text), (case, text)


@pytest.fixture
def hand_in_play(defaults, make_user):
    from tests.games.tablekit import private_table

    table = private_table([make_user(n) for n in ("ann", "bob", "cyd")], variant=Variant.objects.get(slug="changde"))
    return table.hands.get()


def _secrets_of(hand: Hand) -> list[str]:
    """What the admin must not show of a hand in play: its seeds, each seat's cards and the stock's order,
    as the engine's JSON holds them."""
    state = hand.state
    return [hand.seed, hand.server_seed, '"stock"', '"hands"', str(state["stock"])[:40]]


def test_r2_the_admin_shows_no_seed_stock_or_hand_of_a_hand_in_play_then_all_once_it_ends(admin_client,
                                                                                           hand_in_play):
    url = reverse("admin:games_hand_change", args=[hand_in_play.pk])
    page = admin_client.get(url).content.decode()
    assert admin_client.get(url).status_code == 200
    assert not [s for s in _secrets_of(hand_in_play) if html.escape(s) in page or s in page]
    assert 'name="actionlog_set' not in page and "actionlog" not in page.lower()
    Hand.objects.filter(pk=hand_in_play.pk).update(finished_at=timezone.now())
    ended = admin_client.get(url).content.decode()
    assert hand_in_play.server_seed in ended and hand_in_play.seed in ended
    assert html.escape('"stock"') in ended and html.escape('"hands"') in ended


@pytest.mark.parametrize("model, lookup", [("hand", "server_seed__startswith"), ("hand", "state__icontains"),
                                           ("hand", "seed__startswith"), ("table", "next_server_seed__startswith")])
def test_r2_the_admins_lists_take_no_filter_on_a_secret_field(admin_client, hand_in_play, model, lookup):
    """A filter would spell out a secret a character at a time: the admin refuses it (its "invalid
    lookup" answer), whatever matches."""
    response = admin_client.get(reverse(f"admin:games_{model}_changelist"), {lookup: "a"})
    assert response.status_code in (302, 400)


def test_the_admin_chooses_the_options_friends_may_change_and_bad_bounds_are_refused(admin_client, changde):
    url = reverse("admin:games_variant_change", args=[changde.pk])
    page = admin_client.post(url, variant_form(changde, room_options={"base_cap": [0, 99999]}))
    assert page.status_code == 200 and "base_cap" in html.unescape(page.content.decode())
    changde.refresh_from_db()
    assert changde.room_options != {"base_cap": [0, 99999]}
    assert admin_client.post(url, variant_form(changde, room_options={"base_cap": [0, 50]})).status_code == 302
    changde.refresh_from_db()
    assert changde.room_options == {"base_cap": [0, 50]}

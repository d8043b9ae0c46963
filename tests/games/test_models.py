"""Models: variants build the engine's RuleSet (R10), the R11 tiers, constraints, append-only records."""
import dataclasses

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation

from games.models import (HUXI_NAMES, PATTERN_LABELS, ActionLog, AppendOnlyError, Hand, RoomTier, Seat, Table,
                          Variant, VariantPattern)
from games.rules.groups import HuxiTable
from games.rules.variants import PATTERN_CODES, PRESETS, RuleSet

pytestmark = pytest.mark.django_db

# docs/rules.md R11, with each tier's upper bound = the next tier's entry; the last has none.
R11_TIERS = [
    ("天门山", 2, 100, 2_500, 3),
    ("岳麓山", 50, 2_500, 10_000, 6),
    ("桃花源", 200, 10_000, 50_000, 9),
    ("黄龙洞", 1_000, 50_000, 500_000, 12),
    ("石燕湖", 10_000, 500_000, 4_000_000, 12),
    ("洞庭湖", 80_000, 4_000_000, None, 12),
]


@pytest.mark.parametrize("name", list(PRESETS))
def test_r10_variant_to_ruleset_equals_the_engine_preset(defaults, name):
    assert Variant.objects.get(slug=name).to_ruleset() == PRESETS[name]


# Variant columns that are no RuleSet field: the admin's own, and those the RuleSet's name and hu-xi
# table are built from.
ADMIN_ONLY = {"id", "label", "name_en", "active", "order", "room_options"}  # room_options: games.room_options
BUILT = {"slug"} | {f"huxi_{n}_{s}" for n in HUXI_NAMES for s in ("small", "big")}


def test_r10_every_ruleset_field_is_stored_on_the_variant():
    columns = {f.name: f for f in Variant._meta.concrete_fields}
    assert HUXI_NAMES == tuple(f.name for f in dataclasses.fields(HuxiTable))
    for field in dataclasses.fields(RuleSet):
        if field.name == "huxi":
            assert BUILT - {"slug"} <= set(columns)
        elif field.name == "player_counts":
            assert columns[field.name].default == ",".join(map(str, field.default))
        elif field.name not in ("name", "patterns"):
            assert columns[field.name].default == field.default, field.name
    # and nothing else: every other column is a RuleSet field of the same name
    assert set(columns) - ADMIN_ONLY - BUILT == {f.name for f in dataclasses.fields(RuleSet)} - {
        "name", "huxi", "patterns"}


def test_r10_a_new_variant_is_the_default_rule_set():
    assert Variant(slug="x").to_ruleset() == RuleSet("x")


def test_r10_pattern_kinds_are_every_registered_code_with_a_label():
    assert [code for code, _label in VariantPattern._meta.get_field("code").choices] == list(PATTERN_CODES)
    assert set(PATTERN_LABELS) == set(PATTERN_CODES)
    with translation.override("zh-hans"):
        labels = dict(VariantPattern._meta.get_field("code").choices)
        assert (str(labels["red_count"]), str(labels["last_card"]), str(labels["combo"])) == ("红牌数", "海底", "组合")


def test_r11_data_migration_installs_exactly_the_six_tiers():
    rows = list(RoomTier.objects.order_by("order").values_list(
        "name", "multiplier", "entry_coins", "upper_bound", "experience_per_hand"))
    assert rows == R11_TIERS
    assert not RoomTier.objects.filter(multiplier__isnull=True).exists()


def test_data_migration_installs_the_six_presets_and_runs_twice_harmlessly(defaults):
    from importlib import import_module

    from django.apps import apps
    import_module("games.migrations.0002_defaults").install_defaults(apps)
    assert sorted(Variant.objects.values_list("slug", flat=True)) == sorted(PRESETS)
    assert RoomTier.objects.count() == 6
    assert VariantPattern.objects.filter(variant__slug="changde").count() == len(PRESETS["changde"].patterns)


def test_variant_the_engine_rejects_fails_validation_with_its_message(defaults):
    variant = Variant.objects.get(slug="changde")
    variant.grade_step = 0
    with translation.override("en"), pytest.raises(ValidationError, match="hu-xi per grade 1 or more"):
        variant.full_clean()
    with translation.override("zh-hans"), pytest.raises(ValidationError, match="每等胡息不能小于 1"):
        variant.full_clean()
    variant.grade_step, variant.player_counts = 3, "3,5"
    with translation.override("en"), pytest.raises(ValidationError, match="Player counts must be among"):
        variant.full_clean()
    variant.player_counts = "3;4"
    with translation.override("zh-hans"), pytest.raises(ValidationError, match="人数：请用逗号分隔的数字"):
        variant.full_clean()
    variant.player_counts = "2,3"
    variant.full_clean()


def test_pattern_row_is_validated_alone():
    row = VariantPattern(code="red_count", name="红胡", fan=2, counts="")
    with translation.override("en"), pytest.raises(ValidationError, match="needs counts"):
        row.clean()
    with translation.override("zh-hans"), pytest.raises(ValidationError, match="名堂“红胡”：按张数计的名堂需要填写张数"):
        row.clean()


def test_r11_tier_is_fixed_or_floating_and_admits_by_coins():
    tier = RoomTier(name="x", multiplier=2, multiplier_min=600, multiplier_max=1500, entry_coins=10,
                    experience_per_hand=1)
    with pytest.raises(ValidationError):
        tier.clean()
    tier.multiplier = None
    tier.clean()
    assert tier.is_floating
    with pytest.raises(IntegrityError), transaction.atomic():
        RoomTier.objects.create(name="both", multiplier=2, multiplier_min=1, multiplier_max=3,
                                entry_coins=1, experience_per_hand=1)
    first = RoomTier.objects.get(name="天门山")
    assert [first.admits(c) for c in (99, 100, 2_500, 2_501)] == [False, True, True, False]


@pytest.fixture
def table(defaults):
    return Table.objects.create(kind=Table.Kind.COIN, tier=RoomTier.objects.get(name="天门山"),
                                variant=Variant.objects.get(slug="changde"))


def test_a_coin_table_needs_a_tier_and_a_private_one_an_invite_code(defaults):
    changde = Variant.objects.get(slug="changde")
    for kind in (Table.Kind.COIN, Table.Kind.PRIVATE):
        with pytest.raises(IntegrityError), transaction.atomic():
            Table.objects.create(kind=kind, variant=changde)


def test_one_seat_per_user_per_table_and_a_seat_is_a_user_or_a_bot(table, make_user):
    user = make_user()
    Seat.objects.create(table=table, position=0, user=user)
    Seat.objects.create(table=table, position=1, is_bot=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=2, user=user)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=2)  # neither a user nor a bot
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, position=1, is_bot=True)


def test_action_log_is_unique_per_hand_and_move_and_append_only(table):
    hand = Hand.objects.create(table=table, number=1, seed="7", dealer=0)
    entry = ActionLog.objects.create(hand=hand, move_no=1, seat=0, action={"verb": "discard", "card": "五"})
    with pytest.raises(IntegrityError), transaction.atomic():
        ActionLog.objects.create(hand=hand, move_no=1, seat=1, action={"verb": "pass"})
    entry.action = {"verb": "pass"}
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        ActionLog.objects.filter(hand=hand).update(seat=2)
    with pytest.raises(AppendOnlyError):
        ActionLog.objects.filter(hand=hand).delete()
    assert ActionLog.objects.get().action == {"verb": "discard", "card": "五"}

"""Defaults: the six variant presets of Rules engine I and the six coin room tiers of docs/rules.md R11.

The data is copied here as literals (from games.rules.variants.PRESETS → RuleSet.to_dict()), so this
migration keeps installing the same rows whatever the engine's code becomes later. Running it twice
changes nothing: rows are matched by their code / name (tests/conftest.py reinstalls them after a
transactional test has emptied the tables).
"""
from django.db import migrations

# Hu-xi tables (R4, R10.3) and the Changde fan table (R10.1), shared by several presets.
STANDARD_HUXI = {'peng': [1, 3],
                 'peng_red': [1, 3],
                 'kan': [3, 6],
                 'kan_red': [3, 6],
                 'pao': [6, 9],
                 'pao_red': [6, 9],
                 'ti': [9, 12],
                 'ti_red': [9, 12],
                 's123': [3, 6],
                 's2710': [3, 6]}
LUZHOU_HUXI = {'peng': [1, 3],
               'peng_red': [6, 9],
               'kan': [6, 9],
               'kan_red': [9, 12],
               'pao': [9, 12],
               'pao_red': [12, 15],
               'ti': [12, 15],
               'ti_red': [15, 18],
               's123': [3, 6],
               's2710': [6, 9]}
CHANGDE_PATTERNS = [{'code': 'red_count', 'name': '红胡', 'fan': 2, 'counts': '4,7,11-12'},
                    {'code': 'red_count', 'name': '真点胡', 'fan': 4, 'counts': '1'},
                    {'code': 'red_count', 'name': '假点胡', 'fan': 3, 'counts': '10'},
                    {'code': 'red_count', 'name': '红乌', 'fan': 4, 'counts': '13-', 'step': 1},
                    {'code': 'red_count', 'name': '乌胡', 'fan': 5, 'counts': '0'},
                    {'code': 'all_sets', 'name': '对对胡', 'fan': 5},
                    {'code': 'big_count', 'name': '大', 'fan': 6, 'counts': '18-', 'step': 1},
                    {'code': 'small_count', 'name': '小', 'fan': 8, 'counts': '16-', 'step': 1},
                    {'code': 'last_card', 'name': '海底', 'fan': 2, 'alone_fan': 1}]
# Each variant: RuleSet.to_dict() of the preset plus its Chinese label and list order.
VARIANTS = [
    {
        'name': 'changde', 'label': '常德全名堂', 'order': 0,
        'huxi': STANDARD_HUXI,
        'patterns': CHANGDE_PATTERNS,
        'min_huxi': 15,
        'grade_from': 15,
        'grade_step': 3,
        'self_draw_grades': 1,
        'self_draw_before_fan': True,
        'discard_win': False,
        'heavenly_double_huxi': True,
        'mandatory_heavenly_rest': True,
        'player_counts': [2, 3],
        'drawn_hands_to_rotate': 3,
    },
    {
        'name': 'yongzhou_basic', 'label': '永州·基础', 'order': 1,
        'huxi': STANDARD_HUXI,
        'patterns': [{'code': 'red_count', 'name': '红胡', 'fan': 2, 'counts': '10-12'},
                     {'code': 'red_count', 'name': '点胡', 'fan': 3, 'counts': '1'},
                     {'code': 'red_count', 'name': '红乌', 'fan': 4, 'counts': '13-'},
                     {'code': 'red_count', 'name': '乌胡', 'fan': 5, 'counts': '0'}],
        'min_huxi': 15,
        'grade_from': 15,
        'grade_step': 3,
        'self_draw_grades': 1,
        'self_draw_before_fan': True,
        'discard_win': False,
        'heavenly_double_huxi': False,
        'mandatory_heavenly_rest': True,
        'player_counts': [3, 4],
        'drawn_hands_to_rotate': 3,
    },
    {
        'name': 'yongzhou_half', 'label': '永州·半名堂', 'order': 2,
        'huxi': STANDARD_HUXI,
        'patterns': [{'code': 'red_count', 'name': '红胡', 'fan': 2, 'counts': '10-12'},
                     {'code': 'red_count', 'name': '点胡', 'fan': 3, 'counts': '1'},
                     {'code': 'red_count', 'name': '红乌', 'fan': 4, 'counts': '13-'},
                     {'code': 'red_count', 'name': '乌胡', 'fan': 5, 'counts': '0'},
                     {'code': 'all_sets', 'name': '对对胡', 'fan': 4},
                     {'code': 'combo', 'name': '乌胡对对胡', 'fan': 10, 'of': '乌胡+对对胡'},
                     {'code': 'last_card', 'name': '海底', 'fan': 2, 'alone_fan': 1}],
        'min_huxi': 15,
        'grade_from': 15,
        'grade_step': 3,
        'self_draw_grades': 1,
        'self_draw_before_fan': True,
        'discard_win': False,
        'heavenly_double_huxi': False,
        'mandatory_heavenly_rest': True,
        'player_counts': [3, 4],
        'drawn_hands_to_rotate': 3,
    },
    {
        'name': 'yongzhou_full', 'label': '永州·全名堂', 'order': 3,
        'huxi': STANDARD_HUXI,
        'patterns': CHANGDE_PATTERNS,
        'min_huxi': 15,
        'grade_from': 15,
        'grade_step': 3,
        'self_draw_grades': 1,
        'self_draw_before_fan': True,
        'discard_win': False,
        'heavenly_double_huxi': True,
        'mandatory_heavenly_rest': True,
        'player_counts': [3, 4],
        'drawn_hands_to_rotate': 3,
    },
    {
        'name': 'luzhou_grade', 'label': '泸州·等级', 'order': 4,
        'huxi': LUZHOU_HUXI,
        'patterns': [{'code': 'heavenly', 'name': '天胡', 'fan': 2},
                     {'code': 'earthly', 'name': '地胡', 'fan': 2}],
        'min_huxi': 10,
        'grade_from': 10,
        'grade_step': 1,
        'self_draw_grades': 1,
        'self_draw_before_fan': True,
        'discard_win': True,
        'heavenly_double_huxi': False,
        'mandatory_heavenly_rest': True,
        'player_counts': [3, 4],
        'drawn_hands_to_rotate': 3,
    },
    {
        'name': 'luzhou_redblack', 'label': '泸州·红黑胡', 'order': 5,
        'huxi': LUZHOU_HUXI,
        'patterns': [{'code': 'heavenly', 'name': '天胡', 'fan': 2},
                     {'code': 'earthly', 'name': '地胡', 'fan': 2},
                     {'code': 'red_count', 'name': '红胡', 'fan': 2, 'counts': '10-'},
                     {'code': 'red_count', 'name': '乌胡', 'fan': 4, 'counts': '0'}],
        'min_huxi': 10,
        'grade_from': 10,
        'grade_step': 1,
        'self_draw_grades': 1,
        'self_draw_before_fan': True,
        'discard_win': True,
        'heavenly_double_huxi': False,
        'mandatory_heavenly_rest': True,
        'player_counts': [3, 4],
        'drawn_hands_to_rotate': 3,
    },
]

# R11 (002): name, multiplier, coins to enter, experience per hand. The upper bound of each tier is the
# next tier's entry (a player with more coins moves up, R11); the last tier has none.
TIERS = [
    ("天门山", 2, 100, 3),
    ("岳麓山", 50, 2_500, 6),
    ("桃花源", 200, 10_000, 9),
    ("黄龙洞", 1_000, 50_000, 12),
    ("石燕湖", 10_000, 500_000, 12),
    ("洞庭湖", 80_000, 4_000_000, 12),
]

PATTERN_DEFAULTS = {"counts": "", "step": 0, "alone_fan": None, "of": ""}


def install_defaults(apps, schema_editor=None):
    Variant = apps.get_model("games", "Variant")
    VariantPattern = apps.get_model("games", "VariantPattern")
    RoomTier = apps.get_model("games", "RoomTier")
    for preset in VARIANTS:
        fields = {k: v for k, v in preset.items() if k not in ("name", "huxi", "patterns")}
        fields["player_counts"] = ",".join(str(n) for n in preset["player_counts"])
        for kind, (small, big) in preset["huxi"].items():
            fields[f"huxi_{kind}_small"], fields[f"huxi_{kind}_big"] = small, big
        variant, _created = Variant.objects.update_or_create(slug=preset["name"], defaults=fields)
        variant.pattern_rows.all().delete()
        VariantPattern.objects.bulk_create(
            VariantPattern(variant=variant, order=i, **{**PATTERN_DEFAULTS, **row})
            for i, row in enumerate(preset["patterns"]))
    for order, (name, multiplier, entry, experience) in enumerate(TIERS):
        upper = TIERS[order + 1][2] if order + 1 < len(TIERS) else None
        RoomTier.objects.update_or_create(name=name, defaults=dict(
            order=order, multiplier=multiplier, multiplier_min=None, multiplier_max=None,
            entry_coins=entry, upper_bound=upper, experience_per_hand=experience))


def remove_defaults(apps, schema_editor):
    apps.get_model("games", "Variant").objects.filter(slug__in=[v["name"] for v in VARIANTS]).delete()
    apps.get_model("games", "RoomTier").objects.filter(name__in=[t[0] for t in TIERS]).delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(install_defaults, remove_defaults)]

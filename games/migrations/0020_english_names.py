"""English names (paohuzi_site.names): the column `name_en` of variants and room tiers, and the English
names of the rows games.0002 installs (an admin's own English name is kept; a reversal blanks only ours).
Running the fill twice changes nothing (tests/conftest.py runs it again after a transactional test)."""
from functools import partial

from django.db import migrations, models

# The English names of games.0002's rows: variants by code (their Chinese label in the comment), tiers by
# their Chinese name.
VARIANTS = {
    "changde": "Changde · full patterns",           # 常德全名堂
    "yongzhou_basic": "Yongzhou · basic",           # 永州·基础
    "yongzhou_half": "Yongzhou · half patterns",    # 永州·半名堂
    "yongzhou_full": "Yongzhou · full patterns",    # 永州·全名堂
    "luzhou_grade": "Luzhou · grades",              # 泸州·等级
    "luzhou_redblack": "Luzhou · red and black",    # 泸州·红黑胡
}
TIERS = {
    "天门山": "Tianmen Mountain",
    "岳麓山": "Yuelu Mountain",
    "桃花源": "Peach Blossom Spring",
    "黄龙洞": "Yellow Dragon Cave",
    "石燕湖": "Shiyan Lake",
    "洞庭湖": "Dongting Lake",
}
HELP = "Shown on pages in English instead of the Chinese name. Empty: they show the Chinese name too."


def english_names(apps, schema_editor=None, *, back: bool = False) -> None:
    """Fill the English names where empty (back: blank those that are still ours)."""
    for model, key, names in (("Variant", "slug", VARIANTS), ("RoomTier", "name", TIERS)):
        rows = apps.get_model("games", model).objects
        for which, english in names.items():
            old, new = (english, "") if back else ("", english)
            rows.filter(**{key: which, "name_en": old}).update(name_en=new)


class Migration(migrations.Migration):
    dependencies = [("games", "0019_seat_auto_play_kept")]
    operations = [
        migrations.AddField(
            model_name="roomtier", name="name_en",
            field=models.CharField(blank=True, help_text=HELP, max_length=40, verbose_name="English name")),
        migrations.AddField(
            model_name="variant", name="name_en",
            field=models.CharField(blank=True, help_text=HELP, max_length=60, verbose_name="English name")),
        migrations.RunPython(english_names, partial(english_names, back=True)),
    ]

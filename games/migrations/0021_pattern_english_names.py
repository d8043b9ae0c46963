"""English names of the pattern rows (名堂, R8.2; paohuzi_site.names): the column `name_en` of
VariantPattern and the English names of the rows games.0002 installs, matched by their Chinese name (an
admin's own English name is kept; a reversal blanks only ours). Running the fill twice changes nothing."""
from functools import partial

from django.db import migrations, models

PATTERNS = {
    "红胡": "Red hand",
    "点胡": "One red",
    "真点胡": "True one red",
    "假点胡": "False one red",
    "红乌": "All red",
    "乌胡": "All black",
    "对对胡": "All sets",
    "乌胡对对胡": "All black and all sets",
    "大": "Big cards",
    "小": "Small cards",
    "海底": "Last card",
    "天胡": "Heavenly hu",
    "地胡": "Earthly hu",
}
HELP = "Shown on pages in English instead of the Chinese name. Empty: they show the Chinese name too."


def english_names(apps, schema_editor=None, *, back: bool = False) -> None:
    """Fill the English names where empty (back: blank those that are still ours)."""
    rows = apps.get_model("games", "VariantPattern").objects
    for name, english in PATTERNS.items():
        old, new = (english, "") if back else ("", english)
        rows.filter(name=name, name_en=old).update(name_en=new)


class Migration(migrations.Migration):
    dependencies = [("games", "0020_english_names")]
    operations = [
        migrations.AddField(
            model_name="variantpattern", name="name_en",
            field=models.CharField(blank=True, help_text=HELP, max_length=40, verbose_name="English name")),
        migrations.RunPython(english_names, partial(english_names, back=True)),
    ]

"""English titles (paohuzi_site.names): the column `name_en` of the level table, and the English names of
the titles accounts.0003 installs, the ranks of the imperial examinations (an admin's own English title is
kept; a reversal blanks only ours)."""
from functools import partial

from django.db import migrations, models

TITLES = {
    "童生": "Pupil",
    "秀才": "Licentiate",
    "举人": "Provincial Graduate",
    "贡士": "Tribute Scholar",
    "进士": "Presented Scholar",
    "探花": "Third Laureate",
    "榜眼": "Second Laureate",
    "状元": "Top Laureate",
    "翰林": "Academician",
    "大学士": "Grand Secretary",
}


def english_titles(apps, schema_editor=None, *, back: bool = False) -> None:
    """Fill the English titles where empty (back: blank those that are still ours)."""
    for title, english in TITLES.items():
        old, new = (english, "") if back else ("", english)
        apps.get_model("money", "Level").objects.filter(title=title, name_en=old).update(name_en=new)


class Migration(migrations.Migration):
    dependencies = [("money", "0001_initial")]
    operations = [
        migrations.AddField(
            model_name="level", name="name_en",
            field=models.CharField(blank=True, max_length=40, verbose_name="English title", help_text=(
                "Shown on pages in English instead of the Chinese name. Empty: they show the Chinese name too."))),
        migrations.RunPython(english_titles, partial(english_titles, back=True)),
    ]

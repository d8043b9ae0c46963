"""Friends' room options: the base cap (封顶) a variant plays with, the options an admin lets a private
room's owner change per variant (the variants already there offer 封顶 and 底分), and the values a room
chose."""
from django.db import migrations, models

OFFERED = {"base_cap": [0, 200], "base_points": [1, 10]}


def offer(apps, schema_editor):
    apps.get_model("games", "Variant").objects.update(room_options=OFFERED)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0017_private_room_timer'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='rule_options',
            field=models.JSONField(blank=True, default=dict, help_text='Private rooms: the options the owner chose among those the variant allows (name: value).', verbose_name='room options'),
        ),
        migrations.AddField(
            model_name='variant',
            name='base_cap',
            field=models.PositiveIntegerField(default=0, help_text="A win's base is at most this; 0: no cap.", verbose_name='base cap'),
        ),
        migrations.AddField(
            model_name='variant',
            name='room_options',
            field=models.JSONField(blank=True, default=dict, help_text="What the owner of a friends' room may change: a JSON object of option names, each with its lowest and highest value, such as base_cap: [0, 200]. Names: base_cap, base_points (points per base), min_huxi, self_draw_grades. Empty: none.", verbose_name="friends' room options"),
        ),
        migrations.RunPython(offer, migrations.RunPython.noop),
    ]

"""Commit–reveal deals (R2): each table holds its next hand's secret server seed; a seat the client seed
its browser sent; a hand the server seed and the client seeds its deal seed was derived from."""
from django.db import migrations, models

import games.rules


def own_seeds(apps, schema_editor):
    """AddField gives every existing table the same default seed: give each its own."""
    Table = apps.get_model("games", "Table")
    for table in Table.objects.only("pk"):
        Table.objects.filter(pk=table.pk).update(next_server_seed=games.rules.server_seed_new())


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_table_hints'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='next_server_seed',
            field=models.CharField(default=games.rules.server_seed_new, help_text="Secret until that hand ends; the table shows only its SHA-256 (the commitment).", max_length=32, verbose_name="next hand's server seed"),
        ),
        migrations.RunPython(own_seeds, migrations.RunPython.noop),
        migrations.AddField(
            model_name='seat',
            name='client_seed',
            field=models.CharField(blank=True, default='', help_text="What the player's browser sent for the next deal (hex); empty for a bot or when none came.", max_length=64, verbose_name='client seed'),
        ),
        migrations.AddField(
            model_name='hand',
            name='server_seed',
            field=models.CharField(blank=True, default='', help_text='Committed to before the deal, revealed after the hand.', max_length=32, verbose_name='server seed'),
        ),
        migrations.AddField(
            model_name='hand',
            name='client_seeds',
            field=models.JSONField(blank=True, default=list, help_text='One per seat, in seat order, as the deal read them.', verbose_name='client seeds'),
        ),
        migrations.AlterField(
            model_name='hand',
            name='seed',
            field=models.CharField(help_text="The deal's seed, derived from the seeds below.", max_length=64, verbose_name='seed'),
        ),
    ]

"""A private room's turn timer (none, 20 or 40 seconds; issue 22): empty for the coin rooms and the
rooms made before it, which keep the site's TURN_SECONDS."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0016_ledger_entry_to_money'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='turn_seconds',
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name='turn timer',
                help_text="Private rooms: a person's seconds for one decision, 0 for no timer (nobody is put "
                          "on auto-play for being slow). Empty: the site's TURN_SECONDS (coin rooms)."),
        ),
    ]

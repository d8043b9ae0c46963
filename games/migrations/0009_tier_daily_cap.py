
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_same_address'),
    ]

    operations = [
        migrations.AddField(
            model_name='hand',
            name='daily_capped',
            field=models.JSONField(blank=True, default=list, help_text='R8.4: the seats whose win or loss the daily cap made smaller in this hand.', verbose_name='held by the daily cap'),
        ),
        migrations.AddField(
            model_name='roomtier',
            name='daily_cap',
            field=models.PositiveBigIntegerField(blank=True, help_text="R8.4: coins a player may win, or lose, in one day at this room's tables. Empty: the site's default.", null=True, verbose_name='daily win/loss cap'),
        ),
    ]

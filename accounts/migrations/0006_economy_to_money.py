"""The economy's models move to the money app with their rows: only Django's idea of the models changes
here; their tables (accounts_level, accounts_signinreward, accounts_signin, accounts_dailytask,
accounts_taskprogress, accounts_coingrant) stay as they are, money's models' db_table."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0005_watch_settings'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='TaskProgress'),
                migrations.DeleteModel(name='SignIn'),
                migrations.DeleteModel(name='CoinGrant'),
                migrations.DeleteModel(name='DailyTask'),
                migrations.DeleteModel(name='SignInReward'),
                migrations.DeleteModel(name='Level'),
            ],
            database_operations=[],
        ),
    ]

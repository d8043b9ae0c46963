"""LedgerEntry moves to the money app with its rows: only Django's idea of the models changes here;
the table games_ledgerentry stays as it is (money.LedgerEntry's db_table), so does every row and key."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0015_hand_shared_by'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='LedgerEntry')],
            database_operations=[],
        ),
    ]

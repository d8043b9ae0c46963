"""The house account (money.ledger.HOUSE_USERNAME): the other side of the starting coins.

Created here so that two first settlements never race to create it; money.ledger.house_account()
still creates it if a test has emptied the tables.
"""
from django.db import migrations

HOUSE_USERNAME = "__house__"  # a copy: migrations do not import live code


def create_house(apps, schema_editor):
    apps.get_model("accounts", "User").objects.get_or_create(
        username=HOUSE_USERNAME, defaults={"is_active": False, "password": "!"})


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]
    operations = [migrations.RunPython(create_house, migrations.RunPython.noop)]

"""The money app's models, moved here with their rows from games (LedgerEntry) and accounts (the level
table, sign-in bonuses, sign-ins, daily tasks, task progress, coin grants): each keeps its table
(db_table, the old name), so nothing in the database changes but the content types, which move to this
app so that permissions and the admin's log keep pointing at the same models."""

import django.core.validators
import django.db.models.deletion
import money.models
from django.conf import settings
from django.db import migrations, models


MOVED = {"games": ["ledgerentry"],
         "accounts": ["level", "signinreward", "signin", "dailytask", "taskprogress", "coingrant"]}


def _content_types(apps, schema_editor, *, to_money: bool) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    types = ContentType.objects.using(schema_editor.connection.alias)
    for app, names in MOVED.items():
        old, new = (app, "money") if to_money else ("money", app)
        for model in names:
            if not types.filter(app_label=new, model=model).exists():
                types.filter(app_label=old, model=model).update(app_label=new)


def content_types_to_money(apps, schema_editor) -> None:
    _content_types(apps, schema_editor, to_money=True)


def content_types_back(apps, schema_editor) -> None:
    _content_types(apps, schema_editor, to_money=False)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0006_economy_to_money'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('games', '0016_ledger_entry_to_money'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Level',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('experience', models.PositiveIntegerField(unique=True, verbose_name='experience needed')),
                        ('title', models.CharField(max_length=20, verbose_name='title')),
                        ('colour', models.CharField(blank=True, help_text='Optional, e.g. #b8860b.', max_length=7, validators=[money.models.hex_colour], verbose_name='badge colour')),
                    ],
                    options={
                        'verbose_name': 'level',
                        'verbose_name_plural': 'level table',
                        'db_table': 'accounts_level',
                        'ordering': ['experience'],
                    },
                ),
                migrations.CreateModel(
                    name='SignInReward',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('day', models.PositiveSmallIntegerField(unique=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(7)], verbose_name='day of the streak')),
                        ('coins', models.PositiveIntegerField(verbose_name='coins')),
                    ],
                    options={
                        'verbose_name': 'sign-in bonus',
                        'verbose_name_plural': 'sign-in bonuses',
                        'db_table': 'accounts_signinreward',
                        'ordering': ['day'],
                    },
                ),
                migrations.CreateModel(
                    name='CoinGrant',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('settlement_key', models.CharField(max_length=100, unique=True, verbose_name='settlement')),
                        ('amount', models.BigIntegerField(verbose_name='amount')),
                        ('reason', models.CharField(max_length=200, verbose_name='reason')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='time')),
                        ('by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='by')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='coin_grants', to=settings.AUTH_USER_MODEL, verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'coin grant',
                        'verbose_name_plural': 'coin grants',
                        'db_table': 'accounts_coingrant',
                        'ordering': ['-created_at'],
                    },
                ),
                migrations.CreateModel(
                    name='DailyTask',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('play', 'play hands'), ('win', 'win hands'), ('pattern', 'win with a pattern'), ('huxi', 'win with enough hu-xi'), ('tier', 'play hands in a room')], max_length=10, verbose_name='kind')),
                        ('hands', models.PositiveSmallIntegerField(default=1, validators=[django.core.validators.MinValueValidator(1)], verbose_name='hands')),
                        ('pattern', models.CharField(blank=True, help_text='Win with a pattern: its name, e.g. 红胡.', max_length=30, verbose_name='pattern')),
                        ('min_huxi', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='at least hu-xi')),
                        ('reward', models.PositiveIntegerField(validators=[django.core.validators.MinValueValidator(1)], verbose_name='reward in coins')),
                        ('active', models.BooleanField(default=True, verbose_name='offered')),
                        ('order', models.PositiveSmallIntegerField(default=0, verbose_name='order')),
                        ('tier', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, to='games.roomtier', verbose_name='room tier')),
                    ],
                    options={
                        'verbose_name': 'daily task',
                        'verbose_name_plural': 'daily tasks',
                        'db_table': 'accounts_dailytask',
                        'ordering': ['order', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='LedgerEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('amount', models.BigIntegerField(verbose_name='amount')),
                        ('settlement_key', models.CharField(db_index=True, max_length=100, verbose_name='settlement')),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='time')),
                        ('account', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to=settings.AUTH_USER_MODEL, verbose_name='account')),
                        ('hand', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to='games.hand', verbose_name='hand')),
                    ],
                    options={
                        'verbose_name': 'ledger entry',
                        'verbose_name_plural': 'coin ledger',
                        'db_table': 'games_ledgerentry',
                        'ordering': ['-created_at', '-id'],
                        'constraints': [models.UniqueConstraint(fields=('settlement_key', 'account'), name='ledger_idempotency_key'), models.CheckConstraint(condition=models.Q(('amount', 0), _negated=True), name='ledger_amount_not_zero')],
                    },
                ),
                migrations.CreateModel(
                    name='SignIn',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('day', models.DateField(verbose_name='day')),
                        ('streak', models.PositiveIntegerField(verbose_name='day of the streak')),
                        ('coins', models.PositiveIntegerField(verbose_name='coins')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sign_ins', to=settings.AUTH_USER_MODEL, verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'sign-in',
                        'verbose_name_plural': 'sign-ins',
                        'db_table': 'accounts_signin',
                        'ordering': ['-day'],
                        'constraints': [models.UniqueConstraint(fields=('user', 'day'), name='sign_in_once_a_day')],
                    },
                ),
                migrations.CreateModel(
                    name='TaskProgress',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('day', models.DateField(verbose_name='day')),
                        ('count', models.PositiveSmallIntegerField(default=0, verbose_name='hands counted')),
                        ('claimed', models.BooleanField(default=False, verbose_name='reward claimed')),
                        ('last_hand', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.hand', verbose_name='last hand counted')),
                        ('task', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='progress', to='money.dailytask', verbose_name='daily task')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='task_progress', to=settings.AUTH_USER_MODEL, verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'task progress',
                        'verbose_name_plural': 'task progress',
                        'db_table': 'accounts_taskprogress',
                        'constraints': [models.UniqueConstraint(fields=('user', 'task', 'day'), name='task_progress_once')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_to_money, content_types_back),
    ]

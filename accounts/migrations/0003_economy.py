
import money.models
import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# The level table as the site starts (the experience of the old formula 100 × n(n−1)/2), the sign-in
# bonus of days 1…7 and two daily tasks; the admin edits all of them.
LEVELS = [(0, "童生", ""), (100, "秀才", "#6b8e23"), (300, "举人", "#2e8b57"), (600, "贡士", "#4682b4"),
          (1000, "进士", "#6a5acd"), (1500, "探花", "#8b008b"), (2100, "榜眼", "#c71585"),
          (2800, "状元", "#b22222"), (3600, "翰林", "#d2691e"), (4500, "大学士", "#b8860b")]
SIGN_IN = [(1, 50), (2, 80), (3, 100), (4, 150), (5, 200), (6, 250), (7, 500)]
TASKS = [("play", 3, 100), ("win", 1, 150)]


def install_economy(apps, schema_editor):
    Level = apps.get_model("accounts", "Level")
    for experience, title, colour in LEVELS:
        Level.objects.get_or_create(experience=experience, defaults={"title": title, "colour": colour})
    for day, coins in SIGN_IN:
        apps.get_model("accounts", "SignInReward").objects.get_or_create(day=day, defaults={"coins": coins})
    DailyTask = apps.get_model("accounts", "DailyTask")
    if not DailyTask.objects.exists():
        for order, (kind, hands, reward) in enumerate(TASKS):
            DailyTask.objects.create(kind=kind, hands=hands, reward=reward, order=order)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_house_account'),
        ('games', '0008_same_address'),
    ]

    operations = [
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
                'ordering': ['order', 'id'],
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
                ('task', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='progress', to='accounts.dailytask', verbose_name='daily task')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='task_progress', to=settings.AUTH_USER_MODEL, verbose_name='player')),
            ],
            options={
                'verbose_name': 'task progress',
                'verbose_name_plural': 'task progress',
                'constraints': [models.UniqueConstraint(fields=('user', 'task', 'day'), name='task_progress_once')],
            },
        ),
        migrations.RunPython(install_economy, migrations.RunPython.noop),
    ]

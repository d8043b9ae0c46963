"""The money app's models moved from games and accounts with their rows (money.0001, games.0016,
accounts.0006): a database populated at the migrations before the move is migrated forward, and every
row, foreign key, ledger sum and the ledger audit's findings are what they were. Slow: it migrates."""
from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from money.audit import ledger_problems

BEFORE = [("accounts", "0005_watch_settings"), ("games", "0015_hand_shared_by"), ("money", None)]
MOVED = {"ledgerentry": "games_ledgerentry", "level": "accounts_level", "signinreward": "accounts_signinreward",
         "signin": "accounts_signin", "dailytask": "accounts_dailytask", "taskprogress": "accounts_taskprogress",
         "coingrant": "accounts_coingrant"}
pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


def _populate(apps) -> dict:
    """Rows of every moved model, written through the models as they were before the move."""
    User, Variant, RoomTier = (apps.get_model("accounts", "User"), apps.get_model("games", "Variant"),
                               apps.get_model("games", "RoomTier"))
    Table, Hand = apps.get_model("games", "Table"), apps.get_model("games", "Hand")
    LedgerEntry = apps.get_model("games", "LedgerEntry")
    Level, SignInReward, SignIn, DailyTask, TaskProgress, CoinGrant = (
        apps.get_model("accounts", name) for name in ("Level", "SignInReward", "SignIn", "DailyTask",
                                                        "TaskProgress", "CoinGrant"))
    house, _new = User.objects.get_or_create(username="__house__", defaults={"is_active": False, "password": "!"})
    User.objects.filter(pk=house.pk).update(coins=-4000)  # (accounts.0002 made it)
    ann = User.objects.create(username="ann", coins=2350, experience=40, level=2)
    bob = User.objects.create(username="bob", coins=1650)
    staff = User.objects.create(username="staff", is_staff=True, coins=7)  # a stale cache: the audit says so
    variant = Variant.objects.create(slug="moved", label="moved")
    tier = RoomTier.objects.create(name="moved room", multiplier=1, entry_coins=100, experience_per_hand=20)
    table = Table.objects.create(kind="coin", tier=tier, variant=variant, player_count=3, status="playing")
    hand = Hand.objects.create(table=table, number=1, seed="s" * 64, dealer=0, state={"n": 1})
    hand.players.set([ann, bob])
    for key, moves, on in [("welcome:ann", {ann: 2000, house: -2000}, None),
                           ("welcome:bob", {bob: 2000, house: -2000}, None),
                           ("hand:1", {ann: 300, bob: -300}, hand),
                           ("grant:t1", {ann: 50, bob: -50}, None)]:
        for account, amount in moves.items():
            LedgerEntry.objects.create(account=account, amount=amount, settlement_key=key, hand=on)
    Level.objects.all().delete(), SignInReward.objects.all().delete()  # accounts.0003's, replaced by these
    Level.objects.create(experience=0, title="新手", colour="#b8860b")
    Level.objects.create(experience=30, title="熟手")
    SignInReward.objects.create(day=1, coins=100)
    SignIn.objects.create(user=ann, day=date(2026, 12, 1), streak=1, coins=100)
    task = DailyTask.objects.create(kind="tier", hands=2, tier=tier, reward=80)
    TaskProgress.objects.create(user=ann, task=task, day=date(2026, 12, 1), count=1, last_hand=hand)
    CoinGrant.objects.create(settlement_key="grant:t1", user=ann, amount=50, reason="a gift", by=staff)
    return {"users": [ann.pk, bob.pk, staff.pk, house.pk], "hand": hand.pk, "tier": tier.pk, "task": task.pk}


def _books(columns: dict[str, list[str]] | None = None) -> dict:
    """What the database holds of the moved tables, read with SQL (the same before and after): their
    `columns` (by default all they have; a later migration may add more, such as money.0002's name_en)."""
    out = {"columns": columns or {}}
    with connection.cursor() as cursor:
        for table in MOVED.values():
            if not columns:
                out["columns"][table] = [c.name for c in connection.introspection.get_table_description(cursor, table)]
            names = ", ".join(connection.ops.quote_name(c) for c in out["columns"][table])
            cursor.execute(f"SELECT {names} FROM {table} ORDER BY id")
            out[table] = cursor.fetchall()
        cursor.execute("SELECT account_id, SUM(amount) FROM games_ledgerentry GROUP BY account_id ORDER BY account_id")
        out["sums"] = cursor.fetchall()
    return out


def test_the_move_to_the_money_app_keeps_every_row_and_the_books():
    apps = _migrate(BEFORE)
    ids = _populate(apps)
    before, audit = _books(), ledger_problems()
    assert audit == ["user %s (staff) caches 7 coins, the ledger says 0" % ids["users"][2]]  # the audit reads

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert _books(before["columns"]) == before and ledger_problems() == audit
    from django.contrib.auth import get_user_model

    from money.models import CoinGrant, DailyTask, LedgerEntry, Level, SignIn, SignInReward, TaskProgress
    ann, bob, staff, house = (get_user_model().objects.get(pk=pk) for pk in ids["users"])
    assert [m._meta.db_table for m in (LedgerEntry, Level, SignInReward, SignIn, DailyTask, TaskProgress,
                                       CoinGrant)] == list(MOVED.values())
    assert LedgerEntry.objects.balance_of(ann) == 2350 and LedgerEntry.objects.balance_of(house) == -4000
    assert LedgerEntry.objects.filter(hand_id=ids["hand"]).count() == 2  # the foreign keys still hold
    assert ann.ledger_entries.count() == 3 and ann.sign_ins.get().coins == 100
    progress = ann.task_progress.get()
    assert (progress.task_id, progress.last_hand_id, progress.task.tier_id) == (ids["task"], ids["hand"], ids["tier"])
    grant = ann.coin_grants.get()
    assert (grant.by, grant.amount) == (staff, 50) and list(Level.objects.values_list("title", flat=True)) == [
        "新手", "熟手"]
    from money.ledger import ledger_settle

    ledger_settle("after", {bob: 1, house: -1})  # and the ledger takes new settlements
    assert ledger_problems() == audit and LedgerEntry.objects.balance_of(bob) == 1651


def test_the_moved_models_content_types_are_moneys():
    """Permissions and the admin's log point at content types: the move takes them along."""
    from django.contrib.contenttypes.models import ContentType

    _migrate(BEFORE)
    ContentType.objects.filter(app_label="money").delete()  # as a database made before the move has them
    for model, table in MOVED.items():
        ContentType.objects.get_or_create(app_label=table.split("_")[0], model=model)
    kept = {model: ContentType.objects.get(app_label=table.split("_")[0], model=model).pk
            for model, table in MOVED.items()}
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert {ct.model: ct.pk for ct in ContentType.objects.filter(app_label="money")} == kept

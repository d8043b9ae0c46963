"""One owner per table (docs/design.md#one-owner-per-table): the guard every test runs under
(tests/owner_guard.py) fails a commit that writes a table's rows without games.table_owner counting a
version, whether the write is raw SQL, a queryset's update or a model's save; the uncounted columns
(presence, a client seed) pass."""
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import transaction
from django.utils import timezone

from games import selectors, table_owner
from games.models import Seat, Table, Variant
from games.play import seat_presence
from games.play.fair import client_seed_set
from games.play.hands import autoplay_set, dissolve_vote
from games.play.rows import row_update
from games.play.tables import deadline_clear

from ..owner_guard import UnownedWrite
from .tablekit import WIN_SEED, deal_seed, private_table  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("owner_guard_tested")]


@pytest.fixture
def table(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [make_user(name) for name in ("ann", "bob", "cyd")]
    return private_table(users, variant=Variant.objects.get(slug="changde")), users


def test_a_raw_update_of_a_seat_without_a_count_fails_at_commit_and_rolls_back(table):
    table, _users = table
    seat = Seat.objects.get(table=table, position=1)
    seat.ready = True
    with pytest.raises(UnownedWrite, match="games_seat"):
        with transaction.atomic():
            row_update(seat, ("ready",))  # games/play/rows.py: raw SQL
    assert Seat.objects.get(pk=seat.pk).ready is False
    with pytest.raises(UnownedWrite, match="outside a transaction"):
        row_update(seat, ("ready",))


def test_a_save_of_a_hand_fails_without_a_count_and_passes_with_one(table):
    table, _users = table
    hand = selectors.current_hand(table)
    hand.deadline = timezone.now()
    hand.save(update_fields=["deadline"])  # the test's own set-up: not checked
    version = Table.objects.get(pk=table.pk).version
    with pytest.raises(UnownedWrite, match="games_hand"):
        with transaction.atomic():
            deadline_clear(hand)
    with transaction.atomic():
        deadline_clear(hand)
        table_owner.commit(table)
    assert Table.objects.get(pk=table.pk).version == version + 1


def test_a_service_that_forgets_the_owner_fails_on_a_queryset_update_and_a_save(table, monkeypatch):
    table, users = table
    monkeypatch.setattr(table_owner, "commit", lambda *args, **kwargs: None)
    with pytest.raises(UnownedWrite, match="games_seat"):
        dissolve_vote(table=table, user=users[1], agree=True)  # Seat.objects.filter(...).update(...)
    with pytest.raises(UnownedWrite, match="games_seat"):
        autoplay_set(table=table, user=users[1], on=True)  # seat.save(update_fields=["auto_play"])
    assert not Seat.objects.filter(table=table).exclude(dissolve_vote=None).exists()
    assert not Seat.objects.filter(table=table, auto_play=True).exists()


def test_the_uncounted_columns_pass_without_a_count_and_only_they(table):
    table, users = table
    version = Table.objects.get(pk=table.pk).version
    seat_presence(table_id=table.pk, user=users[1], opened=True)
    seat_presence(table_id=table.pk, user=users[1], opened=False)
    client_seed_set(table=table, user=users[1], seed="ab" * 16)
    with transaction.atomic():
        client_seed_set(table=table, user=users[2], seed="cd" * 16)
    assert Table.objects.get(pk=table.pk).version == version
    seat = Seat.objects.get(table=table, position=1)
    with pytest.raises(UnownedWrite):
        with transaction.atomic():
            row_update(seat, ("client_seed", "ready"))



@pytest.mark.django_db(transaction=True)
def test_every_thread_s_connection_is_guarded(table):
    """A socket's service runs on asgiref's database thread, with a connection of its own."""
    table, _users = table
    seat = Seat.objects.get(table=table, position=1)
    seat.ready = True

    def write() -> None:
        with transaction.atomic():
            row_update(seat, ("ready",))

    with ThreadPoolExecutor(1) as pool, pytest.raises(UnownedWrite, match="games_seat"):
        pool.submit(write).result()
    assert Seat.objects.get(pk=seat.pk).ready is False

"""Quick match of one person twice at the same moment (two tabs, a double click, two processes): they sit
at one coin table, and neither request fails."""
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from games.models import Seat, Table
from games.rooms import quick_match, seating as rooms

TRIALS = 20
UNFINISHED = [Table.Status.WAITING, Table.Status.PLAYING]


def seats_of_user(user) -> int:
    return Seat.objects.filter(user=user, table__kind=Table.Kind.COIN, table__status__in=UNFINISHED).count()


@pytest.mark.django_db(transaction=True)
def test_two_quick_matches_at_the_same_moment_seat_the_person_once(defaults, make_user):
    """Threads with their own connections, released together by a barrier, TRIALS times. Needs a database
    that takes two writers: the in-memory SQLite test database refuses the second one at once ("table is
    locked"), so this runs in the PostgreSQL pass."""
    from django.db import connection

    if connection.vendor == "sqlite":
        pytest.skip("the in-memory SQLite test database takes one writer; the PostgreSQL pass runs this")

    def match(user, barrier):
        try:
            barrier.wait(timeout=10)
            return quick_match(user=type(user).objects.get(pk=user.pk)).pk
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        for trial in range(TRIALS):
            user, barrier = make_user(f"racer{trial}"), threading.Barrier(2)
            tables = list(pool.map(lambda _: match(user, barrier), range(2)))  # re-raises any exception
            assert tables[0] == tables[1], f"trial {trial}: two tables {tables}"
            assert seats_of_user(user) == 1, f"trial {trial}"


@pytest.mark.django_db
def test_a_seat_taken_meanwhile_is_the_calm_outcome_already_at_this_table(defaults, make_user, monkeypatch):
    """Should the check for an unfinished table miss the person's seat, the unique seat constraint's
    error is not a 500: quick match returns the table they sit at."""
    ann = make_user("ann")
    first = quick_match(user=ann)
    monkeypatch.setattr(rooms, "_unfinished_coin_table", lambda user: None)
    assert quick_match(user=ann) == first
    assert seats_of_user(ann) == 1

"""A move does not read the people at the table (services.tables.locked_from_latest_read), so every
change of a seated person's row made outside the table counts a new version of each table they sit at
(services.person_changed), and every process reads the row at its next change."""
from __future__ import annotations

import pytest

from accounts import services as accounts_services
from accounts.forms import WatchSettingsForm
from games.models import Table
from money import rewards

from .test_consumers import coin_table  # noqa: F401
from .tablekit import deal_seed  # noqa: F401

CHANGES = {
    "hints": lambda user: accounts_services.hints_set(user=user, show=False),
    "watch settings": lambda user: accounts_services.watch_settings_save(form=_valid(WatchSettingsForm({}, instance=user))),
    "sign-in bonus": lambda user: rewards.signin_claim(user=user),
}


def _valid(form):
    assert form.is_valid(), form.errors
    return form


@pytest.mark.django_db
@pytest.mark.parametrize("change", CHANGES)
def test_a_seated_persons_change_elsewhere_counts_a_new_table_version(coin_table, change,
                                                                      django_capture_on_commit_callbacks):
    table, seats = coin_table
    version = Table.objects.get(pk=table.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        CHANGES[change](seats[1])
    assert Table.objects.get(pk=table.pk).version == version + 1


@pytest.mark.django_db
def test_a_change_of_a_person_without_a_seat_counts_no_version(coin_table, make_user,
                                                               django_capture_on_commit_callbacks):
    table, _seats = coin_table
    version = Table.objects.get(pk=table.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        accounts_services.hints_set(user=make_user("dan"), show=False)
    assert Table.objects.get(pk=table.pk).version == version

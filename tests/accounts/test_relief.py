"""R11 free coins: the daily relief grant (救济金) of a person who cannot afford any room."""
from datetime import date

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from money import selectors
from money import relief
from money.models import LedgerEntry
from games.errors import Refused
from money.ledger import house_account, ledger_settle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def lose(user, coins: int, why: str = "loss"):
    """The user's coins go to the house (as a lost hand would take them)."""
    ledger_settle(f"{why}:{user.pk}:{coins}", {user: -coins, house_account(): coins})
    user.refresh_from_db()


@pytest.fixture
def broke(defaults, make_user):
    """A player with 40 coins: fewer than the lowest room's 100 (天门山)."""
    user = make_user("ann")
    lose(user, 1960)
    return user


def test_r11_relief_is_only_for_a_person_who_cannot_afford_any_room(defaults, make_user, broke, settings):
    assert selectors.relief_offer(make_user("rich")) is None  # 2,000 coins: 天门山 admits them
    offer = selectors.relief_offer(broke)
    assert offer == {"n": 1, "amount": 100 * settings.RELIEF_TOP_UP_ENTRIES - 40, "left": 3, "per_day": 3}
    with pytest.raises(Refused, match="cannot afford any room"):
        relief.relief_grant(user=make_user("bob"), n=1)


def test_r11_relief_tops_up_to_the_lowest_entry_times_n_paid_by_the_house_in_the_ledger(broke, settings):
    settings.RELIEF_TOP_UP_ENTRIES = 10
    assert relief.relief_grant(user=broke, n=1) == 960
    assert broke.coins == 1000 == LedgerEntry.objects.balance_of(broke)
    key = f"relief:{broke.pk}:{timezone.localdate().isoformat()}:1"
    rows = dict(LedgerEntry.objects.filter(settlement_key=key).values_list("account__username", "amount"))
    assert rows == {"ann": 960, "__house__": -960}
    assert selectors.relief_offer(broke) is None  # 1,000 coins: they can play again


def test_r11_relief_is_paid_at_most_so_many_times_a_day_and_again_the_next_day(broke, monkeypatch):
    for n in (1, 2, 3):
        assert relief.relief_grant(user=broke, n=n) == 960
        lose(broke, 960, why=f"hand{n}")
    assert selectors.relief_offer(broke) == {"n": 4, "amount": 0, "left": 0, "per_day": 3}
    with pytest.raises(Refused, match="tomorrow"):
        relief.relief_grant(user=broke, n=4)
    assert LedgerEntry.objects.filter(account=broke, settlement_key__startswith="relief:").count() == 3
    tomorrow = timezone.localdate().toordinal() + 1
    monkeypatch.setattr(timezone, "localdate", lambda *a, **k: date.fromordinal(tomorrow))
    assert selectors.relief_offer(broke)["n"] == 1 and relief.relief_grant(user=broke, n=1) == 960


def test_r11_a_double_click_on_the_relief_button_pays_once(broke, client):
    client.force_login(broke)
    for _click in range(2):
        client.post(reverse("accounts:relief"), {"n": 1, "next": reverse("games:lobby")})
    assert LedgerEntry.objects.filter(account=broke, settlement_key__startswith="relief:").count() == 1
    broke.refresh_from_db()
    assert broke.coins == 1000
    assert relief.relief_grant(user=broke, n=1) == 0  # that grant was paid: nothing more
    lose(broke, 960)
    with translation.override("en"), pytest.raises(Refused, match="out of date"):
        relief.relief_grant(user=broke, n=7)  # a forged or stale count is refused


def test_r11_the_relief_button_shows_in_the_lobby_and_profile_only_when_eligible(broke, client, make_user):
    client.force_login(make_user("rich"))
    assert 'id="relief-grant"' not in client.get(reverse("games:lobby")).content.decode()
    client.force_login(broke)
    for page in ("games:lobby", "accounts:profile"):
        html = client.get(reverse(page)).content.decode()
        assert 'id="relief-grant"' in html and "领取救济金 960 金币" in html and 'name="n" value="1"' in html
    answer = client.post(reverse("accounts:relief"), {"n": 1, "next": reverse("accounts:profile")}, follow=True)
    assert answer.redirect_chain[-1][0] == reverse("accounts:profile")
    html = answer.content.decode()
    assert "960" in html and 'id="relief-grant"' not in html and 'id="profile-coins">1,000<' in html


@pytest.mark.django_db(transaction=True)
def test_r11_two_clicks_at_the_same_moment_pay_the_relief_grant_once(broke):
    """Two requests in two threads at once (the user row's lock makes the second wait, then find the grant
    paid). Needs a database that takes two writers: the in-memory SQLite test database refuses the second
    one at once ("table is locked"), so this runs in the PostgreSQL pass of .ci/run."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    if connection.vendor == "sqlite":
        pytest.skip("the in-memory SQLite test database takes one writer; the PostgreSQL pass runs this")

    def click(_):
        try:
            return relief.relief_grant(user=type(broke).objects.get(pk=broke.pk), n=1)
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        paid = sorted(pool.map(click, range(2)))
    assert paid == [0, 960]
    assert LedgerEntry.objects.filter(account=broke, settlement_key__startswith="relief:").count() == 1

"""Sign up, log in and out, one-click guest play, claiming a guest account, the profile."""
import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from money.levels import level_for
from money.progress import experience_add
from games.models import Hand, Seat, Table
from money.models import LedgerEntry
from money.ledger import house_account, ledger_settle

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-123"


def logged_in_user(client):
    return User.objects.get(pk=client.session["_auth_user_id"]) if "_auth_user_id" in client.session else None


def test_sign_up_creates_the_account_logs_in_and_pays_the_starting_coins_through_the_ledger(client, settings):
    response = client.post(reverse("accounts:signup"),
                           {"username": "xiaoming", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    user = logged_in_user(client)
    assert user.username == "xiaoming" and not user.is_guest
    assert user.coins == settings.STARTING_COINS == LedgerEntry.objects.balance_of(user)
    assert LedgerEntry.objects.balance_of(house_account()) == -settings.STARTING_COINS


def test_sign_up_refuses_mismatched_passwords_and_reserved_names(client):
    bad = client.post(reverse("accounts:signup"), {"username": "a", "password1": PASSWORD, "password2": "x"})
    assert bad.status_code == 200 and bad.context["form"].errors["password2"]
    for name in ("__house__", "guest-1234"):
        taken = client.post(reverse("accounts:signup"),
                            {"username": name, "password1": PASSWORD, "password2": PASSWORD})
        assert "username" in taken.context["form"].errors
    assert not User.objects.exclude(username="__house__").exists()


def test_log_in_and_log_out(client, make_user):
    make_user("xiaohong", PASSWORD)
    wrong = client.post(reverse("accounts:login"), {"username": "xiaohong", "password": "nope"})
    assert wrong.status_code == 200 and logged_in_user(client) is None
    right = client.post(reverse("accounts:login"), {"username": "xiaohong", "password": PASSWORD})
    assert right.status_code == 302 and logged_in_user(client).username == "xiaohong"
    client.post(reverse("accounts:logout"))
    assert logged_in_user(client) is None


def test_guest_play_is_one_click_and_gets_the_starting_coins(client, settings):
    assert client.get(reverse("accounts:guest")).status_code == 405  # a POST only: no accidental accounts
    response = client.post(reverse("accounts:guest"))
    assert response.status_code == 302 and response.url == reverse("home")
    guest = logged_in_user(client)
    assert guest.is_guest and not guest.has_usable_password()
    assert guest.coins == settings.STARTING_COINS == LedgerEntry.objects.balance_of(guest)


def test_claiming_a_guest_account_keeps_the_same_row_coins_and_hands(client, make_user, defaults):
    client.post(reverse("accounts:guest"))
    guest = logged_in_user(client)
    other = make_user("other")
    ledger_settle("hand:test", {guest: 150, other: -150})
    hand = finished_hand(players=[guest, other])
    response = client.post(reverse("accounts:claim"),
                           {"username": "laowang", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    claimed = User.objects.get(pk=guest.pk)
    assert (claimed.username, claimed.is_guest) == ("laowang", False)
    assert claimed.coins == 2150 == LedgerEntry.objects.balance_of(claimed)
    assert list(claimed.hands.all()) == [hand]
    assert logged_in_user(client) == claimed  # still logged in after the password change
    client.post(reverse("accounts:logout"))
    assert client.login(username="laowang", password=PASSWORD)


def test_only_a_guest_can_claim(client, make_user):
    client.force_login(make_user("xiaoming"))
    assert client.get(reverse("accounts:claim")).url == reverse("accounts:profile")


def finished_hand(players, number=1):
    from games.models import Variant
    table = Table.objects.create(kind=Table.Kind.PRIVATE, invite_code=f"T{number}",
                                 variant=Variant.objects.get(slug="changde"))
    for position, player in enumerate(players):
        Seat.objects.create(table=table, position=position, user=player)
    hand = Hand.objects.create(table=table, number=number, seed="42", dealer=0, finished_at=timezone.now())
    hand.players.set(players)
    return hand


def test_profile_shows_coins_level_experience_and_recent_hands(client, make_user, defaults):
    me, other = make_user("me"), make_user("other")
    hand = finished_hand([me, other])
    ledger_settle("hand:1", {me: 120, other: -120}, hand=hand)
    experience_add(user=me, amount=150)
    client.force_login(me)
    page = client.get(reverse("accounts:profile"))
    html = page.content.decode()
    assert 'id="profile-coins">2,120<' in html
    assert 'id="profile-level">2<' in html and 'id="profile-experience">150<' in html
    assert page.context["recent_hands"] == [{"hand": hand, "coins": 120, "points": None}]
    assert "+120" in html and hand.replay_url() in html


def test_profile_needs_a_login(client):
    assert client.get(reverse("accounts:profile")).url.startswith(reverse("accounts:login"))


@pytest.mark.parametrize("experience, level", [(0, 1), (99, 1), (100, 2), (299, 2), (300, 3), (600, 4)])
def test_r11_level_grows_with_experience(experience, level):
    assert level_for(experience, [0, 100, 300, 600, 1000]) == level


def test_r11_level_is_one_without_a_level_table():
    assert level_for(5000, []) == 1


def test_ensure_admin_creates_one_admin_once(monkeypatch, capsys):
    monkeypatch.setenv("ADMIN_PASSWORD", "boss-pass-123")
    call_command("ensure_admin")
    assert User.objects.get(username="admin").check_password("boss-pass-123")
    call_command("ensure_admin")
    assert User.objects.filter(is_superuser=True).count() == 1
    assert "exists already" in capsys.readouterr().out


def test_pages_are_chinese_by_default_and_english_on_request(client):
    assert "注册" in client.get(reverse("home")).content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Sign up" in client.get(reverse("home")).content.decode()

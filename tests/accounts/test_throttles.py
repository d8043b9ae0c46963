"""Nobody locked out, nothing farmed, by one bad client: log-in failures wait, per account and per address;
guest accounts and invite-code look-ups are limited per address; the site's own labels are not names."""
import time

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation

from accounts.models import User

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-123"


@pytest.fixture(autouse=True)
def limits(settings):
    """The shipped defaults (the test settings switch the per-address ones off), counting from zero, in
    English (the Chinese text comes with the catalogue)."""
    settings.LOGIN_FAILURES_ALLOWED, settings.LOGIN_FAILURES_ALLOWED_PER_IP = 5, 20
    settings.LOGIN_WAIT_SECONDS, settings.LOGIN_WAIT_MAX_SECONDS = 60, 3600
    settings.GUESTS_PER_IP_PER_DAY, settings.INVITE_LOOKUPS_PER_IP_PER_MINUTE = 5, 20
    settings.SIGNUPS_PER_IP_PER_DAY = 10
    cache.clear()
    with translation.override("en"):
        yield
    cache.clear()


@pytest.fixture
def clock(monkeypatch):
    """Time that the test moves on (the in-memory cache's expiry follows it too)."""
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


def log_in(client, username, password, ip="10.0.0.1"):
    response = client.post(reverse("accounts:login"), {"username": username, "password": password},
                           REMOTE_ADDR=ip, HTTP_ACCEPT_LANGUAGE="en")
    return response, "_auth_user_id" in client.session


def errors(response) -> str:
    return " ".join(response.context["form"].non_field_errors())


def test_five_failures_then_even_the_right_password_waits_and_the_wait_grows(client, make_user, clock):
    make_user("xiaohong", PASSWORD)
    for _ in range(5):
        assert log_in(client, "xiaohong", "wrong")[1] is False
    response, logged_in = log_in(client, "xiaohong", PASSWORD)
    assert not logged_in and "Too many failed log-ins: try again in 60 seconds." in errors(response)
    clock[0] += 61
    assert log_in(client, "xiaohong", "wrong again")[1] is False  # the 6th failure: twice as long
    assert "try again in 2 minutes" in errors(log_in(client, "xiaohong", PASSWORD)[0])
    clock[0] += 121
    assert log_in(client, "xiaohong", PASSWORD)[1] is True


def test_the_admins_log_in_page_counts_and_waits_like_the_sites(client, make_user, clock):
    """The admin's own log-in form is throttled too: else it would be the way round the wait."""
    User.objects.filter(pk=make_user("boss", PASSWORD).pk).update(is_staff=True, is_superuser=True)
    url = reverse("admin:login")
    for _ in range(3):
        client.post(url, {"username": "boss", "password": "wrong"}, REMOTE_ADDR="10.0.0.2")
    for _ in range(2):  # the account's count is one: two pages, one wait
        log_in(client, "boss", "wrong")
    response = client.post(url, {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.3",
                           HTTP_ACCEPT_LANGUAGE="en")
    assert "_auth_user_id" not in client.session
    assert "Too many failed log-ins: try again in 60 seconds." in " ".join(response.context["form"].non_field_errors())
    clock[0] += 61
    client.post(url, {"username": "boss", "password": PASSWORD}, REMOTE_ADDR="10.0.0.3")
    assert "_auth_user_id" in client.session


def test_a_success_forgets_the_accounts_failures(client, make_user, clock):
    make_user("xiaohong", PASSWORD)
    for _ in range(4):
        log_in(client, "xiaohong", "wrong")
    assert log_in(client, "xiaohong", PASSWORD)[1] is True
    client.logout()
    for _ in range(4):
        log_in(client, "xiaohong", "wrong")
    assert log_in(client, "xiaohong", PASSWORD)[1] is True


def test_the_account_wait_holds_from_every_address_and_the_name_in_any_case(client, make_user, clock):
    make_user("xiaohong", PASSWORD)
    for n in range(5):
        log_in(client, "XiaoHong", "wrong", ip=f"10.0.1.{n}")
    assert log_in(client, "xiaohong", PASSWORD, ip="10.0.2.1")[1] is False


def test_one_address_guessing_many_accounts_waits_but_others_still_log_in(client, make_user, clock):
    make_user("xiaohong", PASSWORD)
    for n in range(20):
        log_in(client, f"someone{n}", "wrong", ip="10.6.6.6")
    assert log_in(client, "xiaohong", PASSWORD, ip="10.6.6.6")[1] is False
    assert log_in(client, "xiaohong", PASSWORD, ip="10.0.0.2")[1] is True


def test_the_wait_is_said_in_minutes_when_long_and_in_the_pages_language(make_user, clock, settings):
    from accounts.forms import wait_message

    assert wait_message(1) == "Too many failed log-ins: try again in 1 second."
    assert wait_message(600) == "Too many failed log-ins: try again in 10 minutes."


def test_guests_from_one_address_are_limited_per_day(client, clock):
    for n in range(5):
        client.post(reverse("accounts:guest"), REMOTE_ADDR="10.0.0.9")
        client.logout()
    response = client.post(reverse("accounts:guest"), REMOTE_ADDR="10.0.0.9", follow=True)
    assert "_auth_user_id" not in client.session
    assert "今天从您的网络地址创建的游客账号已达上限" in response.content.decode()  # the default language
    assert User.objects.filter(is_guest=True).count() == 5
    client.post(reverse("accounts:guest"), REMOTE_ADDR="10.0.0.10")  # another address
    assert User.objects.filter(is_guest=True).count() == 6
    clock[0] += 24 * 60 * 60 + 1
    client.logout()
    client.post(reverse("accounts:guest"), REMOTE_ADDR="10.0.0.9")  # the next day
    assert User.objects.filter(is_guest=True).count() == 7


def test_sign_ups_from_one_address_are_limited_per_day(client, clock):
    """Each new account is paid the starting coins: signing up is no way round the guest limit."""
    def sign_up(name, ip="10.0.0.9"):
        client.logout()
        return client.post(reverse("accounts:signup"), {"username": name, "password1": PASSWORD,
                                                        "password2": PASSWORD}, REMOTE_ADDR=ip)
    for n in range(10):
        sign_up(f"farm{n}")
    response = sign_up("farm10")
    assert "今天从您的网络地址注册的账号已达上限" in " ".join(response.context["form"].non_field_errors())
    assert not User.objects.filter(username="farm10").exists() and "_auth_user_id" not in client.session
    sign_up("other", ip="10.0.0.10")  # another address
    clock[0] += 24 * 60 * 60 + 1
    sign_up("farm10")  # the next day
    assert User.objects.filter(username__in=["farm10", "other"]).count() == 2


def test_a_form_with_mistakes_counts_no_sign_up(client):
    for _ in range(12):
        client.post(reverse("accounts:signup"), {"username": "x", "password1": PASSWORD, "password2": "other"},
                    REMOTE_ADDR="10.0.0.11")
    client.post(reverse("accounts:signup"), {"username": "real", "password1": PASSWORD, "password2": PASSWORD},
                REMOTE_ADDR="10.0.0.11")
    assert User.objects.filter(username="real").exists()


def test_behind_a_proxy_the_address_is_the_header_it_sets(client, settings):
    settings.CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    for n in range(6):
        client.post(reverse("accounts:guest"), REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP=f"10.0.3.{n}")
        client.logout()
    assert User.objects.filter(is_guest=True).count() == 6


def test_invite_code_look_ups_are_limited_per_address(client, clock, defaults):
    for _ in range(20):
        assert client.get(reverse("games:join", args=["ZZZZZZ"]), REMOTE_ADDR="10.0.0.7").status_code == 404
    response = client.get(reverse("games:join", args=["ZZZZZZ"]), REMOTE_ADDR="10.0.0.7", follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:lobby")
    assert "尝试的邀请码过多：请等一分钟后再试。" in response.content.decode()
    clock[0] += 61
    assert client.get(reverse("games:join", args=["ZZZZZZ"]), REMOTE_ADDR="10.0.0.7").status_code == 404


@pytest.mark.parametrize("name", ["空位", "机器人", "游客", "admin", "ADMIN", "Admin", "机器人1", "游客12", "bot1",
                                  "Bot_1", "guest3", "GUEST", "empty_seat", "EmptySeat",
                                  "庄家", "托管", "Dealer", "auto-play", "Auto_Play2"])
def test_the_sites_own_labels_are_refused_at_sign_up_and_at_guest_claim(client, name):
    form = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
    signup = client.post(reverse("accounts:signup"), form)
    assert "为保留名称" in " ".join(signup.context["form"].errors["username"])
    client.post(reverse("accounts:guest"))
    claim = client.post(reverse("accounts:claim"), form)
    assert "为保留名称" in " ".join(claim.context["form"].errors["username"])
    assert not User.objects.filter(is_guest=False).exclude(username="__house__").exists()


@pytest.mark.parametrize("name", ["robot", "botany", "guesthouse", "administrator2x", "小明"])
def test_names_that_only_contain_a_label_are_fine(client, name):
    client.post(reverse("accounts:signup"), {"username": name, "password1": PASSWORD, "password2": PASSWORD})
    assert User.objects.filter(username=name).exists()

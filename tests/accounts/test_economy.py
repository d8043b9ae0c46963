"""The economy's pages and payments: the daily sign-in (local days of TIME_ZONE, the streak), task
rewards, admin grants, the coin history and the leaderboards."""
from datetime import datetime, timedelta
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.urls import reverse

from money.selectors import coin_history, leaderboards, signin_offer
from money.models import CoinGrant, DailyTask, SignIn, TaskProgress
from accounts.models import User
from money import ledger as money_ledger
from games.models import Hand
from money.models import LedgerEntry
from games.errors import Refused
from money import rewards

SHANGHAI = ZoneInfo("Asia/Shanghai")
DAY_COINS = [50, 80, 100, 150, 200, 250, 500]  # the migration's sign-in bonus of days 1…7


def local(*args) -> datetime:
    return datetime(*args, tzinfo=SHANGHAI)


def utc(*args) -> datetime:
    """A local time as the clock gives it (timezone.now() is in UTC)."""
    return local(*args).astimezone(ZoneInfo("UTC"))


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def keys(user, prefix: str) -> list[str]:
    return list(LedgerEntry.objects.filter(account=user, settlement_key__startswith=prefix)
                .order_by("id").values_list("settlement_key", flat=True))


# ---------------------------------------------------------------- the daily sign-in


@pytest.mark.django_db
def test_the_sign_in_pays_once_a_day_through_the_ledger(make_user):
    ann = make_user("ann")
    now = local(2026, 3, 2, 9, 0)
    assert rewards.signin_claim(user=ann, now=now) == 50
    assert rewards.signin_claim(user=ann, now=now + timedelta(hours=14)) == 0  # 23:00, the same day
    ann.refresh_from_db()
    assert ann.coins == 2050 == LedgerEntry.objects.balance_of(ann)
    assert keys(ann, "signin:") == [f"signin:{ann.pk}:2026-03-02"]
    house = money_ledger.house_account()
    assert LedgerEntry.objects.get(account=house, settlement_key=f"signin:{ann.pk}:2026-03-02").amount == -50


@pytest.mark.django_db
def test_the_day_rolls_over_at_local_midnight_not_utc(make_user):
    ann = make_user("ann")
    assert rewards.signin_claim(user=ann, now=utc(2026, 3, 2, 23, 59, 59)) == 50
    # 00:00:00 in Shanghai is 16:00 UTC of the day before: a new local day, day 2 of the streak.
    midnight = utc(2026, 3, 3, 0, 0, 0)
    assert midnight.day == 2
    assert rewards.signin_claim(user=ann, now=midnight) == 80
    assert list(SignIn.objects.filter(user=ann).order_by("day").values_list("streak", flat=True)) == [1, 2]


@pytest.mark.django_db
def test_with_the_clock_frozen_the_lobby_offers_a_new_sign_in_at_local_midnight(client, make_user):
    """No `now` passed: the views read the (frozen) clock, as a player's click does."""
    ann = make_user("ann")
    client.force_login(ann)
    lobby, url = reverse("games:lobby"), reverse("accounts:signin")
    with mock.patch("django.utils.timezone.now", return_value=utc(2026, 3, 2, 23, 59, 59)):
        assert 'id="signin-claim"' in client.get(lobby).content.decode()
        client.post(url, {"next": lobby})
        assert 'id="signin-done"' in client.get(lobby).content.decode()
    # 16:00 UTC, still 2 March there: a UTC day would refuse this sign-in.
    with mock.patch("django.utils.timezone.now", return_value=utc(2026, 3, 3, 0, 0, 0)):
        page = client.get(lobby).content.decode()
        assert 'id="signin-claim"' in page and 'id="signin-done"' not in page
        client.post(url, {"next": lobby})
    assert keys(ann, "signin:") == [f"signin:{ann.pk}:2026-03-02", f"signin:{ann.pk}:2026-03-03"]
    assert list(SignIn.objects.filter(user=ann).order_by("day").values_list("coins", flat=True)) == [50, 80]


@pytest.mark.django_db
def test_the_streak_grows_to_the_last_day_and_resets_after_a_missed_day(make_user):
    ann = make_user("ann")
    start = local(2026, 3, 1, 12)
    paid = [rewards.signin_claim(user=ann, now=start + timedelta(days=d)) for d in range(9)]
    assert paid == DAY_COINS + [500, 500]  # past day 7 every day pays day 7's coins
    assert rewards.signin_claim(user=ann, now=start + timedelta(days=10)) == 50  # day 9 missed: day 1 again
    assert SignIn.objects.get(user=ann, day="2026-03-11").streak == 1
    offer = signin_offer(ann, local(2026, 3, 12).date())
    assert offer["streak"] == 2 and offer["coins"] == 80 and not offer["claimed"]


@pytest.mark.django_db
def test_the_sign_in_button_on_the_lobby_pays_once_for_a_double_click(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert 'id="signin-claim"' in lobby and 'id="daily-tasks"' in lobby
    for _ in range(2):
        client.post(reverse("accounts:signin"), {"next": reverse("games:lobby")})
    assert keys(ann, "signin:") and len(keys(ann, "signin:")) == 1
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="signin-done"' in page and 'id="signin-claim"' not in page


# ---------------------------------------------------------------- task rewards


@pytest.mark.django_db
def test_a_task_reward_is_refused_until_done_and_paid_once(make_user):
    ann = make_user("ann")
    task = DailyTask.objects.get(kind="win")
    now = local(2026, 3, 2, 10)
    with pytest.raises(Refused):
        rewards.task_claim(user=ann, task_id=task.pk, now=now)
    TaskProgress.objects.create(user=ann, task=task, day=now.date(), count=task.hands)
    assert rewards.task_claim(user=ann, task_id=task.pk, now=now) == task.reward
    assert rewards.task_claim(user=ann, task_id=task.pk, now=now) == 0
    assert keys(ann, "task:") == [f"task:{ann.pk}:{task.pk}:2026-03-02"]
    assert coin_history(ann, 1)["rows"][0]["reason"] == "每日任务奖励：胡牌 1 局"  # which task paid
    with pytest.raises(Refused):  # yesterday's count does not pay tomorrow
        rewards.task_claim(user=ann, task_id=task.pk, now=now + timedelta(days=1))


# ---------------------------------------------------------------- admin grants


@pytest.mark.django_db
def test_an_admin_grant_writes_one_settlement_with_its_reason_and_an_admin_log(client, make_user):
    ann = make_user("ann")
    boss = User.objects.create_superuser("boss", password="boss-pass-123")
    client.force_login(boss)
    url = reverse("admin:accounts_user_grant", args=[ann.pk])
    form = client.get(url)
    token = form.context["form"].initial["token"]
    for n in range(2):  # the form sent twice: paid once
        done = client.post(url, {"amount": "-300", "reason": "returned a mistaken relief", "token": token},
                           follow=True, HTTP_ACCEPT_LANGUAGE="zh-hans")
        if n == 0:  # the admin capitalises a message's first letter: the name does not come first
            assert "已为 ann 调整 -300 金币。" in done.content.decode()
    grant = CoinGrant.objects.get()
    assert (grant.user, grant.amount, grant.by) == (ann, -300, boss)
    rows = LedgerEntry.objects.filter(settlement_key=grant.settlement_key)
    assert sorted(rows.values_list("amount", flat=True)) == [-300, 300] and rows.count() == 2
    ann.refresh_from_db()
    assert ann.coins == 1700
    log = LogEntry.objects.get(object_id=str(ann.pk))
    assert "returned a mistaken relief" in log.change_message
    history = coin_history(ann, 1)["rows"]
    assert history[0]["reason"].endswith("returned a mistaken relief") and history[0]["balance"] == 1700
    ledger = client.get(reverse("admin:money_ledgerentry_changelist")).content.decode()
    assert "returned a mistaken relief" in ledger


@pytest.mark.django_db
def test_the_admin_sees_sign_ins_and_grants_but_cannot_add_change_or_delete_them(client, make_user):
    """Money's records are written by its services only (games.admin.ReadOnly): the admin views them."""
    ann = make_user("ann")
    boss = User.objects.create_superuser("boss", password="boss-pass-123")
    rewards.signin_claim(user=ann)
    rewards.coins_grant(user=ann, amount=50, reason="a prize", by=boss, token="t1")
    client.force_login(boss)
    for model, row in (("signin", SignIn.objects.get()), ("coingrant", CoinGrant.objects.get())):
        assert client.get(reverse(f"admin:money_{model}_changelist")).status_code == 200
        page = client.get(reverse(f"admin:money_{model}_change", args=[row.pk]))
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
        assert client.get(reverse(f"admin:money_{model}_add")).status_code == 403
        assert client.post(reverse(f"admin:money_{model}_delete", args=[row.pk]), {"post": "yes"}).status_code == 403
        assert type(row).objects.filter(pk=row.pk).exists()
    assert client.get(reverse("admin:money_taskprogress_changelist")).status_code == 200


@pytest.mark.django_db
def test_a_grant_needs_a_reason_and_cannot_take_more_than_the_player_has(client, make_user):
    ann = make_user("ann")
    boss = User.objects.create_superuser("boss", password="boss-pass-123")
    client.force_login(boss)
    url = reverse("admin:accounts_user_grant", args=[ann.pk])
    assert client.post(url, {"amount": "100", "reason": "", "token": "t1"}).status_code == 200
    assert client.post(url, {"amount": "-2001", "reason": "too much", "token": "t2"}).status_code == 200
    assert not CoinGrant.objects.exists() and not LogEntry.objects.exists()
    with pytest.raises(Refused):
        rewards.coins_grant(user=ann, amount=0, reason="nothing", by=boss, token="t3")


# ---------------------------------------------------------------- coin history


@pytest.mark.django_db
def test_the_coin_history_pages_every_entry_with_a_running_balance(client, make_user):
    ann = make_user("ann")
    house = money_ledger.house_account()
    for n in range(25):
        money_ledger.ledger_settle(f"relief:{ann.pk}:2026-03-0{n % 9 + 1}:{n}", {ann: 10, house: -10})
    first, second = coin_history(ann, 1), coin_history(ann, 2)
    assert [r["balance"] for r in first["rows"]][:2] == [2250, 2240]
    rows = first["rows"] + second["rows"]
    assert len(rows) == 26 and rows[-1]["reason"] == "初始金币" and rows[-1]["balance"] == 2000
    assert all(a["balance"] - a["entry"].amount == b["balance"] for a, b in zip(rows, rows[1:]))
    client.force_login(ann)
    page = client.get(reverse("accounts:profile"), {"page": 2}, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'id="coin-history-pages"' in page and "初始金币" in page and "第 2 页" in page


# ---------------------------------------------------------------- leaderboards


def won(user, hand_key: str, amount: int, hand=None) -> None:
    money_ledger.ledger_settle(hand_key, {user: amount, money_ledger.house_account(): -amount}, hand=hand)


@pytest.mark.django_db
def test_the_leaderboards_list_registered_players_in_order_never_guests_or_bots(client, make_user, defaults):
    from games.models import Table, Variant

    ann, bob = make_user("ann"), make_user("bob")
    guest = make_user("guest-1", password=None, is_guest=True)
    table = Table.objects.create(kind="private", invite_code="ECON1", variant=Variant.objects.first())
    hands = [Hand.objects.create(table=table, number=n, seed="1", dealer=0, seating=[u and u.pk, None],
                                 finished_at=None, result={"winner": 0, "base": base})
             for n, (u, base) in enumerate([(ann, 8), (bob, 40), (guest, 99), (None, 500)], start=1)]
    Hand.objects.filter(table=table).update(finished_at=hands[0].started_at)
    won(ann, "hand:a", 500, hands[0])
    won(bob, "hand:b", 900, hands[1])
    won(guest, "hand:g", 5000, hands[2])
    # A bot wins hand 4 (base 500): a bot's coins are the house's, which won 7,000 from the guest (+600 today).
    money_ledger.ledger_settle("hand:bot", {money_ledger.house_account(): 7000, guest: -7000}, hand=hands[3])
    User.objects.filter(pk=ann.pk).update(experience=700)
    User.objects.filter(pk=guest.pk).update(experience=9000)
    boards = leaderboards()
    assert [r["name"] for r in boards["today"]] == ["bob", "ann"] == [r["name"] for r in boards["week"]]
    assert [r["value"] for r in boards["today"]] == [900, 500]
    assert [(r["name"], r["rank"]["title"]) for r in boards["levels"]] == [("ann", "贡士")]
    assert [(r["name"], r["value"]) for r in boards["hands"]] == [("bob", 40), ("ann", 8)]
    page = client.get(reverse("leaderboard"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "guest-1" not in page and f"游客 {guest.pk}" not in page
    assert "机器人" not in page.split('class="boards"')[1]  # the hint above the boards names them
    assert money_ledger.HOUSE_USERNAME not in page
    assert page.index("bob") < page.index("ann") and "贡士" in page


@pytest.mark.django_db
def test_the_leaderboards_are_cached_between_requests(client, make_user, defaults, django_assert_num_queries):
    from games.models import Table, Variant

    ann = make_user("ann")
    table = Table.objects.create(kind="private", invite_code="ECON2", variant=Variant.objects.first())
    hand = Hand.objects.create(table=table, number=1, seed="1", dealer=0, seating=[ann.pk, None])
    won(ann, "hand:a", 500, hand)
    assert [r["value"] for r in leaderboards()["today"]] == [500]
    won(ann, "hand:b", 300, hand)  # within LEADERBOARD_SECONDS the boards are not computed again
    with django_assert_num_queries(1):  # the listed people's names only
        assert [r["value"] for r in leaderboards()["today"]] == [500]
    cache.clear()
    assert [r["value"] for r in leaderboards()["today"]] == [800]


@pytest.mark.django_db
def test_the_economys_chinese_pages_have_no_english_word(client, make_user, defaults):
    """The text a player reads (tags, attributes and the players' own names left out)."""
    import re
    from html import unescape

    ann = make_user("ann")
    DailyTask.objects.create(kind="huxi", min_huxi=21, hands=2, reward=300)
    rewards.signin_claim(user=ann)
    won(ann, "gift:a", 100)
    client.force_login(ann)
    for url in (reverse("games:lobby"), reverse("accounts:profile"), reverse("leaderboard")):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
        body = html.split("<main>", 1)[1].split("</main>", 1)[0]
        text = unescape(re.sub(r"<[^>]+>", " ", body)).replace("ann", "")
        assert not re.findall(r"[A-Za-z]{3,}", text), (url, re.findall(r"[A-Za-z]{3,}", text))


@pytest.mark.django_db
def test_the_best_hands_link_to_the_replay_only_when_every_player_allowed_public_replays(make_user, defaults):
    from games.models import Table, Variant

    ann, bob = make_user("ann"), make_user("bob")
    table = Table.objects.create(kind="private", invite_code="ECON3", variant=Variant.objects.first())
    hand = Hand.objects.create(table=table, number=1, seed="1", dealer=0, seating=[ann.pk, bob.pk],
                               result={"winner": 0, "base": 12})
    Hand.objects.filter(pk=hand.pk).update(finished_at=hand.started_at)
    hand.players.set([ann, bob])
    User.objects.filter(pk=ann.pk).update(public_replays=True)
    assert [(r["name"], r["replay"]) for r in leaderboards()["hands"]] == [("ann", None)]
    User.objects.filter(pk=bob.pk).update(public_replays=True)
    cache.clear()
    assert [(r["name"], r["replay"]) for r in leaderboards()["hands"]] == [("ann", reverse("games:replay",
                                                                                          args=[hand.pk]))]


@pytest.mark.django_db
def test_every_title_badge_reads_at_wcag_aa_whatever_colour_the_admin_chose():
    """4.5:1 between the title and its badge (white on the migration's #b8860b alone is 3.3:1)."""
    from money.levels import contrast, rank
    from money.models import Level
    from games.live.fragment_html import title_badge

    Level.objects.create(experience=99_999, title="试色", colour="#ffd700")  # an admin's light colour
    for row in Level.objects.exclude(colour=""):
        badge = rank(row.experience)
        assert contrast(badge["ink"], row.colour) >= 4.5, (row.title, row.colour, badge["ink"])
    html = title_badge(rank(4500))
    assert 'style="--badge: #b8860b; --badge-ink: #000000"' in html and "大学士" in html


@pytest.mark.django_db
def test_a_pattern_task_names_a_pattern_of_the_coin_rooms_variant(client, defaults):
    """A win lists its patterns by the variant's names: a name no coin-room hand can have is refused."""
    boss = User.objects.create_superuser("boss", password="boss-pass-123")
    client.force_login(boss)
    url = reverse("admin:money_dailytask_add")
    form = {"kind": "pattern", "hands": "1", "reward": "300", "active": "on", "order": "0"}
    page = client.post(url, {**form, "pattern": "红胡子"}, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert page.status_code == 200 and "金币场的名堂有：" in page.content.decode() and "红胡、" in page.content.decode()
    assert client.post(url, {**form, "pattern": "红胡"}).status_code == 302
    assert list(DailyTask.objects.filter(kind="pattern").values_list("pattern", flat=True)) == ["红胡"]


@pytest.mark.django_db
def test_the_level_table_admin_shows_each_badge_as_players_see_it(client):
    client.force_login(User.objects.create_superuser("boss", password="boss-pass-123"))
    page = client.get(reverse("admin:money_level_changelist"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "徽章" in page
    assert 'style="background: #b8860b; color: #000000; padding: 0 .4em; border-radius: 4px">大学士</span>' in page

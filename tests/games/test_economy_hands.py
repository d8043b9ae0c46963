"""What a finished coin hand does for the economy, played through the services from a seeded deal:
today's task counts (in the settlement's transaction, once per hand), experience and the level reached
(announced on the result panel), titles on the table, and R8.4's daily cap set per tier."""
from datetime import datetime
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone

from money.models import DailyTask, TaskProgress
from accounts.models import User
from games.live import fragment_html, fragments
from games import selectors
from games import rooms
from money import ledger
from money import rewards
from games.models import Hand, RoomTier, Table, Variant
from money.models import LedgerEntry
from money import progress

from .tablekit import WIN_SEED, deal_seed, play_out, seeded_win  # noqa: F401


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def counts(user) -> dict[str, int]:
    return {p.task.kind if p.task.kind != "pattern" else p.task.pattern: p.count
            for p in TaskProgress.objects.filter(user=user, day=timezone.localdate()).select_related("task")}


@pytest.mark.django_db
def test_r11_a_seeded_hand_counts_on_todays_tasks_of_each_player_once(defaults, make_user, deal_seed):
    tier = RoomTier.objects.get(name="天门山")
    DailyTask.objects.create(kind="pattern", pattern="红胡", hands=2, reward=300)
    DailyTask.objects.create(kind="pattern", pattern="对对胡", hands=1, reward=300)
    DailyTask.objects.create(kind="huxi", min_huxi=15, hands=1, reward=300)
    DailyTask.objects.create(kind="huxi", min_huxi=99, hands=1, reward=300)
    DailyTask.objects.create(kind="tier", tier=tier, hands=1, reward=300)
    DailyTask.objects.create(kind="tier", tier=RoomTier.objects.get(name="岳麓山"), hands=1, reward=300)
    table, by_seat, hand = seeded_win(make_user, deal_seed)
    assert hand.scores == [-16, 32, -16] and ["红胡", 2] in hand.result["patterns"]
    winner, loser = by_seat[1], by_seat[0]
    huxi = {p.task.min_huxi: p.count for p in TaskProgress.objects.filter(user=winner, task__kind="huxi")}
    assert huxi == {15: 1} and hand.result["huxi"] >= 15
    assert counts(winner) == {"play": 1, "win": 1, "红胡": 1, "huxi": 1, "tier": 1}
    assert counts(loser) == {"play": 1, "tier": 1}
    progress.hand_progress(table=table, hand=hand, seats=list(table.seats.all()))  # the same hand again
    assert counts(winner) == {"play": 1, "win": 1, "红胡": 1, "huxi": 1, "tier": 1}
    win_task = DailyTask.objects.get(kind="win")
    assert rewards.task_claim(user=winner, task_id=win_task.pk) == win_task.reward
    winner.refresh_from_db()
    assert winner.coins == 2000 + 32 + win_task.reward


@pytest.mark.django_db
def test_r11_reaching_a_level_is_announced_on_the_result_panel_and_titles_show(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    User.objects.filter(pk=users[0].pk).update(experience=98)  # 天门山 gives 3 a hand: 101, level 2 (秀才)
    for user in users:
        table = rooms.quick_match(user=user)
    by_seat = {s.position: s.user for s in table.seats.all()}
    play_out(table, by_seat)
    ann_seat = next(p for p, u in by_seat.items() if u == users[0])
    mine = fragments.result(selectors.snapshot(table.pk, ann_seat))
    assert mine["level_up"]["level"] == 2 and mine["level_up"]["title"] == "秀才"
    assert User.objects.get(pk=users[0].pk).level == 2
    html = render_to_string("games/_result.html", {"d": mine})
    assert 'id="level-up-note"' in html and "恭喜升到 2 级：秀才" in html
    # Under the headline, where a phone shows it without scrolling the panel past every player's cards.
    assert html.index("</h2>") < html.index('id="level-up-note"') < html.index('id="score"')
    other = fragments.result(selectors.snapshot(table.pk, (ann_seat + 1) % 3))
    assert other["level_up"] is None
    assert [p["title"]["title"] for p in other["players"]].count("秀才") == 1
    seat = fragments.seat(selectors.snapshot(table.pk, ann_seat), ann_seat)
    assert "秀才" in fragment_html.seat(seat, oob=True)


@pytest.mark.django_db
def test_r8_4_a_tiers_own_daily_cap_holds_and_the_result_panel_says_so(defaults, make_user, deal_seed, settings):
    settings.DAILY_COIN_CAP = 10**9
    RoomTier.objects.filter(name="天门山").update(daily_cap=20)  # 32 would be won; 20 a day at this tier
    table, by_seat, hand = seeded_win(make_user, deal_seed)
    assert hand.scores == [-16, 20, -4] and hand.daily_capped == [1]
    winner = fragments.result(selectors.snapshot(table.pk, 1))
    assert [(c["seat"], c["paid"], c["short"], c["cap"], c["held"], c["daily"]) for c in winner["capped"]] == [
        (2, 4, 12, "daily", 1, 20)]  # seat 0 paid its 16 first; the winner's day had 4 left
    html = render_to_string("games/_result.html", {"d": winner})
    assert f"{by_seat[2].username} 付了 4 金币，应付 16（少 12）：本场每日输赢上限 20 金币限制了你。" in html
    loser = fragments.result(selectors.snapshot(table.pk, 0))
    assert f"限制了{by_seat[1].username}。" in render_to_string("games/_result.html", {"d": loser})


@pytest.mark.django_db
def test_r8_4_without_a_tier_cap_the_sites_default_applies_and_no_note(defaults, make_user, deal_seed, settings):
    settings.DAILY_COIN_CAP = 10**9
    table, _by_seat, hand = seeded_win(make_user, deal_seed)
    assert hand.scores == [-16, 32, -16] and hand.daily_capped == []
    assert fragments.result(selectors.snapshot(table.pk, 1))["capped"] == []


@pytest.mark.django_db
@pytest.mark.parametrize("earlier, scores", [
    ((2026, 3, 2, 23, 59, 59), [-16, 20, -4]),  # won 8 yesterday (local): today's room is the whole 20
    ((2026, 3, 3, 0, 0, 0), [-12, 12, 0]),  # won 8 today: 12 left, all of it paid by seat 0 (first)
])
def test_r8_4_the_daily_cap_counts_the_hands_of_the_local_day(defaults, make_user, deal_seed, settings, earlier,
                                                              scores):
    """The clock frozen just after midnight in TIME_ZONE (16:00 UTC, still the day before in UTC)."""
    settings.DAILY_COIN_CAP = 10**9
    RoomTier.objects.filter(name="天门山").update(daily_cap=20)
    shanghai, utc = ZoneInfo(settings.TIME_ZONE), ZoneInfo("UTC")
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = rooms.quick_match(user=user)
    by_seat = {s.position: s.user for s in table.seats.all()}
    other = Table.objects.create(kind="private", invite_code="EARLY", variant=Variant.objects.first())
    before = Hand.objects.create(table=other, number=1, seed="1", dealer=0, seating=[by_seat[1].pk, None])
    with mock.patch("django.utils.timezone.now", return_value=datetime(*earlier, tzinfo=shanghai).astimezone(utc)):
        ledger.ledger_settle("hand:earlier", {by_seat[1]: 8, ledger.house_account(): -8}, hand=before)
    with mock.patch("django.utils.timezone.now",
                    return_value=datetime(2026, 3, 3, 0, 0, 30, tzinfo=shanghai).astimezone(utc)):
        hand = play_out(table, by_seat)
    assert hand.scores == scores


@pytest.mark.django_db
def test_r11_task_counts_and_the_hands_coins_are_one_transaction(defaults, make_user, deal_seed, monkeypatch):
    """A task count that fails takes the hand's settlement with it: nothing is paid, nothing counted."""
    def broken(*args):
        raise RuntimeError("task count failed")

    monkeypatch.setattr(progress, "_count", broken)
    with pytest.raises(RuntimeError, match="task count failed"):
        seeded_win(make_user, deal_seed)
    hand = Hand.objects.get()
    assert hand.finished_at is None and not hand.scores
    assert not LedgerEntry.objects.filter(hand__isnull=False).exists() and not TaskProgress.objects.exists()
    assert set(User.objects.exclude(username="__house__").values_list("coins", "experience")) == {(2000, 0)}

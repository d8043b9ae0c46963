"""Money's reads for the pages: the relief grant on offer, today's sign-in offer and tasks, a player's
coin history with the reason of each entry and recent hands with their coins, and the leaderboards
(kept in Django's cache for LEADERBOARD_SECONDS)."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import IntegerField, Min, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Hand, RoomTier
from games.selectors import hand_points, replay_public
from money.levels import level_table, rank
from money.models import CoinGrant, DailyTask, LedgerEntry, SignIn, SignInReward, TaskProgress

HISTORY_PAGE = 20  # ledger entries per page of the coin history
BOARD_ROWS = 10  # rows of each leaderboard
RECENT_HANDS = 10  # a profile's recent hands


# ---------------------------------------------------------------- the relief grant


def relief_key_prefix(user, day=None) -> str:
    """The ledger's settlement keys of the user's relief grants of a day: relief:<user>:<day>:<n>."""
    return f"relief:{user.pk}:{(day or timezone.localdate()).isoformat()}:"


def relief_offer(user) -> dict | None:
    """R11 free coins, the relief grant (救济金): None unless the user cannot afford any room (fewer coins
    than the lowest coins to enter); else which of today's grants comes next (n), the coins it pays
    (0 once today's RELIEF_PER_DAY are used up: back tomorrow, the local day of TIME_ZONE) and how
    many are left today."""
    lowest = RoomTier.objects.aggregate(lowest=Min("entry_coins"))["lowest"]
    if not user.is_authenticated or lowest is None or user.coins >= lowest:
        return None
    used = LedgerEntry.objects.filter(account=user, settlement_key__startswith=relief_key_prefix(user)).count()
    left = max(0, settings.RELIEF_PER_DAY - used)
    return {"n": used + 1, "amount": lowest * settings.RELIEF_TOP_UP_ENTRIES - user.coins if left else 0,
            "left": left, "per_day": settings.RELIEF_PER_DAY}


# ---------------------------------------------------------------- the daily sign-in and daily tasks


def signin_offer(user, day=None) -> dict | None:
    """Today's sign-in bonus (None without a bonus table or a log-in): whether it is claimed, the streak
    day it pays (yesterday's streak + 1, or 1 after a missed day), its coins, and the days 1…7."""
    rewards = dict(SignInReward.objects.values_list("day", "coins"))
    if not user.is_authenticated or not rewards:
        return None
    day = day or timezone.localdate()
    last = SignIn.objects.filter(user=user, day__gte=day - timedelta(days=1), day__lte=day).order_by("-day").first()
    claimed = last is not None and last.day == day
    streak = last.streak if claimed else (last.streak + 1 if last else 1)
    top = max(rewards)
    step = min(streak, top)  # past the last day of the table, every day pays the last day's coins
    return {"claimed": claimed, "streak": streak, "coins": last.coins if claimed else rewards[step],
            "days": [{"day": d, "coins": c, "done": d < step or (claimed and d == step), "today": d == step}
                     for d, c in sorted(rewards.items())]}


def today_tasks(user, day=None) -> list[dict]:
    """The daily tasks offered, with the person's count today: done, claimed, and a percentage."""
    if not user.is_authenticated:
        return []
    day = day or timezone.localdate()
    progress = {p.task_id: p for p in TaskProgress.objects.filter(user=user, day=day)}
    rows = []
    for task in DailyTask.objects.filter(active=True).select_related("tier"):
        p = progress.get(task.pk)
        count = min(p.count, task.hands) if p else 0
        rows.append({"task": task, "label": task.label, "count": count, "hands": task.hands,
                     "reward": task.reward, "done": count >= task.hands, "claimed": bool(p and p.claimed),
                     "percent": 100 * count // task.hands})
    return rows


# ---------------------------------------------------------------- coin history


def entry_reasons(entries) -> dict[int, str]:
    """Why each ledger entry moved coins, read from its settlement key (the house's keys): for an
    admin's grant, the reason typed in the grant form; for a task reward, the task."""
    grants = dict(CoinGrant.objects.filter(settlement_key__in={e.settlement_key for e in entries
                                                               if e.settlement_key.startswith("grant:")})
                  .values_list("settlement_key", "reason"))
    task_ids = {_task_id(e.settlement_key) for e in entries} - {None}
    tasks = DailyTask.objects.select_related("tier").in_bulk(task_ids) if task_ids else {}
    return {e.pk: _reason(e, grants, tasks) for e in entries}


def _task_id(key: str) -> int | None:
    """task:<user>:<task>:<day> → <task>."""
    parts = key.split(":")
    return int(parts[2]) if parts[0] == "task" and len(parts) == 4 and parts[2].isdigit() else None


def _reason(entry, grants: dict[str, str], tasks: dict) -> str:
    kind, _sep, rest = entry.settlement_key.partition(":")
    task = tasks.get(_task_id(entry.settlement_key))
    if task is not None:
        return _("Daily task reward: %(task)s") % {"task": task.label}
    if kind == "hand" and entry.hand_id:
        table = entry.hand.table
        return _("Hand %(number)s in %(room)s") % {"number": entry.hand.number,
                                                   "room": table.tier.shown if table.tier_id else table.invite_code}
    if kind == "grant":
        return _("From the site's staff: %(reason)s") % {"reason": grants.get(entry.settlement_key, "")}
    if kind == "tournament":  # tournament:<id>:fee|refund:<entry>, tournament:<id>:prize:<rank> (tournaments)
        what = rest.partition(":")[2].partition(":")[0]
        return {"fee": _("Tournament entry fee"), "refund": _("Tournament fee refunded"),
                "prize": _("Tournament prize")}.get(what, _("Other"))
    return {"welcome": _("Starting coins"), "relief": _("Relief coins"), "signin": _("Daily sign-in bonus"),
            "task": _("Daily task reward")}.get(kind, _("Other"))


def coin_history(user, page) -> dict:
    """One page of the player's ledger entries, newest first, each with its reason and the balance
    after it (the running balance: the ledger's total less the entries after it)."""
    entries = LedgerEntry.objects.filter(account=user).select_related("hand__table__tier").order_by(
        "-created_at", "-id")
    paginator = Paginator(entries, HISTORY_PAGE)
    this = paginator.get_page(page)
    later = (LedgerEntry.objects.filter(pk__in=entries.values("pk")[:this.start_index() - 1])
             .aggregate(total=Sum("amount"))["total"] or 0) if this.start_index() > 1 else 0
    balance = LedgerEntry.objects.balance_of(user) - later
    reasons = entry_reasons(list(this))
    rows = []
    for entry in this:
        rows.append({"entry": entry, "reason": reasons[entry.pk], "balance": balance})
        balance -= entry.amount
    return {"page": this, "rows": rows}


def recent_hands(user, limit: int = RECENT_HANDS) -> list[dict]:
    """The user's last finished hands, newest first, each with the coins it moved for them (coin
    rooms, from the ledger) or the points (private rooms, from the hand's scores)."""
    hands = list(Hand.objects.filter(players=user, finished_at__isnull=False)
                 .select_related("table__tier", "table__variant").order_by("-finished_at")[:limit])
    coins = dict(LedgerEntry.objects.filter(account=user, hand__in=hands)
                 .values("hand").annotate(total=Sum("amount")).values_list("hand", "total"))
    points = hand_points(user, [h for h in hands if not h.table.tier_id])
    return [{"hand": hand, "coins": coins.get(hand.pk, 0 if hand.table.tier_id else None),  # a drawn coin hand: 0
             "points": points.get(hand.pk)} for hand in hands]


# ---------------------------------------------------------------- leaderboards


def _listed():
    """Who the leaderboards list: people with an account of their own (no guests, no house, no bots)."""
    return User.objects.filter(is_guest=False, is_active=True)


def _winners(since) -> list[dict]:
    rows = (LedgerEntry.objects.filter(hand__isnull=False, created_at__gte=since, account__in=_listed())
            .values("account").annotate(won=Sum("amount")).filter(won__gt=0).order_by("-won", "account")
            [:BOARD_ROWS])
    return [{"user": r["account"], "value": r["won"]} for r in rows]


def _best_hands(since) -> list[dict]:
    """The week's finished hands by base (R8.3), highest first, won by a listed person; with a link to
    the replay when every person at the hand allowed public replays (games.selectors.replay_public)."""
    listed = set(_listed().values_list("pk", flat=True))
    hands = (Hand.objects.filter(finished_at__gte=since, result__winner__isnull=False)
             .annotate(base=Cast(KT("result__base"), IntegerField())).filter(base__gt=0)
             .order_by("-base", "finished_at").values("pk", "base", "seating", "result__winner", "finished_at"))
    rows = []
    for hand in hands.iterator():
        winner = hand["seating"][hand["result__winner"]] if hand["result__winner"] < len(hand["seating"]) else None
        if winner in listed:
            public = replay_public(Hand.objects.get(pk=hand["pk"]))
            rows.append({"user": winner, "value": hand["base"], "hand": hand["pk"], "at": hand["finished_at"],
                         "replay": reverse("games:replay", args=[hand["pk"]]) if public else None})
            if len(rows) == BOARD_ROWS:
                break
    return rows


def _compute(now) -> dict:
    today = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    week = today - timedelta(days=today.weekday())
    levels = [{"user": pk, "value": xp} for pk, xp in _listed().filter(experience__gt=0)
              .order_by("-experience", "pk").values_list("pk", "experience")[:BOARD_ROWS]]
    return {"today": _winners(today), "week": _winners(week), "levels": levels, "hands": _best_hands(week),
            "at": now}


def leaderboards(now=None) -> dict:
    """The four boards, computed at most once per LEADERBOARD_SECONDS (and once per local day), each row
    with the person's name and title, rank first."""
    now = now or timezone.now()
    key = f"leaderboards:{timezone.localdate(now).isoformat()}"
    boards = cache.get(key)
    if boards is None:
        boards = _compute(now)
        cache.set(key, boards, settings.LEADERBOARD_SECONDS)
    ids = {row["user"] for rows in boards.values() if isinstance(rows, list) for row in rows}
    people = {u.pk: u for u in User.objects.filter(pk__in=ids)}
    table = level_table()
    for name in ("today", "week", "levels", "hands"):
        boards[name] = [{**row, "name": people[row["user"]].username, "rank": rank(people[row["user"]].experience,
                                                                                     table)}
                        for row in boards[name] if row["user"] in people]
    return boards

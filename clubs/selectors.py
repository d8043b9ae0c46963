"""Reads of clubs: a member's view of one (strangers see nothing), the lobby's tables, the records
(战绩) of finished series and the standings (积分榜)."""
from __future__ import annotations

import datetime
from collections import defaultdict

from django.db.models import Max, Prefetch, Q
from django.utils import timezone

from clubs.models import Club, ClubTable, JoinRequest, Membership
from games.models import Hand, Seat, Table
from games.selectors import seat_name

DAYS = ("today", "yesterday", "week")  # the records' day filter; "week": the last 7 days
ONLINE_SHOWN = 60  # the members online the lobby names; the rest are counted
LATEST_SHOWN = 3  # the finished series the lobby shows (the records page has them all)


def membership(number: str, user) -> Membership | None:
    """The person's membership of the club with this number (a disabled club's page says so); None for
    anyone else (a 404)."""
    if not user.is_authenticated:
        return None
    return Membership.objects.select_related("club").filter(club__number=number, user=user).first()


def my_clubs(user) -> list[Membership]:
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user).select_related("club").order_by("club__name"))


def lobby_tables(club: Club) -> dict[str, list[dict]]:
    """Tables waiting (seats with names) and playing (hand n of m), each with its rule set: three
    queries whatever the number of tables."""
    links = (ClubTable.objects.filter(club=club, table__status__in=[Table.Status.WAITING, Table.Status.PLAYING])
             .select_related("table__variant", "rule_set__variant")
             .prefetch_related(Prefetch("table__seats", Seat.objects.select_related("user").order_by("position")))
             .annotate(hand_no=Max("table__hands__number")).order_by("table__created_at"))
    out = {"waiting": [], "playing": []}
    for link in links:
        table = link.table
        seats = {s.position: s for s in table.seats.all()}
        names = [seat_name(seats.get(p)) for p in range(table.player_count)]
        out[table.status].append({"table": table, "rule_set": link.rule_set, "names": names,
                                  "free": table.player_count - len(seats), "hand_no": link.hand_no or 0})
    return out


def lobby(club: Club, online_ids) -> dict:
    """Everything the club lobby's live fragments show (the page's, and each change's over its socket:
    clubs.live.fanout): the club, its rule sets, its tables, its members online (`online_ids`: who
    has the lobby open, clubs.live.presence; only members count), its latest finished series (so a
    series that ends shows at once). Nine queries whatever the numbers."""
    return {"club": club, "rule_sets": list(club.rule_sets.select_related("variant")),
            "tables": {} if club.disabled else lobby_tables(club), "online": online(club, online_ids),
            "latest": _series(list(_ended_series().filter(club=club)[:LATEST_SHOWN]))}


def online(club: Club, user_ids) -> dict:
    """The members among `user_ids`, by name: the first ONLINE_SHOWN named, the rest counted."""
    found = (Membership.objects.filter(club=club, user_id__in=list(user_ids)).select_related("user")
             .order_by("user__username"))
    names = [str(m.user.display_name) for m in found]
    return {"count": len(names), "names": names[:ONLINE_SHOWN], "more": max(0, len(names) - ONLINE_SHOWN)}


def pending_requests(club: Club) -> list[JoinRequest]:
    return list(club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related("user"))


def members(club: Club) -> list[Membership]:
    return list(club.memberships.select_related("user"))


def day_bounds(day: str, now=None) -> tuple[datetime.datetime, datetime.datetime]:
    """[start, end) of today, yesterday or the last 7 days, in the site's time zone."""
    now = timezone.localtime(now)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if day == "yesterday":
        return midnight - datetime.timedelta(days=1), midnight
    if day == "week":
        return midnight - datetime.timedelta(days=6), midnight + datetime.timedelta(days=1)
    return midnight, midnight + datetime.timedelta(days=1)


def _ended_series():
    """The club tables whose series is over: played to its end, or ended early (dissolved with the
    club, or by the admin's disabling) after a hand was scored: what was played stays on the record."""
    return (ClubTable.objects.filter(Q(table__status=Table.Status.FINISHED)
                                     | Q(table__status=Table.Status.DISSOLVED, table__hands__scores__isnull=False))
            .select_related("club", "table__variant", "rule_set__variant")
            .annotate(ended=Max("table__hands__finished_at")).order_by("-ended"))


def records(club: Club, *, member_id: int | None = None, day: str | None = None, now=None) -> list[dict]:
    """Finished series of the club, newest first: when, the rule set, players with their totals (R11:
    points), the winner(s), each hand with its replay link."""
    links = _ended_series().filter(club=club)
    if member_id:
        links = links.filter(table__seats__user_id=member_id)
    if day in DAYS:
        start, end = day_bounds(day, now)
        links = links.filter(ended__gte=start, ended__lt=end)
    return _series(list(links))


def person_records(user) -> list[dict]:
    """The person's own 战绩 across clubs, newest first: every ended series of a club table they sat
    at, in a club they still belong to or not (a dissolved club's series stay theirs)."""
    return _series(list(_ended_series().filter(table__seats__user=user)))


def _series(links: list[ClubTable]) -> list[dict]:
    """Each series with its players' totals over the scored hands, best first, and those hands."""
    tables = [link.table_id for link in links]
    seats, hands = defaultdict(dict), defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=tables).select_related("user"):
        seats[seat.table_id][seat.position] = seat
    for hand in Hand.objects.filter(table_id__in=tables, scores__isnull=False).order_by("number"):
        hands[hand.table_id].append(hand)
    out = []
    for link in links:
        players = [{"user_id": seat.user_id, "name": seat_name(seat),
                    "total": sum(h.scores[position] for h in hands[link.table_id])}
                   for position, seat in sorted(seats[link.table_id].items())]
        cut_short = link.table.status == Table.Status.DISSOLVED
        best = max((p["total"] for p in players), default=0)
        for p in players:
            p["winner"] = p["total"] == best > 0 and not cut_short  # none when cut short, or all drawn
        players.sort(key=lambda p: -p["total"])
        out.append({"ended": link.ended, "club": link.club, "rule_set": link.rule_set, "table": link.table,
                    "players": players, "hands": hands[link.table_id],
                    "cut_short": cut_short})
    return out


def standings(club: Club, day: str, now=None) -> list[dict]:
    """积分榜 for today or this week (the last 7 days): each member's points over the period's series
    and the series they won (a shared best total counts for each), best points first."""
    rows: dict[int, dict] = {}
    for series in records(club, day=day, now=now):
        for p in series["players"]:
            if p["user_id"] is None:
                continue  # a bot's seat
            row = rows.setdefault(p["user_id"], {"name": p["name"], "points": 0, "won": 0, "series": 0})
            row["points"] += p["total"]
            row["won"] += p["winner"]
            row["series"] += 1
    return sorted(rows.values(), key=lambda r: (-r["points"], -r["won"], r["name"]))

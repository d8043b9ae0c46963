"""Tournaments' reads for the pages: the lobby's list, one tournament's page (entrants, rounds, tables,
standings), a person's place at a tournament table, a person's tournaments (docs/design.md#tournaments).
Reads only."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Q

from clubs.models import Membership
from games.models import Hand
from tournaments import standings
from tournaments.models import Entry, Plan, Round, RoundSeat, Tournament

State = Tournament.State


def prizes_of(tournament: Tournament) -> list[int]:
    """The prizes by rank as they stand: fixed, or shares of the pool so far (the fees taken; before
    the start, the places taken)."""
    plan = tournament.plan
    pool = tournament.pool if tournament.state != State.REGISTERING else (
        plan.entry_fee * tournament.entries.filter(state=Entry.State.REGISTERED).count())
    return standings.prize_amounts(plan.prize_mode == Plan.PrizeMode.SHARE, plan.prize_list(), pool, plan.house_cut)


def lobby_list(user) -> list[dict]:
    """Every open or running tournament of the site (not a club's), the next to start first: its
    entrants, fee, prizes, when it starts, and whether the person is in it."""
    found = (Tournament.objects.filter(state__in=[State.REGISTERING, State.RUNNING], plan__active=True,
                                       plan__club__isnull=True)
             .select_related("plan", "plan__variant")
             .annotate(taken=Count("entries", filter=Q(entries__state=Entry.State.REGISTERED))))
    mine = set()
    if user.is_authenticated:
        mine = set(Entry.objects.filter(user=user, state=Entry.State.REGISTERED, tournament__in=found)
                   .values_list("tournament_id", flat=True))
    rows = [{"t": t, "taken": t.taken, "prizes": prizes_of(t), "mine": t.pk in mine} for t in found]
    return sorted(rows, key=lambda r: (r["t"].state != State.REGISTERING,
                                       r["t"].starts_at is None, r["t"].starts_at or r["t"].created_at))


def member_of_club(plan: Plan, user) -> bool:
    """Whether the person may see and enter the plan's tournaments: anyone for the site's, a member of
    the club (an enabled one) for a club's."""
    if plan.club_id is None:
        return True
    return bool(user is not None and user.is_authenticated and Membership.objects.filter(
        club_id=plan.club_id, club__disabled=False, user_id=user.pk).exists())


CLUB_FINISHED_SHOWN = 3  # a club lobby lists its open and running tournaments and this many finished


def club_list(club_id: int) -> list[dict]:
    """A club's tournaments for its lobby (the same for every member: no one's own state), open and
    running first, then the latest finished: its entrants and state. Two queries."""
    found = (Tournament.objects.filter(plan__club_id=club_id).exclude(state=State.CANCELLED)
             .select_related("plan", "plan__variant")
             .annotate(taken=Count("entries", filter=Q(entries__state__in=[Entry.State.REGISTERED, Entry.State.OUT]))))
    current = [t for t in found.filter(state__in=[State.REGISTERING, State.RUNNING])]
    done = list(found.filter(state=State.FINISHED).order_by("-finished_at")[:CLUB_FINISHED_SHOWN])
    return [{"t": t, "taken": t.taken} for t in current + done]


@dataclass
class TableView:
    table_id: int
    invite_code: str
    status: str
    seats: list = field(default_factory=list)  # [(name, points or None)]


def page(tournament: Tournament) -> dict:
    """One tournament's page: the entrants, the rounds with their tables, the current standings (this
    round's points so far at each table, from its hands), the final ranking and prizes once over."""
    rounds = list(tournament.rounds.prefetch_related("seats__entry__user", "seats__table"))
    entries = list(tournament.entries.exclude(state=Entry.State.WITHDRAWN).select_related("user"))
    current = rounds[-1] if rounds else None
    tables: list[TableView] = []
    standing = []
    if current:
        live = _live_points(current)
        by_table: dict[int, TableView] = {}
        for s in current.seats.all():
            view = by_table.setdefault(s.table_id, TableView(s.table_id, s.table.invite_code, s.table.status))
            points = s.points if s.points is not None else live.get(s.entry_id, (0, 0))[0]
            view.seats.append((s.entry, points))
        tables = list(by_table.values())
        results = [standings.Result(s.entry_id, s.table_id, *(live.get(s.entry_id, (0, 0)) if s.points is None
                                                              else (s.points, s.wins or 0)), s.entry_id)
                   for s in current.seats.all()]
        seat_of = {s.entry_id: s for s in current.seats.all()}
        standing = [(seat_of[r.entry].entry, r.points) for r in sorted(results, key=standings.key)]
    ranking = sorted((e for e in entries if e.rank), key=lambda e: e.rank)
    return {"t": tournament, "plan": tournament.plan, "entries": entries, "rounds": rounds, "current": current,
            "tables": tables, "standing": standing, "ranking": ranking, "prizes": prizes_of(tournament),
            "taken": sum(1 for e in entries if e.state in (Entry.State.REGISTERED, Entry.State.OUT))}


def _live_points(rnd: Round) -> dict[int, tuple[int, int]]:
    """Each entry's (points, hands won) in the round so far, from its table's finished hands."""
    seats = list(rnd.seats.all())
    hands: dict[int, list] = {}
    for hand in Hand.objects.filter(table__in={s.table_id for s in seats}, finished_at__isnull=False).only(
            "table_id", "scores", "result"):
        hands.setdefault(hand.table_id, []).append(hand)
    return {s.entry_id: (sum(h.scores[s.position] for h in hands.get(s.table_id, []) if h.scores),
                         sum(1 for h in hands.get(s.table_id, []) if (h.result or {}).get("winner") == s.position))
            for s in seats}


def at_table(table_id: int, user) -> dict | None:
    """For a person at a tournament's table: the tournament, the round, their rank in the round so far
    and their points. None at any other table."""
    if not user.is_authenticated:
        return None
    seat = (RoundSeat.objects.filter(table_id=table_id, entry__user=user)
            .select_related("round", "round__tournament__plan").first())
    if seat is None:
        return None
    live = _live_points(seat.round)
    results = [standings.Result(e, 0, p, w, e) for e, (p, w) in live.items()]
    order = [r.entry for r in sorted(results, key=standings.key)]
    return {"t": seat.round.tournament, "round": seat.round, "rank": order.index(seat.entry_id) + 1,
            "of": len(order), "points": live[seat.entry_id][0]}


def mine(user) -> list[Entry]:
    """A person's tournaments, the latest first, with their rank and prize."""
    if not user.is_authenticated:
        return []
    return list(Entry.objects.filter(user=user).exclude(state=Entry.State.WITHDRAWN)
                .select_related("tournament__plan").order_by("-joined_at")[:20])

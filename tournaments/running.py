"""A running tournament: a round seated from the committed seed (its tables private series dealt
together), a round's end (points, places, who goes on), the final table's end with the ranking and the
prizes, paid once each under tournament:<id>:prize:<rank> (docs/design.md#tournaments). Each is called
with the tournament locked, in the transaction that changes its state, so a crash repeats it whole."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Hand, Table
from games.rooms import series_open
from money.errors import DuplicateSettlement
from money.ledger import house_account, ledger_settle, publish_coins
from money.models import LedgerEntry
from games.table_owner import person_changed
from tournaments import notify, standings
from tournaments.models import Entry, Plan, Round, RoundSeat, Tournament

OVER = (Table.Status.FINISHED, Table.Status.DISSOLVED)


def prize_key(tournament: Tournament, rank: int) -> str:
    return f"tournament:{tournament.pk}:prize:{rank}"


def round_seat(tournament: Tournament, number: int, now) -> Round:
    """Seat the entrants still in (each table dealt now, all in this transaction, so they start
    together): the order from the seed (standings.seat_order), the tables avoiding shared addresses."""
    plan = tournament.plan
    entries = {e.pk: e for e in tournament.entries.filter(state=Entry.State.REGISTERED).select_related("user")}
    order = standings.seat_order(tournament.seed, number, list(entries))
    tables = standings.tables_of(order, plan.table_size, {pk: e.address for pk, e in entries.items()})
    rnd = Round.objects.create(tournament=tournament, number=number, final=len(tables) == 1)
    seats = []
    for ids in tables:
        table = series_open(variant=plan.variant, planned_hands=plan.hands_per_round,
                            players=[(entries[i].user, entries[i].address) for i in ids], now=now)
        seats += [RoundSeat(round=rnd, entry=entries[i], table=table, position=p) for p, i in enumerate(ids)]
    RoundSeat.objects.bulk_create(seats)
    tournament.next_round_at = None
    tournament.save(update_fields=["next_round_at"])
    notify.changed(tournament.pk, club_id=tournament.plan.club_id)
    return rnd


def dissolve_refused(table) -> str | None:
    """A tournament's table plays its round to the end: its people may not dissolve it (one person with
    two bots could otherwise void a hand they are losing)."""
    if RoundSeat.objects.filter(table_id=getattr(table, "pk", table)).exists():
        return _("A tournament's table plays its hands to the end: it cannot be dissolved.")
    return None


def round_over(rnd: Round) -> bool:
    return not Table.objects.filter(tournament_seats__round=rnd).exclude(status__in=OVER).exists()


def _results(rnd: Round) -> list[standings.Result]:
    """The round's points per seat: the sum of its table's scored hands (a dissolved hand scores
    nothing), and the hands each seat won."""
    seats = list(rnd.seats.all())
    hands: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(table__in={s.table_id for s in seats}, finished_at__isnull=False):
        hands.setdefault(hand.table_id, []).append(hand)
    out = []
    for s in seats:
        played = hands.get(s.table_id, [])
        points = sum((h.scores or [0] * 4)[s.position] for h in played if h.scores)
        wins = sum(1 for h in played if (h.result or {}).get("winner") == s.position)
        out.append(standings.Result(entry=s.entry_id, table=s.table_id, points=points, wins=wins, order=s.entry_id))
    return out


def round_end(tournament: Tournament, rnd: Round, now) -> None:
    """Record the round's points and places; the final's end finishes the tournament, another round's
    sends the best on (standings.goers) and the rest out, with a break before the next round."""
    results = _results(rnd)
    place = standings.places(results)
    plan = tournament.plan
    going = set() if rnd.final else set(standings.goers(results, plan.table_size, plan.advance_per_table,
                                                          plan.advance == Plan.Advance.TABLE_PLACES))
    by_entry = {r.entry: r for r in results}
    RoundSeat.objects.bulk_update(_updated(rnd, by_entry, place, going), ["points", "wins", "place", "goes_on"])
    rnd.ended_at = now
    rnd.save(update_fields=["ended_at"])
    if rnd.final:
        finish(tournament, now)
        return
    tournament.entries.filter(state=Entry.State.REGISTERED).exclude(pk__in=going).update(
        state=Entry.State.OUT, out_round=rnd.number)
    tournament.next_round_at = now + timedelta(seconds=settings.TOURNAMENT_BREAK_SECONDS)
    tournament.save(update_fields=["next_round_at"])
    notify.changed(tournament.pk, club_id=tournament.plan.club_id)


def _updated(rnd: Round, by_entry, place, going) -> list[RoundSeat]:
    seats = list(rnd.seats.all())
    for seat in seats:
        r = by_entry[seat.entry_id]
        seat.points, seat.wins, seat.place = r.points, r.wins, place[r.entry]
        seat.goes_on = None if rnd.final else r.entry in going
    return seats


def finish(tournament: Tournament, now) -> None:
    """The final table is over: every entrant's rank (standings.final_ranking), each prize paid once by
    the house under its rank's key (a bot's stays with the house), the tournament finished — all in one
    transaction, so a crash pays nothing or everything, and the keys refuse a second payment."""
    rounds = list(tournament.rounds.all())
    results = [_stored(rnd) for rnd in rounds]
    going = [{s.entry_id for s in rnd.seats.all() if s.goes_on} for rnd in rounds[:-1]]
    ranking = standings.final_ranking(results, going)
    plan = tournament.plan
    amounts = standings.prize_amounts(plan.prize_mode == Plan.PrizeMode.SHARE, plan.prize_list(),
                                      tournament.pool, plan.house_cut)
    entries = {e.pk: e for e in tournament.entries.exclude(state=Entry.State.WITHDRAWN).select_related("user")}
    paid = []
    for rank, entry_id in enumerate(ranking, 1):
        entry = entries[entry_id]
        entry.rank = rank
        amount = amounts[rank - 1] if rank <= len(amounts) else 0
        if entry.user_id and amount:
            entry.prize = amount
            if _pay(prize_key(tournament, rank), entry.user, amount):
                paid.append(entry.user_id)
    Entry.objects.bulk_update(entries.values(), ["rank", "prize"])
    tournament.state, tournament.finished_at = Tournament.State.FINISHED, now
    tournament.save(update_fields=["state", "finished_at"])
    notify.changed(tournament.pk, club_id=tournament.plan.club_id)
    publish_coins(paid)
    for uid in paid:
        person_changed(uid)


def _stored(rnd: Round) -> list[standings.Result]:
    return [standings.Result(entry=s.entry_id, table=s.table_id, points=s.points or 0, wins=s.wins or 0,
                             order=s.entry_id) for s in rnd.seats.all()]


def _pay(key: str, user, amount: int) -> bool:
    if LedgerEntry.objects.filter(settlement_key=key).exists():
        return False
    try:
        with transaction.atomic():
            ledger_settle(key, {user: amount, house_account(): -amount})
    except DuplicateSettlement:
        return False
    return True

"""What changes a tournament before it runs: each plan's open tournament, registering and withdrawing
(the fee taken and refunded through the ledger, each once), the start, and cancelling one below its
minimum (docs/design.md#tournaments). Atomic; lock order: the people's user rows (by primary key),
then the tournament row, then tables (games.rooms), then ledger accounts."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Membership
from games.errors import Refused
from games.models import Table
from games.play import room_close
from games.table_owner import person_changed
from money.errors import DuplicateSettlement
from money.ledger import house_account, ledger_settle, publish_coins
from money.models import LedgerEntry
from tournaments import notify, running, selectors
from tournaments.models import Entry, Plan, Tournament

State = Tournament.State


def fee_key(entry: Entry) -> str:
    return f"tournament:{entry.tournament_id}:fee:{entry.pk}"


def refund_key(entry: Entry) -> str:
    return f"tournament:{entry.tournament_id}:refund:{entry.pk}"


@transaction.atomic
def plan_open(*, plan: Plan) -> Tournament | None:
    """The plan's tournament taking registrations: a sit-and-go always has one (the next opens when one
    starts), a scheduled plan one for its start. None for a plan not offered, or a scheduled one (or a
    club's) run already. The unique open tournament per plan stops a concurrent twin."""
    plan = Plan.objects.select_for_update().get(pk=plan.pk)
    if not plan.active:
        return None
    found = plan.tournaments.filter(state=State.REGISTERING).first()
    if found or ((plan.kind == Plan.Kind.SCHEDULED or plan.club_id) and plan.tournaments.exists()):
        return found
    return Tournament.objects.create(plan=plan, starts_at=plan.starts_at)


@transaction.atomic
def club_tournament_open(*, club: Club, user, rule_set_id: int, entrants: int, name: str) -> Tournament:
    """A club's free points tournament, run by its owner or a manager with the site's engine: a
    sit-and-go of one of the club's rule sets (its game, its players per table, its hands as the hands
    per round), no fee and no coins (the final ranking is the prize list), its members only, once (no
    next opens when it starts). One open or running at a time per club."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    mine = Membership.objects.filter(club=club, user_id=user.pk).first()
    if club.disabled or mine is None or not mine.manages:
        raise Refused(_("Only the club's owner and managers can run a club tournament."))
    rule_set = club.rule_sets.select_related("variant").filter(pk=rule_set_id).first()
    if rule_set is None:
        raise Refused(_("This rule set is no longer the club's."))
    if Tournament.objects.filter(plan__club=club, state__in=[State.REGISTERING, State.RUNNING]).exists():
        raise Refused(_("The club has a tournament open or running already."))
    plan = Plan(name=name.strip(), kind=Plan.Kind.SIT_AND_GO, variant=rule_set.variant,
                table_size=rule_set.player_count, entrants=entrants, entry_fee=0, prize_mode=Plan.PrizeMode.FIXED,
                prizes="", house_cut=0, hands_per_round=rule_set.planned_hands, advance=Plan.Advance.TOP_POINTS,
                advance_per_table=1, club=club)
    try:
        plan.full_clean()
    except ValidationError as e:
        raise Refused(" ".join(m for ms in e.message_dict.values() for m in ms)) from None
    plan.save()
    tournament = Tournament.objects.create(plan=plan)
    notify.changed(tournament.pk, club_id=club.pk)
    return tournament


def _people_locked(user_ids) -> None:
    """The first locks of every tournament service: these people's rows, by primary key."""
    list(get_user_model().objects.select_for_update().filter(pk__in=sorted(set(user_ids))).order_by("pk")
         .values_list("pk", flat=True))


def locked(tournament_id: int) -> Tournament:
    """The tournament row locked, after its registered people's rows (the lock order)."""
    people = Entry.objects.filter(tournament_id=tournament_id, state=Entry.State.REGISTERED,
                                  user__isnull=False).values_list("user_id", flat=True)
    _people_locked(people)
    return Tournament.objects.select_for_update().select_related("plan", "plan__variant").get(pk=tournament_id)


@transaction.atomic
def register(*, tournament: Tournament, user, address: str | None = None, now=None) -> Entry:
    """Take a place: the fee goes to the house under tournament:<id>:fee:<entry>. A repeated click
    finds the place taken already. Refused: registration closed or not yet open, the person in another
    tournament that has not ended, the tournament full, someone from the same address in it (the final
    is one table: two from one address could meet there), coins short of the fee. The place that fills
    a sit-and-go starts it."""
    if not user.is_authenticated:
        raise Refused(_("Log in to register."))
    now = now or timezone.now()
    _people_locked([user.pk])
    tournament = Tournament.objects.select_for_update().select_related("plan").get(pk=tournament.pk)
    plan = tournament.plan
    mine = tournament.entries.filter(user=user, state=Entry.State.REGISTERED).first()
    if mine:
        return mine
    if not selectors.member_of_club(plan, user):
        raise Refused(_("Only the club's members can enter its tournament."))
    if tournament.state != State.REGISTERING:
        if plan.kind == Plan.Kind.SIT_AND_GO and tournament.state == State.RUNNING:
            raise Refused(_("This tournament is full."))  # it filled, and started
        raise Refused(_("Registration for this tournament is closed."))
    if plan.kind == Plan.Kind.SCHEDULED and plan.registration_opens_at and plan.registration_opens_at > now:
        raise Refused(_("Registration has not opened yet."))
    if Entry.objects.filter(user=user, state=Entry.State.REGISTERED,
                            tournament__state__in=[State.REGISTERING, State.RUNNING]).exists():
        raise Refused(_("You are in another tournament: one at a time."))
    taken = tournament.entries.filter(state=Entry.State.REGISTERED)
    count = taken.count()
    if count >= plan.entrants:
        raise Refused(_("This tournament is full."))
    if address and taken.filter(address=address).exists():
        raise Refused(_("Someone from your address has registered already: one entrant per address."))
    coins = get_user_model().objects.values_list("coins", flat=True).get(pk=user.pk)
    if coins < plan.entry_fee:
        raise Refused(_("You do not have the coins for the entry fee."))
    entry = Entry.objects.create(tournament=tournament, user=user, address=address, fee=plan.entry_fee)
    if plan.entry_fee:
        ledger_settle(fee_key(entry), {user: -plan.entry_fee, house_account(): plan.entry_fee})
        _coins_told(user.pk)
    if plan.kind == Plan.Kind.SIT_AND_GO:
        if count == 0 and plan.bots_after_seconds is not None:
            tournament.bots_at = now + timedelta(seconds=plan.bots_after_seconds)
            tournament.save(update_fields=["bots_at"])
        if count + 1 == plan.entrants:
            start(tournament, now)
    notify.changed(tournament.pk, club_id=tournament.plan.club_id)
    return entry


def _coins_told(user_id: int) -> None:
    publish_coins([user_id])
    person_changed(user_id)


@transaction.atomic
def unregister(*, tournament: Tournament, user) -> int:
    """Give the place up before the start: the fee comes back once (tournament:<id>:refund:<entry>).
    Returns the coins refunded; 0 when there was no place (a repeated click)."""
    _people_locked([user.pk])
    tournament = Tournament.objects.select_for_update().select_related("plan").get(pk=tournament.pk)
    entry = tournament.entries.filter(user=user, state=Entry.State.REGISTERED).first()
    if entry is None:
        return 0
    if tournament.state != State.REGISTERING:
        raise Refused(_("The tournament has started: places can no longer be given up."))
    entry.state = Entry.State.WITHDRAWN
    entry.save(update_fields=["state"])
    if not tournament.entries.filter(state=Entry.State.REGISTERED).exists() and tournament.bots_at:
        tournament.bots_at = None
        tournament.save(update_fields=["bots_at"])
    notify.changed(tournament.pk, club_id=tournament.plan.club_id)
    return _refund(entry)


def _refund(entry: Entry) -> int:
    """The entry's fee back to the person, once, whatever calls it twice."""
    key = refund_key(entry)
    if not entry.fee or LedgerEntry.objects.filter(settlement_key=key).exists():
        return 0
    try:
        with transaction.atomic():
            ledger_settle(key, {entry.user: entry.fee, house_account(): -entry.fee})
    except DuplicateSettlement:
        return 0
    _coins_told(entry.user_id)
    return entry.fee


PAID_IN = [Entry.State.REGISTERED, Entry.State.OUT]  # entries whose fee is the tournament's (still in it, or out)


@transaction.atomic
def admin_cancel(*, tournament: Tournament, now=None) -> int:
    """The site's admin calls off an open or running tournament: every fee back once, through the keys a
    give-up uses (tournament:<id>:refund:<entry>: a second call, or a refund made already, pays nothing
    more), the people out of it too; a running one's tables end their series (games.play.room_close:
    the hands played kept, the hand in play unscored). No prize is paid (prizes are paid with the end).
    Refused for one finished or cancelled already. Returns the refunds made."""
    now = now or timezone.now()
    _people_locked(Entry.objects.filter(tournament_id=tournament.pk, state__in=PAID_IN, user__isnull=False)
                   .values_list("user_id", flat=True))
    tournament = Tournament.objects.select_for_update().select_related("plan").get(pk=tournament.pk)
    if tournament.state not in (State.REGISTERING, State.RUNNING):
        raise Refused(_("Only an open or running tournament can be cancelled."))
    for table in (Table.objects.filter(tournament_seats__round__tournament=tournament)
                  .exclude(status__in=running.OVER).distinct().order_by("pk")):
        room_close(table=table)
    return cancel(tournament, now)


def cancel(tournament: Tournament, now) -> int:
    """(Tournament locked, after its people.) Below its minimum at its start, or called off by the admin:
    every fee back once, the entries marked refunded. Returns the refunds made."""
    refunded = 0
    for entry in tournament.entries.filter(state__in=PAID_IN).select_related("user"):
        entry.state = Entry.State.REFUNDED
        entry.save(update_fields=["state"])
        if entry.user_id:
            refunded += bool(_refund(entry))
    tournament.state, tournament.finished_at = State.CANCELLED, now
    tournament.save(update_fields=["state", "finished_at"])
    notify.changed(tournament.pk, club_id=tournament.plan.club_id)
    return refunded


def start(tournament: Tournament, now, *, bots: bool = False) -> None:
    """(Tournament locked.) Bots take the places left when `bots` (a sit-and-go's wait is over), or up
    to a whole number of tables (a scheduled one above its minimum); the pool is the fees taken; round
    1 is seated; a sit-and-go's plan opens its next tournament."""
    plan = tournament.plan
    people = tournament.entries.filter(state=Entry.State.REGISTERED).count()
    wanted = plan.entrants if bots else -(-people // plan.table_size) * plan.table_size
    Entry.objects.bulk_create(Entry(tournament=tournament, is_bot=True) for _ in range(wanted - people))
    tournament.pool = sum(tournament.entries.filter(state=Entry.State.REGISTERED).values_list("fee", flat=True))
    tournament.state, tournament.started_at, tournament.bots_at = State.RUNNING, now, None
    tournament.save(update_fields=["pool", "state", "started_at", "bots_at"])
    running.round_seat(tournament, 1, now)
    if plan.kind == Plan.Kind.SIT_AND_GO and plan.active and plan.club_id is None:  # a club's runs once
        Tournament.objects.create(plan=plan)

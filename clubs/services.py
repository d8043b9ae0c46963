"""What changes a club: create, edit, its rule sets, hand over, dissolve; joining (by number or link,
straight in or by a request), approving and refusing, roles, removing, leaving; and the one tap that
seats a member at a table of a rule set. Atomic; the club row is locked first, so capacity and the
per-person limit hold under concurrent joins and approvals."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts import throttles
from clubs import ending, live_events
from clubs.models import Club, ClubRuleSet, ClubTable, JoinRequest, Membership
from games.errors import Refused
from games.models import Table
from games.rooms import private_create, private_options_check, seat_join

MAX_RULE_SETS = 3
Role = Membership.Role


def _no_guest(user) -> None:
    if not user.is_authenticated or user.is_guest:
        raise Refused(_("Guests cannot join or create clubs: claim your account first."))


def _room_for_one_more(user) -> None:
    if Membership.objects.filter(user=user, club__disabled=False).count() >= settings.CLUBS_PER_PERSON:
        raise Refused(_("You already belong to %(n)s clubs, the most one person may.")
                      % {"n": settings.CLUBS_PER_PERSON})


def _locked(club: Club) -> Club:
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.disabled:
        raise Refused(_("This club is closed."))
    return club


def _membership(club: Club, user) -> Membership:
    """The person's membership, or the refusal a non-member gets."""
    found = Membership.objects.filter(club=club, user_id=user.pk).first() if user.is_authenticated else None
    if found is None:
        raise Refused(_("You are not a member of this club."))
    return found


def _managing(club: Club, user) -> Membership:
    mine = _membership(club, user)
    if not mine.manages:
        raise Refused(_("Only the club's owner and managers may do this."))
    return mine


def _owning(club: Club, user) -> Membership:
    mine = _membership(club, user)
    if mine.role != Role.OWNER:
        raise Refused(_("Only the club's owner may do this."))
    return mine


def _new_number() -> str:
    while True:
        number = str(secrets.randbelow(900000) + 100000)
        if not Club.objects.filter(number=number).exists():
            return number


@transaction.atomic
def club_create(*, owner, name: str, announcement: str = "", needs_approval: bool = True) -> Club:
    _no_guest(owner)
    _room_for_one_more(owner)
    club = Club.objects.create(number=_new_number(), name=name.strip(), announcement=announcement.strip(),
                               needs_approval=needs_approval, owner=owner)
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


@transaction.atomic
def club_edit(*, club: Club, user, name: str, announcement: str, needs_approval: bool) -> Club:
    club = _locked(club)
    _owning(club, user)
    club.name, club.announcement, club.needs_approval = name.strip(), announcement.strip(), needs_approval
    club.save(update_fields=["name", "announcement", "needs_approval"])
    live_events.changed(club.pk)
    return club


@transaction.atomic
def rule_set_save(*, club: Club, user, variant, planned_hands: int, player_count: int, watchable: bool = False,
                  hints: bool = True, options: dict | None = None, rule_set: ClubRuleSet | None = None) -> ClubRuleSet:
    """Add a rule set (at most MAX_RULE_SETS), or change one: the private room's checks (R2, R11), its
    room options among those the variant allows."""
    club = _locked(club)
    _owning(club, user)
    chosen = private_options_check(variant, planned_hands, player_count, options)
    if rule_set is None:
        if club.rule_sets.count() >= MAX_RULE_SETS:
            raise Refused(_("A club has at most %(n)s rule sets.") % {"n": MAX_RULE_SETS})
        rule_set = ClubRuleSet(club=club)
    elif rule_set.club_id != club.pk:
        raise Refused(_("This rule set is no longer offered."))
    rule_set.variant, rule_set.planned_hands, rule_set.player_count = variant, planned_hands, player_count
    rule_set.watchable, rule_set.hints, rule_set.options = watchable, hints, chosen
    rule_set.save()
    live_events.changed(club.pk)
    return rule_set


@transaction.atomic
def rule_set_delete(*, club: Club, user, rule_set_id: int) -> None:
    club = _locked(club)
    _owning(club, user)
    ClubRuleSet.objects.filter(club=club, pk=rule_set_id).delete()
    live_events.changed(club.pk)


@transaction.atomic
def hand_over(*, club: Club, user, to_user_id: int) -> None:
    """The owner gives the club to a member, and stays on as a manager."""
    club = _locked(club)
    mine = _owning(club, user)
    theirs = Membership.objects.filter(club=club, user_id=to_user_id).exclude(pk=mine.pk).first()
    if theirs is None:
        raise Refused(_("The club can only be handed over to one of its members."))
    theirs.role, mine.role = Role.OWNER, Role.MANAGER
    theirs.save(update_fields=["role"])
    mine.save(update_fields=["role"])
    club.owner_id = to_user_id
    club.save(update_fields=["owner"])


@transaction.atomic
def dissolve(*, club: Club, user) -> None:
    """The owner ends the club: its tables end their series (clubs.ending), members and requests go; the
    club's row stays, disabled, for the series played (each member's own records across clubs)."""
    club = _locked(club)
    _owning(club, user)
    ending.tables_end(club)
    club.memberships.all().delete()
    club.join_requests.all().delete()
    club.disabled = True
    club.save(update_fields=["disabled"])
    live_events.closed(club.pk)


def join(*, number: str, user, ip: str) -> str:
    """Join by club number or invite link: "joined" when straight in, "asked" when a request now waits
    for a manager. Throttled per person and per address (accounts.throttles.club_join)."""
    _no_guest(user)
    if not throttles.club_join(user.pk, ip):
        raise Refused(_("Too many clubs tried: wait an hour, then try again."))
    return _join(number.strip(), user)


@transaction.atomic
def _join(number: str, user) -> str:
    club = Club.objects.select_for_update().filter(number=number).first()
    if club is None:
        raise Refused(_("No club has this number."))
    if club.disabled:
        raise Refused(_("This club is closed."))
    if Membership.objects.filter(club=club, user=user).exists():
        raise Refused(_("You are already a member of this club."))
    if JoinRequest.objects.filter(club=club, user=user, status=JoinRequest.Status.PENDING).exists():
        raise Refused(_("Your request to join is waiting for the club's managers."))
    _has_room(club, user)
    if club.needs_approval:
        JoinRequest.objects.create(club=club, user=user)
        return "asked"
    Membership.objects.create(club=club, user=user)
    return "joined"


def _has_room(club: Club, user) -> None:
    if club.memberships.count() >= club.capacity:
        raise Refused(_("This club is full."))
    _room_for_one_more(user)


@transaction.atomic
def decide(*, club: Club, user, request_id: int, approve: bool) -> JoinRequest:
    """A manager approves or refuses a pending request, once: two managers at once decide it once (the
    request row is locked; the second sees it decided)."""
    club = _locked(club)
    _managing(club, user)
    asked = JoinRequest.objects.select_for_update().filter(club=club, pk=request_id).first()
    if asked is None or asked.status != JoinRequest.Status.PENDING:
        raise Refused(_("This request has already been decided."))
    if approve:
        _has_room(club, asked.user)
        Membership.objects.create(club=club, user=asked.user)
    asked.status = JoinRequest.Status.APPROVED if approve else JoinRequest.Status.REFUSED
    asked.decided_by = user
    asked.save(update_fields=["status", "decided_by"])
    return asked


@transaction.atomic
def role_set(*, club: Club, user, member_id: int, role: str) -> None:
    """The owner makes a member a manager, or a manager a member again."""
    club = _locked(club)
    _owning(club, user)
    if role not in (Role.MANAGER, Role.MEMBER):
        raise Refused(_("There is only one owner: hand the club over instead."))
    theirs = Membership.objects.filter(club=club, user_id=member_id).exclude(role=Role.OWNER).first()
    if theirs is None:
        raise Refused(_("This person is not a member of this club."))
    theirs.role = role
    theirs.save(update_fields=["role"])


@transaction.atomic
def member_remove(*, club: Club, user, member_id: int) -> None:
    """Managers remove members; only the owner removes managers; nobody removes the owner. The removed
    person loses the club's pages at once (every page checks the membership, and their sockets on the
    lobby are closed: clubs.live_events); a seat they hold at a
    club table plays on under auto-play until its series ends (clubs.ending)."""
    club = _locked(club)
    mine = _managing(club, user)
    theirs = Membership.objects.filter(club=club, user_id=member_id).first()
    if theirs is None:
        raise Refused(_("This person is not a member of this club."))
    if theirs.role == Role.OWNER or (theirs.role == Role.MANAGER and mine.role != Role.OWNER):
        raise Refused(_("Only the owner may remove a manager, and nobody the owner."))
    theirs.delete()
    ending.seats_auto_played(club, theirs.user)
    live_events.member_gone(club.pk, theirs.user_id)


@transaction.atomic
def leave(*, club: Club, user) -> None:
    club = _locked(club)
    mine = _membership(club, user)
    if mine.role == Role.OWNER:
        raise Refused(_("The owner cannot leave: hand the club over or dissolve it."))
    mine.delete()
    live_events.member_gone(club.pk, user.pk)


@transaction.atomic
def tap(*, club: Club, user, rule_set_id: int, address: str | None = None, client_seed: str = "") -> Table:
    """One tap at a rule set: back to the member's own unfinished table of that set, else a seat at the
    oldest waiting table of the set, else a new table of it (a private room, R11: points, never coins).
    The rule set's row is locked, so members tapping at once fill whole tables, one after the other; the
    table that fills deals by itself (games.rooms.seat_join)."""
    club = _locked(club)
    _membership(club, user)
    rule_set = ClubRuleSet.objects.select_for_update().filter(club=club, pk=rule_set_id).first()
    if rule_set is None:
        raise Refused(_("This rule set is no longer offered."))
    open_tables = Table.objects.filter(club_link__rule_set=rule_set,
                                       status__in=[Table.Status.WAITING, Table.Status.PLAYING])
    mine = open_tables.filter(seats__user=user).first()
    if mine:
        return mine
    for table in open_tables.filter(status=Table.Status.WAITING).order_by("created_at"):
        if table.seats.count() < table.player_count:
            seat_join(table=table, user=user, address=address, client_seed=client_seed)
            return table
    table = private_create(owner=user, variant=rule_set.variant, planned_hands=rule_set.planned_hands,
                           player_count=rule_set.player_count, address=address, watchable=rule_set.watchable,
                           hints=rule_set.hints, options=rule_set.options)
    ClubTable.objects.create(club=club, table=table, rule_set=rule_set)
    live_events.club_table_opened(table.pk, club.pk)
    live_events.changed(club.pk)  # a new room counts no version (games.room_hooks hears its later changes)
    return table

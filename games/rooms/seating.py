"""Rooms and seats (R11): private rooms by invite, quick match into coin rooms, bots filling seats,
getting up between hands, moving to the tier one's coins allow."""
from __future__ import annotations

import functools
import secrets

from django.contrib.auth import get_user_model
from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import room_options, table_owner
from games.clock import deadlines
from games.models import BotLevel, RoomTier, Seat, Table, Variant
from games.selectors import coin_variant, current_hand, player_count_problem
from money.tiers import tier_change, tier_for
from games.errors import Refused
from games.play.fair import client_seed_checked
from games.play.hands import hand_start, seats_free
from games.play.tables import free_positions, locked_table, seat_of, seats_of

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud
INVITE_LENGTH = 6
PLANNED_HANDS = (8, 16)
TURN_TIMERS = (0, 20, 40)  # a private room's seconds per decision; 0: no timer (friends wait for each other)


@transaction.atomic
def private_create(*, owner, variant: Variant, planned_hands: int, player_count: int,
                   address: str | None = None, watchable: bool = False, hints: bool = True,
                   turn_seconds: int | None = None, options: dict | None = None) -> Table:
    """A friends' room (R11: points, never coins) with an invite code; the owner takes seat 0 and
    chooses whether friends may watch it by the invite link (games.live.spectators), whether it shows
    winning-card hints, its turn timer (TURN_TIMERS; None: the site's, as a club's rooms) and the room
    options the variant allows (games.room_options). `address`: where the person connected from (see
    _address_clash)."""
    chosen = private_options_check(variant, planned_hands, player_count, options)
    if turn_seconds is not None and turn_seconds not in TURN_TIMERS:
        raise Refused(_("A private room's turn timer is none, 20 or 40 seconds."))
    table = Table.objects.create(kind=Table.Kind.PRIVATE, variant=variant, invite_code=_new_invite_code(),
                                 planned_hands=planned_hands, player_count=player_count, owner=owner,
                                 watchable=watchable, hints=hints, turn_seconds=turn_seconds,
                                 rule_options=chosen)
    Seat.objects.create(table=table, position=0, user=owner, address=address)
    return table


@transaction.atomic
def series_open(*, variant: Variant, planned_hands: int, players: list, now=None) -> Table:
    """A full private series dealt at once (R11: points, never coins), for a competition that seats
    its players itself (a tournament's table): `players` are (user, address) per position in order, a
    user of None a bot. Nobody owns it and nobody joins it (it is full and in play); it is watchable by
    its link, and keeps the site's turn timer, so a person out of time is auto-played (托管) and the
    table never waits for them."""
    problem = player_count_problem(variant, len(players))
    if problem:
        raise Refused(problem)
    table = Table.objects.create(kind=Table.Kind.PRIVATE, variant=variant, invite_code=_new_invite_code(),
                                 planned_hands=planned_hands, player_count=len(players), watchable=True)
    Seat.objects.bulk_create(Seat(table=table, position=p, user=user, is_bot=user is None, address=address)
                             for p, (user, address) in enumerate(players))
    hand_start(table, now or timezone.now())
    table_owner.commit(table)
    return table


def private_options_check(variant: Variant, planned_hands: int, player_count: int,
                          options: dict | None = None) -> dict:
    """Refuse options no private room plays (R2, R11): for a room, and for a club's rule set of rooms.
    Returns the room options (games.room_options), the variant's values where `options` names none."""
    if not variant.active:
        raise Refused(_("This variant is not offered."))
    if planned_hands not in PLANNED_HANDS:
        raise Refused(_("A private room plays 8 or 16 hands."))
    problem = player_count_problem(variant, player_count)
    if problem:
        raise Refused(problem)
    return room_options.chosen_check(variant, options or {})


def _new_invite_code() -> str:
    while True:
        code = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
        if not Table.objects.filter(invite_code=code).exists():
            return code


@transaction.atomic
def seat_join(*, table, user, address: str | None = None, client_seed: str = "") -> Seat:
    """Take a free seat at a waiting private room (by its code or link); the last seat starts the hand.
    `client_seed`: the one the join page's browser chose after the page showed the next deal's
    commitment (R2): a join that deals has no later moment to send it."""
    client_seed = client_seed_checked(client_seed)
    _lock_seating(user)
    table = locked_table(table)
    seats = seats_of(table)
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if mine:
        return mine
    if table.kind != Table.Kind.PRIVATE or table.status != Table.Status.WAITING:
        raise Refused(_("This room is not taking players."))
    free = free_positions(table, seats)
    if not free:
        raise Refused(_("This room is full."))
    return (_sit(table, user, free, timezone.now(), address, client_seed)
            or Seat.objects.get(table=table, user=user))


def _lock_seating(user) -> None:
    """The user row, locked: the first lock of every seating, so one person's two requests at once (two
    tabs, a double click, two processes) are seated one after the other, the second seeing the first.
    The same statement reads the user's coins as they are now."""
    user.coins = get_user_model().objects.select_for_update().values_list("coins", flat=True).get(pk=user.pk)


def _seat_create(**fields) -> Seat | None:
    """The new seat, or None when the person was seated there meanwhile (seat_one_per_user): the calm
    outcome "already at this table" rather than an error page."""
    try:
        with transaction.atomic():
            return Seat.objects.create(**fields)
    except IntegrityError:
        return None


def _sit(table, user, free: list[int], now, address: str | None, client_seed: str = "") -> Seat | None:
    """Seat a person at the first free position (table locked); taking the last one deals the hand
    (with their client seed). None when they already sit there. R2: a coin table is dealt
    DEAL_WAIT_SECONDS later, through its waiting timer (table_tick at fill_at): the person quick-matched
    into it saw no commitment before, so their table page shows it and sends a client seed meanwhile."""
    seat = _seat_create(table=table, position=free[0], user=user, address=address, client_seed=client_seed)
    if seat is None:
        return None
    if len(free) == 1:
        wait = deadlines.seconds("DEAL_WAIT_SECONDS")
        if table.kind == Table.Kind.COIN and wait:
            table.fill_at = now + wait
            table.save(update_fields=["fill_at"])
        else:
            hand_start(table, now)
    table_owner.commit(table)
    return seat


def seat_bots(table, seats, level: str | None = None) -> None:
    """Bots take the table's empty seats (table locked), at `level`; by default a coin table's bots
    play at its room tier's level (chosen in the admin), others at the normal level."""
    if level is None:
        level = table.tier.bot_level if table.tier_id else BotLevel.NORMAL
    Seat.objects.bulk_create(Seat(table=table, position=p, is_bot=True, bot_level=level)
                             for p in free_positions(table, seats))


@transaction.atomic
def bots_fill(*, table, user, level: str = BotLevel.NORMAL) -> Table:
    """The owner of a private room (a club's table too) gives its empty seats to bots of `level`, and
    play starts."""
    if level not in BotLevel.values:
        raise Refused(_("There is no such bot level."))
    table = locked_table(table)
    if table.owner_id != user.pk:
        raise Refused(_("Only the owner of the room can call in bots."))
    if table.status != Table.Status.WAITING:
        raise Refused(_("The room is not waiting for players."))
    seat_bots(table, seats_of(table), level)
    hand_start(table, timezone.now())
    table_owner.commit(table)
    return table


def deadlock_retried(fn):
    """Run `fn` (a transaction of its own) again when PostgreSQL broke a deadlock by aborting it
    (SQLSTATE 40P01): the other transaction went on, so a second try finds the locks free. Inside an
    outer transaction the error goes up, to be retried there."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        for attempt in range(DEADLOCK_TRIES):
            try:
                return fn(*args, **kwargs)
            except OperationalError as e:
                if (attempt == DEADLOCK_TRIES - 1 or connection.in_atomic_block
                        or getattr(e.__cause__, "sqlstate", None) != "40P01"):
                    raise
    return run


DEADLOCK_TRIES = 3


@deadlock_retried
@transaction.atomic
def quick_match(*, user, tier: RoomTier | None = None, address: str | None = None,
                client_seed: str = "") -> Table:
    """Sit down in a coin room: at the user's unfinished coin table if any, else at a waiting table of
    the tier (people waiting are seated first) where nobody connected from the same address when the tier
    refuses that, else at a new table whose empty seats go to bots after QUICK_MATCH_BOT_WAIT seconds
    (R11: the highest tier the coins allow, or a chosen one). The user row is locked before the check,
    so two quick matches at once seat the person once. `client_seed`: the lobby's browser's (R2), kept
    at a waiting table, which committed to its next deal before (a new table's is chosen now: its
    seat's page sends one after showing the commitment)."""
    client_seed = client_seed_checked(client_seed)
    _lock_seating(user)
    ongoing = _unfinished_coin_table(user)
    if ongoing:
        return ongoing
    tier = tier or tier_for(user.coins)
    if tier is None or not tier.admits(user.coins):
        raise Refused(_("You do not have the coins for this room."))
    RoomTier.objects.select_for_update().get(pk=tier.pk)  # one quick match per tier at a time
    now = timezone.now()
    for table in (Table.objects.select_for_update().filter(kind=Table.Kind.COIN, tier=tier,
                                                           status=Table.Status.WAITING)
                  .order_by("created_at")):
        seats = seats_of(table)
        free = free_positions(table, seats)
        if free and not _address_clash(tier, seats, address):
            _sit(table, user, free, now, address, client_seed)  # None only when already seated here
            return table
    table = Table.objects.create(kind=Table.Kind.COIN, tier=tier, variant=coin_variant(), player_count=3,
                                 fill_at=now + deadlines.seconds("QUICK_MATCH_BOT_WAIT"))
    Seat.objects.create(table=table, position=0, user=user, address=address)
    return table


def _address_clash(tier: RoomTier, seats, address: str | None) -> bool:
    """Anti-cheat: the tier never seats two people who connected from one IP address together (one
    person's accounts, or partners at one place, sharing a coin table). A tier that only warns seats
    them and the table says so (selectors.shared_address)."""
    return (tier.same_address == RoomTier.SameAddress.REFUSE and address is not None
            and any(s.address == address for s in seats))


def _unfinished_coin_table(user) -> Table | None:
    """The coin table the person sits at and has not finished: quick match brings them back to it."""
    return (Table.objects.filter(kind=Table.Kind.COIN, seats__user=user,
                                 status__in=[Table.Status.WAITING, Table.Status.PLAYING]).first())


@transaction.atomic
def table_leave(*, table, user) -> None:
    """Get up from a coin table between hands."""
    table = locked_table(table)
    seat = seat_of(table, user)
    hand = current_hand(table)
    if table.kind != Table.Kind.COIN:
        raise Refused(_("A private room ends by playing its hands or by dissolving it."))
    if hand and not hand.finished and table.status == Table.Status.PLAYING:
        raise Refused(_("You can leave when the hand is over; switch on auto-play meanwhile."))
    seats_free(table, [seat], timezone.now())


@transaction.atomic
def tier_move(*, table, user, address: str | None = None, client_seed: str = "") -> Table | None:
    """R11: a person whose coins no longer fit the room (above its upper bound, or below its coins to
    enter) gets up between hands (as table_leave) and is quick-matched into the tier their coins allow;
    None when no tier admits them (they are only up from the table)."""
    _lock_seating(user)  # the lock order: the user row before the table
    table = locked_table(table)
    change = tier_change(table, user.coins)
    if change is None:
        raise Refused(_("Your coins still fit this room."))
    table_leave(table=table, user=user)
    return quick_match(user=user, address=address, client_seed=client_seed) if change[1] else None

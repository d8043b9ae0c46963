"""The only code that changes game data: one function per use case, atomic (DESIGN: services).

Money is a ledger: coins move only as append-only LedgerEntry rows that sum to zero per settlement,
and User.coins is a cache of each account's sum, updated here in the same transaction.
"""
from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import timers
from .models import ActionLog, Hand, LedgerEntry, RoomTier, Seat, Table, Variant
from .rules.hand import Action, HandState, IllegalAction, InvalidAction, apply, deal, new_seed, next_dealer
from .settlement import Purse, payments

HOUSE_USERNAME = "__house__"  # the bank: pays starting coins; its balance is minus all coins in play


class LedgerError(ValueError):
    """A settlement the ledger refuses."""


class DuplicateSettlement(LedgerError):
    """This settlement was applied already; applying it again changes nothing."""


def house_account():
    """The house's account (inactive, no password): the other side of coins entering or leaving play."""
    user, _created = get_user_model().objects.get_or_create(
        username=HOUSE_USERNAME, defaults={"is_active": False, "password": "!"})
    return user


@transaction.atomic
def ledger_settle(settlement_key: str, amounts: Mapping, *, hand: Hand | None = None) -> list[LedgerEntry]:
    """Record one settlement {account: amount} at once: all rows or none.

    Refuses non-integer amounts, a settlement that does not sum to zero, one applied before
    (DuplicateSettlement; the unique (settlement, account) key also stops a concurrent twin), and one
    that would take a player below zero coins. Zero amounts are not recorded.
    """
    if not settlement_key:
        raise LedgerError("a settlement needs a key")
    if any(isinstance(a, bool) or not isinstance(a, int) for a in amounts.values()):
        raise LedgerError("amounts are whole coins (integers)")
    if sum(amounts.values()) != 0:
        raise LedgerError(f"settlement {settlement_key!r} does not sum to zero ({sum(amounts.values()):+d})")
    if LedgerEntry.objects.filter(settlement_key=settlement_key).exists():
        raise DuplicateSettlement(f"settlement {settlement_key!r} was applied already")
    # A fixed order of row locks, so two settlements never wait on each other in a circle.
    moves = sorted(((user, amount) for user, amount in amounts.items() if amount), key=lambda m: m[0].pk)
    rows = [LedgerEntry(account=user, amount=amount, settlement_key=settlement_key, hand=hand)
            for user, amount in moves]
    try:
        LedgerEntry.objects.bulk_create(rows)
    except IntegrityError as e:
        raise DuplicateSettlement(f"settlement {settlement_key!r} was applied already") from e
    User = get_user_model()
    for user, amount in moves:
        User.objects.filter(pk=user.pk).update(coins=F("coins") + amount)
    balances = dict(User.objects.filter(pk__in=[u.pk for u, _a in moves]).values_list("pk", "coins"))
    short = [u.username for u, _a in moves if balances[u.pk] < 0 and u.username != HOUSE_USERNAME]
    if short:
        raise LedgerError(f"settlement {settlement_key!r} would leave {', '.join(short)} below zero coins")
    for user, _amount in moves:
        user.coins = balances[user.pk]
    return rows


# ---------------------------------------------------------------- tables and play (DESIGN: one move)
#
# Lock order: the table row, then the hand row, in every service (so two never wait on each other).
# Every change publishes a thin "table.changed" after commit; each seat's consumer renders its own view.

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud
INVITE_LENGTH = 6
PLANNED_HANDS = (8, 16)


class Refused(Exception):
    """A request the table does not accept; the message is shown to the player."""


class Stale(Refused):
    """A move for a decision that is already over (a repeated or late click): nothing changes."""


def publish(table_id: int) -> None:
    """After commit, tell the table's consumers that something changed (each renders its own view)."""
    transaction.on_commit(lambda: _group_send(f"table.{table_id}", "table.changed"))


def publish_coins(user_ids: Iterable[int]) -> None:
    """After commit, tell these users' pages that their coin balance changed."""
    for uid in user_ids:
        transaction.on_commit(lambda uid=uid: _group_send(f"user.{uid}", "user.changed"))


def _group_send(group: str, kind: str) -> None:
    async_to_sync(get_channel_layer().group_send)(group, {"type": kind})


def _locked_table(table) -> Table:
    return (Table.objects.select_for_update(of=("self",)).select_related("tier", "variant")
            .get(pk=getattr(table, "pk", table)))


def _seats(table) -> list[Seat]:
    return list(Seat.objects.filter(table=table).select_related("user").order_by("position"))


def _seat_of(table, user) -> Seat:
    seat = Seat.objects.filter(table=table, user=user).first() if user and user.is_authenticated else None
    if seat is None:
        raise Refused(_("You do not have a seat at this table."))
    return seat


def current_hand(table, *, lock: bool = False) -> Hand | None:
    hands = Hand.objects.filter(table=table).order_by("-number")
    return (hands.select_for_update() if lock else hands).first()


def _free_positions(table, seats) -> list[int]:
    taken = {s.position for s in seats}
    return [p for p in range(table.player_count) if p not in taken]


def _seat_bots(table, seats) -> None:
    Seat.objects.bulk_create(Seat(table=table, position=p, is_bot=True) for p in _free_positions(table, seats))


def _sit(table, user, free: list[int], now) -> Seat:
    """Seat a person at the first free position (table locked); taking the last one deals the hand."""
    seat = Seat.objects.create(table=table, position=free[0], user=user)
    if len(free) == 1:
        _hand_start(table, now)
    publish(table.pk)
    return seat


def _new_invite_code() -> str:
    while True:
        code = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))
        if not Table.objects.filter(invite_code=code).exists():
            return code


# ---- rooms


@transaction.atomic
def private_create(*, owner, variant: Variant, planned_hands: int, player_count: int) -> Table:
    """A friends' room (R11: points, never coins) with an invite code; the owner takes seat 0."""
    if not variant.active:
        raise Refused(_("This variant is not offered."))
    if planned_hands not in PLANNED_HANDS:
        raise Refused(_("A private room plays 8 or 16 hands."))
    if player_count not in variant.to_ruleset().player_counts:
        raise Refused(_("%(variant)s is not played by %(count)s players.")
                      % {"variant": variant, "count": player_count})
    table = Table.objects.create(kind=Table.Kind.PRIVATE, variant=variant, invite_code=_new_invite_code(),
                                 planned_hands=planned_hands, player_count=player_count, owner=owner)
    Seat.objects.create(table=table, position=0, user=owner)
    return table


@transaction.atomic
def seat_join(*, table, user) -> Seat:
    """Take a free seat at a waiting private room (by its code or link); the last seat starts the hand."""
    table = _locked_table(table)
    seats = _seats(table)
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if mine:
        return mine
    if table.kind != Table.Kind.PRIVATE or table.status != Table.Status.WAITING:
        raise Refused(_("This room is not taking players."))
    free = _free_positions(table, seats)
    if not free:
        raise Refused(_("This room is full."))
    return _sit(table, user, free, timezone.now())


@transaction.atomic
def bots_fill(*, table, user) -> Table:
    """The owner of a private room gives its empty seats to bots, and play starts."""
    table = _locked_table(table)
    if table.owner_id != user.pk:
        raise Refused(_("Only the owner of the room can call in bots."))
    if table.status != Table.Status.WAITING:
        raise Refused(_("The room is not waiting for players."))
    _seat_bots(table, _seats(table))
    _hand_start(table, timezone.now())
    publish(table.pk)
    return table


def tier_for(coins: int) -> RoomTier | None:
    """R11: the highest tier the coins allow. "Highest" is by coins to enter (the stakes), never by
    RoomTier.order, which is only the order the lobby lists them in; of two tiers with the same entry
    coins, the one listed later."""
    return next((t for t in RoomTier.objects.order_by("-entry_coins", "-order") if t.admits(coins)), None)


@transaction.atomic
def quick_match(*, user, tier: RoomTier | None = None) -> Table:
    """Sit down in a coin room: at the user's unfinished coin table if any, else at a waiting table of
    the tier (people waiting are seated first), else at a new table whose empty seats go to bots after
    QUICK_MATCH_BOT_WAIT seconds (R11: the highest tier the coins allow, or a chosen one)."""
    ongoing = (Table.objects.filter(kind=Table.Kind.COIN, seats__user=user,
                                    status__in=[Table.Status.WAITING, Table.Status.PLAYING]).first())
    if ongoing:
        return ongoing
    user.refresh_from_db(fields=["coins"])
    tier = tier or tier_for(user.coins)
    if tier is None or not tier.admits(user.coins):
        raise Refused(_("You do not have the coins for this room."))
    RoomTier.objects.select_for_update().get(pk=tier.pk)  # one quick match per tier at a time
    now = timezone.now()
    for table in (Table.objects.select_for_update().filter(kind=Table.Kind.COIN, tier=tier,
                                                           status=Table.Status.WAITING)
                  .order_by("created_at")):
        seats = _seats(table)
        free = _free_positions(table, seats)
        if free:
            _sit(table, user, free, now)
            return table
    table = Table.objects.create(kind=Table.Kind.COIN, tier=tier, variant=coin_variant(), player_count=3,
                                 fill_at=now + timers.seconds("QUICK_MATCH_BOT_WAIT"))
    Seat.objects.create(table=table, position=0, user=user)
    return table


def coin_variant() -> Variant:
    return (Variant.objects.filter(slug=settings.COIN_ROOM_VARIANT, active=True).first()
            or Variant.objects.filter(active=True).first())


@transaction.atomic
def table_leave(*, table, user) -> None:
    """Get up from a coin table between hands."""
    table = _locked_table(table)
    seat = _seat_of(table, user)
    hand = current_hand(table)
    if table.kind != Table.Kind.COIN:
        raise Refused(_("A private room ends by playing its hands or by dissolving it."))
    if hand and not hand.finished and table.status == Table.Status.PLAYING:
        raise Refused(_("You can leave when the hand is over; switch on auto-play meanwhile."))
    _seats_free(table, [seat], timezone.now())


def _seats_free(table: Table, seats: list[Seat], now) -> None:
    """These people get up from a coin table between hands (table locked). R2: the next hand starts a
    new series (dealer at random); the table waits for someone to take the seats, else bots after
    QUICK_MATCH_BOT_WAIT, as in quick match; with no person left it is over."""
    Seat.objects.filter(pk__in=[s.pk for s in seats]).delete()
    if not Seat.objects.filter(table=table, user__isnull=False).exists():
        table.status = Table.Status.FINISHED
    else:
        table.status = Table.Status.WAITING
        table.fill_at = now + timers.seconds("QUICK_MATCH_BOT_WAIT")
    table.new_series = True
    table.save(update_fields=["status", "fill_at", "new_series"])
    hand = current_hand(table)
    if hand and hand.deadline:
        hand.deadline = None
        hand.save(update_fields=["deadline"])
    publish(table.pk)


def coins_short(table, coins: int) -> bool:
    """R11, R8.4: fewer coins than this coin room's coins to enter. Such a person does not play its next
    hand: losses are capped at the coins carried, so playing on could only win (a free roll)."""
    return table.kind == Table.Kind.COIN and coins < table.tier.entry_coins


def tier_change(table, coins: int) -> tuple[str, RoomTier | None] | None:
    """R11: where a person whose coins no longer fit this coin room goes next: ("up", the tier their
    coins allow) above the room's upper bound; ("down", that tier, or None when no tier admits them)
    below its coins to enter (coins_short). None while the coins fit."""
    if table.kind != Table.Kind.COIN:
        return None
    if coins_short(table, coins):
        return "down", tier_for(coins)
    bound = table.tier.upper_bound
    return ("up", tier_for(coins)) if bound is not None and coins > bound else None


@transaction.atomic
def tier_move(*, table, user) -> Table | None:
    """R11: a person whose coins no longer fit the room (above its upper bound, or below its coins to
    enter) gets up between hands (as table_leave) and is quick-matched into the tier their coins allow;
    None when no tier admits them (they are only up from the table)."""
    table = _locked_table(table)
    user.refresh_from_db(fields=["coins"])
    change = tier_change(table, user.coins)
    if change is None:
        raise Refused(_("Your coins still fit this room."))
    table_leave(table=table, user=user)
    return quick_match(user=user) if change[1] else None


# ---- hands


def _multiplier(table, seats) -> int:
    """R11: a fixed tier multiplier, or the highest of a floating range the poorest player can afford
    (the entry coins pay for the lowest multiplier; more coins afford proportionally more)."""
    tier = table.tier
    if table.kind != Table.Kind.COIN:
        return 1
    if not tier.is_floating:
        return tier.multiplier
    poorest = min(s.user.coins for s in seats if s.user_id)
    affordable = poorest * tier.multiplier_min // max(1, tier.entry_coins)
    return max(tier.multiplier_min, min(tier.multiplier_max, affordable))


def _event_rows(events, move_no: int) -> list[dict]:
    return [{"n": move_no, **e.to_dict()} for e in events]


def draw_dealer(players: int) -> int:
    """R2: the first dealer of a series is drawn at random (secure, like the shuffle's seed)."""
    return secrets.randbelow(players)


def _hand_start(table: Table, now) -> Hand | None:
    """Deal the next hand (table locked). R2: dealer at random for a new series, else next_dealer.
    On a coin table, people short of the room's coins to enter are unseated first (coins_short) and the
    table waits for their seats to be taken: no hand is dealt then (None)."""
    seats = _seats(table)
    short = [s for s in seats if s.user_id and coins_short(table, s.user.coins)]
    if short:
        _seats_free(table, short, now)
        return None
    rules = table.variant.to_ruleset()
    last = current_hand(table)
    if last is None or table.new_series:
        dealer, drawn = draw_dealer(table.player_count), 0
    else:
        dealer, drawn = next_dealer(rules, table.player_count, last.dealer, (last.result or {}).get("winner"),
                                    table.drawn_in_row)
    if last and last.deadline:
        last.deadline = None
        last.save(update_fields=["deadline"])
    seed = new_seed()
    state, events = deal(rules, seed=seed, dealer=dealer, players=table.player_count)
    hand = Hand.objects.create(table=table, number=last.number + 1 if last else 1, seed=str(seed),
                               state=state.to_json(), move_no=state.move_no, dealer=dealer,
                               multiplier=_multiplier(table, seats), events=_event_rows(events, 0),
                               seating=[s.user_id for s in seats])
    hand.players.set([s.user for s in seats if s.user_id])
    Seat.objects.filter(table=table).update(ready=False, dissolve_vote=None)
    table.status, table.drawn_in_row, table.new_series, table.fill_at = Table.Status.PLAYING, drawn, False, None
    table.save(update_fields=["status", "drawn_in_row", "new_series", "fill_at"])
    if state.finished:  # R9.1: a mandatory heavenly hu ends the hand at the deal
        _hand_finish(table, hand, state, seats, now)
    timers.schedule(hand, state, seats, now, next_hand=table.status == Table.Status.PLAYING)
    hand.save()
    return hand


def _purses(table, seats) -> list[Purse] | None:
    """R8.4 limits on coin tables: the coins each person carries and today's room under the daily cap."""
    if table.kind != Table.Kind.COIN:
        return None
    since = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    people = [s.user for s in seats if s.user_id]
    today = dict(LedgerEntry.objects.filter(account__in=people, hand__isnull=False, created_at__gte=since)
                 .values("account").annotate(net=Sum("amount")).values_list("account", "net"))
    User = get_user_model()
    coins = dict(User.objects.filter(pk__in=[u.pk for u in people]).values_list("pk", "coins"))
    cap = settings.DAILY_COIN_CAP
    return [Purse() if s.is_bot else Purse(coins=coins[s.user_id],
                                           win_room=cap - max(0, today.get(s.user_id, 0)),
                                           loss_room=cap + min(0, today.get(s.user_id, 0)))
            for s in seats]


def _hand_finish(table: Table, hand: Hand, state: HandState, seats, now) -> None:
    """Score the hand in the transaction of its final move: coins through the ledger exactly once
    (key hand:<id>), points on private tables, experience (R11); the last planned hand ends the series."""
    from accounts.services import experience_add  # accounts.services imports this module

    changes = payments(state.result, state.order, table.player_count, hand.multiplier, _purses(table, seats))
    hand.scores, hand.finished_at, hand.result = changes, now, state.result
    if table.kind == Table.Kind.COIN:
        amounts: dict = {}
        for seat, change in zip(seats, changes):
            account = seat.user if seat.user_id else house_account()
            amounts[account] = amounts.get(account, 0) + change
        if any(amounts.values()):
            ledger_settle(f"hand:{hand.pk}", amounts, hand=hand)
        for seat in seats:
            if seat.user_id:
                experience_add(user=seat.user, amount=table.tier.experience_per_hand)
        publish_coins(s.user_id for s in seats if s.user_id)
    elif table.planned_hands and hand.number >= table.planned_hands:
        table.status = Table.Status.FINISHED
        table.save(update_fields=["status"])


def _move_no(wire) -> int:
    try:
        return int(wire.get("move_no"))
    except (TypeError, ValueError):
        raise Refused(_("The move carries no move number; reload the page.")) from None


def _too_late(hand: Hand | None, position: int, move_no: int) -> str:
    """What a late move is told: nothing when it repeats the seat's own move (a double click: the move
    after `move_no` is the seat's), else that the decision (or the hand) is over."""
    if hand is not None and ActionLog.objects.filter(hand=hand, move_no=move_no + 1, seat=position).exists():
        return ""
    if hand is None or hand.finished:
        return _("The hand is over.")
    return _("That decision is already over.")


def _in_english(message: str, why: Exception) -> str:
    """The engine explains a refusal in English: the reason is added where the page is in English."""
    return f"{message} ({why})" if translation.get_language() in (None, "en") else message


@transaction.atomic
def action_submit(*, table, user, wire: dict, seat: int | None = None) -> Hand:
    """Play one decision: `wire` is {"action": "peng", "move_no": 12} as the page sends it.

    `user` acts for their own seat; None is the house acting for `seat` (a bot, auto-play, a timeout).
    Locks the table row, then the hand row (the order every service keeps); a move number that is not
    the hand's (a repeated or late click) is refused as Stale and changes nothing; a malformed action
    (InvalidAction) or one the rules refuse (IllegalAction) is refused with the reason. The final move
    settles the hand in this transaction.
    """
    table = _locked_table(table)
    hand = current_hand(table, lock=True)
    seats = _seats(table)
    mine = _seat_of(table, user) if user is not None else next(s for s in seats if s.position == seat)
    move_no = _move_no(wire)
    if hand is None or hand.finished or move_no != hand.move_no:
        raise Stale(_too_late(hand, mine.position, move_no))
    try:
        action = Action.parse(wire.get("action") or "")
    except InvalidAction as e:
        raise Refused(_("That is not a move: %(why)s") % {"why": e}) from None
    before = HandState.from_json(hand.state)
    if mine.position not in before.to_act:
        raise Refused(_("It is not your turn to decide."))
    try:
        after, events = apply(before, mine.position, action)
    except IllegalAction as e:
        raise Refused(_in_english(_("That move is not allowed now."), e)) from None
    ActionLog.objects.create(hand=hand, move_no=after.move_no, seat=mine.position, action=action.to_wire())
    hand.state, hand.move_no = after.to_json(), after.move_no
    hand.events = hand.events + _event_rows(events, after.move_no)
    if user is not None and mine.auto_play:  # a person who plays is back from auto-play
        mine.auto_play = False
        mine.save(update_fields=["auto_play"])
    now = timezone.now()
    if after.finished:
        _hand_finish(table, hand, after, seats, now)
    timers.schedule(hand, after, seats, now, before=before, next_hand=table.status == Table.Status.PLAYING)
    hand.save()
    publish(table.pk)
    return hand


@transaction.atomic
def autoplay_set(*, table, user, on: bool) -> Seat:
    """Switch auto-play (托管) on, or off ("I'm back"); the hand's deadlines follow."""
    table = _locked_table(table)
    seat = _seat_of(table, user)
    seat.auto_play = on
    seat.save(update_fields=["auto_play"])
    hand = current_hand(table, lock=True)
    if hand and not hand.finished:
        timers.schedule(hand, HandState.from_json(hand.state), _seats(table), timezone.now())
        hand.save(update_fields=["deadline", "turn_deadline"])
    publish(table.pk)
    return seat


@transaction.atomic
def next_ready(*, table, user) -> Hand | None:
    """The player is ready for the next hand; it starts once every present person who can play it is
    (people in auto-play count as ready), or by itself after NEXT_HAND_WAIT."""
    table = _locked_table(table)
    seat = _seat_of(table, user)
    hand = current_hand(table)
    if table.status != Table.Status.PLAYING or hand is None or not hand.finished:
        raise Stale("")  # a late or repeated click: the next hand has started (or the table waits)
    seat.ready = True
    seat.save(update_fields=["ready"])
    publish(table.pk)
    playing_on = [s for s in _seats(table) if s.user_id and not coins_short(table, s.user.coins)]
    if all(s.ready or s.auto_play for s in playing_on):  # the short are unseated at the deal: not waited for
        return _hand_start(table, timezone.now())
    return None


@transaction.atomic
def dissolve_vote(*, table, user, agree: bool) -> Table:
    """Any player of a private room may propose to dissolve it (a first 'agree'); it dissolves when
    every person at the table agrees, and one 'refuse' withdraws the proposal."""
    table = _locked_table(table)
    seat = _seat_of(table, user)
    if table.kind != Table.Kind.PRIVATE or table.status not in (Table.Status.WAITING, Table.Status.PLAYING):
        raise Refused(_("Only a private room in play can be dissolved."))
    if not agree:
        Seat.objects.filter(table=table).update(dissolve_vote=None)
    else:
        seat.dissolve_vote = True
        seat.save(update_fields=["dissolve_vote"])
        if all(s.dissolve_vote for s in _seats(table) if s.user_id):
            _dissolve(table)
    publish(table.pk)
    return table


def _dissolve(table: Table) -> None:
    table.status = Table.Status.DISSOLVED
    table.save(update_fields=["status"])
    hand = current_hand(table, lock=True)
    if hand and not hand.finished:  # the hand in play is abandoned: no score
        hand.finished_at, hand.result, hand.deadline, hand.turn_deadline = (
            timezone.now(), {"winner": None, "dissolved": True}, None, None)
        hand.save()
    elif hand:
        hand.deadline = None
        hand.save(update_fields=["deadline"])


# ---- time


@transaction.atomic
def table_tick(*, table_id: int, now=None):
    """Apply whatever is due at this table (DESIGN: whichever process sees a deadline expire): bots for a
    waiting quick-match table, bot and auto-play moves, the default move of a person out of time (who
    then turns to auto-play), the next hand. Returns when the next step is due (None: nothing planned)."""
    now = now or timezone.now()
    table = _locked_table(table_id)
    if table.status == Table.Status.WAITING:
        if table.fill_at is None or table.fill_at > now:
            return table.fill_at
        _seat_bots(table, _seats(table))
        _hand_start(table, now)
        publish(table.pk)
    elif table.status == Table.Status.PLAYING:
        hand = current_hand(table, lock=True)
        if hand.deadline is None or hand.deadline > now:
            return hand.deadline
        if hand.finished:
            _hand_start(table, now)
            publish(table.pk)
        elif not _auto_moves(table, hand, now):  # nothing was due after all: plan again
            timers.schedule(hand, HandState.from_json(hand.state), _seats(table), now)
            hand.save(update_fields=["deadline", "turn_deadline"])
    else:
        return None
    return due(table)


def _auto_moves(table: Table, hand: Hand, now) -> int:
    """Bots (games.bots.choose_action) and auto-played seats (default_action) whose turn it is move;
    if only people are asked and their time is up, they get the default move and turn to auto-play."""
    from . import bots

    at = {s.position: s for s in _seats(table)}
    state = HandState.from_json(hand.state)
    automatic = [p for p in state.to_act if timers.is_automatic(at[p])]
    if not automatic and hand.turn_deadline and hand.turn_deadline <= now:
        automatic = list(state.to_act)
        Seat.objects.filter(table=table, position__in=automatic).update(auto_play=True)
    moved = 0
    for position in automatic:
        hand = current_hand(table)
        state = HandState.from_json(hand.state)
        if position not in state.to_act:
            continue
        choose = bots.choose_action if at[position].is_bot else bots.default_action
        action = choose(state, position)
        action_submit(table=table, user=None, seat=position, wire={"action": action.text,
                                                                    "move_no": hand.move_no})
        moved += 1
    return moved


def due(table) -> object:
    """When the table's next automatic step is due: a waiting table's bots, else the hand's deadline."""
    table = Table.objects.get(pk=getattr(table, "pk", table))
    if table.status == Table.Status.WAITING:
        return table.fill_at
    if table.status != Table.Status.PLAYING:
        return None
    hand = current_hand(table)
    return hand.deadline if hand else None

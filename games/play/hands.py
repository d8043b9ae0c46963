"""Playing hands (docs/design.md#one-move-end-to-end): the deal, each decision, the end of a hand and its
settlement, auto-play, the next hand, a private room's dissolve vote and its close from outside."""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import reasons
from games.clock import deadlines
from games import reads, room_options, table_owner
from games.models import ActionLog, Hand, Seat, Table
from games.rules import Action, HandState, IllegalAction, InvalidAction, apply, deal, next_dealer, release
from money.tiers import coins_short
from games.selectors import current_hand
from games.errors import Refused, Stale
from games.play.fair import deal_seeds
from money.ledger import hand_payments, house_account, ledger_settle, publish_coins
from games.play.presence import away, gone, presence_read
from money.progress import hand_progress
from games.play.rows import row_insert, row_update
from games.play.tables import (deadline_clear, locked_from_latest_read, locked_hand, locked_table, locked_table_with_hand,
                     people_read, seat_of, seats_of)


@transaction.atomic
def action_submit(*, table, user, wire: dict, seat: int | None = None) -> Hand:
    """Play one decision: `wire` is {"action": "peng", "move_no": 12} as the page sends it.

    `user` acts for their own seat; None is the house acting for `seat` (a bot, auto-play, a timeout).
    A move number that is not the hand's public one (a repeated or late click) is refused as Stale and
    changes nothing; a malformed action (InvalidAction) or one the rules refuse (IllegalAction) is
    refused with the reason in the page's language. The final move settles the hand in this transaction.
    """
    # A person's move at a socket: this process's latest read is most likely the table as it is. The
    # house's moves (ticks) change seats in their own transaction first: they read the rows.
    latest = locked_from_latest_read(table) if user is not None else None
    if latest is not None:
        table, hand, seats, state = latest
    else:
        (table, hand), state = locked_table_with_hand(table), None
        seats = seats_of(table)
    mine = seat_of(table, user, seats) if user is not None else next(s for s in seats if s.position == seat)
    before = _in_play(hand, mine.position, _move_no(wire), state)
    try:
        action = Action.parse(wire.get("action") or "")
    except InvalidAction as e:
        raise Refused(reasons.text(e)) from None
    if mine.position not in before.to_act:
        if before.window and mine.position in dict(before.window.decisions):
            raise Stale("")  # a repeat of its decision on a held window: harmless, nothing to say
        raise Refused(_("It is not your turn to decide."))
    try:
        after, events = apply(before, mine.position, action)
    except IllegalAction as e:
        raise Refused(reasons.text(e)) from None
    if latest is not None and after.finished:  # the hand's end pays by the tier and the coins as they are now
        table = hand.table = locked_table(table)
        people_read(seats)

    row_insert(ActionLog(hand=hand, move_no=after.move_no, seat=mine.position, action=action.to_wire()))
    if user is not None and mine.auto_play:  # a person who plays is back from auto-play
        mine.auto_play = False
        mine.save(update_fields=["auto_play"])
    return _step_save(table, hand, seats, before, after, events, decided=mine.position)


@transaction.atomic
def window_release(*, table, move_no: int) -> Hand:
    """The held claim window's fixed time is up (claim privacy): the system's release, under the same
    locks and the same move-number check as a decision, so two processes or ticks apply it once. It is
    not in the action log: a replay releases a held window when nobody is left to decide."""
    table, hand = locked_table_with_hand(table)
    before = _in_play(hand, None, move_no)
    if not before.awaiting_release:
        raise Stale("")
    after, events = release(before)
    return _step_save(table, hand, seats_of(table), before, after, events)


def _in_play(hand: Hand | None, position: int | None, move_no: int, state: HandState | None = None) -> HandState:
    """The hand's state (`state` when it was parsed already), when `move_no` is its public move number;
    else Stale (a late or repeated move)."""
    if state is None and hand is not None:
        state = HandState.from_json(hand.state)
    if state is None or hand.finished or move_no != state.public_move_no:
        raise Stale(_too_late(hand, position, move_no, state))
    return state


def _step_save(table: Table, hand: Hand, seats, before: HandState, after: HandState, events,
               decided: int | None = None) -> Hand:
    """Write one applied step, settle a finished hand, plan the deadlines and tell the table: every
    seat of a public step; of a private one (claim privacy) only the sockets of the seat that
    `decided` (None, a release: each seat's), and only when their own view changed."""
    hand.state, hand.move_no = after.to_json(), after.move_no
    hand.events = hand.events + event_rows(events, after.move_no)
    now = timezone.now()
    changed = ("state", "move_no", "events", "deadline", "turn_deadline")
    if after.finished:
        _hand_finish(table, hand, after, seats, now)
        changed += ("scores", "finished_at", "result", "daily_capped")
    deadlines.schedule(table, hand, after, seats, now, before=before,
                       next_hand=table.status == Table.Status.PLAYING)
    row_update(hand, changed)
    if after.private_moves != before.private_moves:
        table_owner.commit(table, private_move_no=hand.move_no, decided=decided)
    else:
        table_owner.commit(table)
    table_owner.remember(table, seats, hand, after)
    return hand


def _move_no(wire) -> int:
    try:
        return int(wire.get("move_no"))
    except (TypeError, ValueError):
        raise Refused(_("The move carries no move number; reload the page.")) from None


def _too_late(hand: Hand | None, position: int | None, move_no: int, state: HandState | None) -> str:
    """What a late move is told: nothing when it repeats the seat's own move (a double click: the move
    after `move_no` is the seat's; in a held hand `move_no` is public, so the private steps so far are
    added: exact unless one came since), else that the decision (or the hand) is over."""
    real = move_no + (state.private_moves if state else 0)
    if hand is not None and ActionLog.objects.filter(hand=hand, move_no=real + 1, seat=position).exists():
        return ""
    if hand is None or hand.finished:
        return _("The hand is over.")
    return _("That decision is already over.")


def event_rows(events, move_no: int) -> list[dict]:
    return [{"n": move_no, **e.to_dict()} for e in events]


# ---- the deal and the end of a hand


def draw_dealer(players: int) -> int:
    """R2: the first dealer of a series is drawn at random (secure, like the shuffle's seed)."""
    return secrets.randbelow(players)


def hand_start(table: Table, now) -> Hand | None:
    """Deal the next hand (table locked). R2: dealer at random for a new series, else next_dealer.
    On a coin table, people short of the room's coins to enter, and people who left it (presence.gone),
    are unseated first and the table waits for their seats to be taken (or ends, with no person left):
    no hand is dealt then (None)."""
    seats = seats_of(table)
    last = current_hand(table)
    out = [s for s in seats if s.user_id and (coins_short(table, s.user.coins) or gone(table, s, last))]
    if out:
        seats_free(table, out, now)
        return None
    rules = room_options.ruleset_of(table.variant, table.rule_options)
    if last is None or table.new_series:
        dealer, drawn = draw_dealer(table.player_count), 0
    else:
        dealer, drawn = next_dealer(rules, table.player_count, last.dealer, (last.result or {}).get("winner"),
                                    table.drawn_in_row)
    deadline_clear(last)
    seeds = deal_seeds(table, seats)
    state, events = deal(rules, seed=int(seeds["seed"]), dealer=dealer, players=table.player_count,
                         held=deadlines.held())
    hand = Hand.objects.create(table=table, number=last.number + 1 if last else 1, **seeds,
                               state=state.to_json(), move_no=state.move_no, dealer=dealer,
                               multiplier=_multiplier(table, seats), events=event_rows(events, 0),
                               seating=[s.user_id for s in seats])
    hand.players.set([s.user for s in seats if s.user_id])
    Seat.objects.filter(table=table).update(ready=False, dissolve_vote=None)
    for s in seats:  # as the rows are now, for this process's read of the new hand (table_owner.remember)
        s.ready, s.dissolve_vote, s.client_seed = False, None, ""
    table.status, table.drawn_in_row, table.new_series, table.fill_at = Table.Status.PLAYING, drawn, False, None
    table.save(update_fields=["status", "drawn_in_row", "new_series", "fill_at"])
    if state.finished:  # R9.1: a mandatory heavenly hu ends the hand at the deal
        _hand_finish(table, hand, state, seats, now)
    deadlines.schedule(table, hand, state, seats, now, next_hand=table.status == Table.Status.PLAYING)
    hand.save()
    table_owner.remember(table, seats, hand, state)  # every caller counts the table's new version
    return hand


def _multiplier(table, seats) -> int:
    """R11: a fixed tier multiplier, or the highest of a floating range the poorest player can afford
    (the entry coins pay for the lowest multiplier; more coins afford proportionally more); a private
    room's is its 底分 (points per base)."""
    tier = table.tier
    if table.kind != Table.Kind.COIN:
        return room_options.multiplier_of(table.rule_options)
    if not tier.is_floating:
        return tier.multiplier
    poorest = min(s.user.coins for s in seats if s.user_id)
    affordable = poorest * tier.multiplier_min // max(1, tier.entry_coins)
    return max(tier.multiplier_min, min(tier.multiplier_max, affordable))


def _hand_finish(table: Table, hand: Hand, state: HandState, seats, now) -> None:
    """Score the hand in the transaction of its final move: coins through the ledger exactly once
    (key hand:<id>), points on private tables, experience and daily tasks (R11); the last planned hand
    ends the series."""
    changes, hand.daily_capped = hand_payments(table, state, hand.multiplier, seats)
    hand.scores, hand.finished_at, hand.result = changes, now, state.result
    if table.kind == Table.Kind.COIN:
        amounts: dict = {}
        for seat, change in zip(seats, changes):
            account = seat.user if seat.user_id else house_account()
            amounts[account] = amounts.get(account, 0) + change
        if any(amounts.values()):
            ledger_settle(f"hand:{hand.pk}", amounts, hand=hand)
        hand_progress(table=table, hand=hand, seats=seats)
        publish_coins(s.user_id for s in seats if s.user_id)
    elif table.planned_hands and hand.number >= table.planned_hands:
        table.status = Table.Status.FINISHED
        table.save(update_fields=["status"])


def seats_free(table: Table, seats: list[Seat], now) -> None:
    """These people get up from a coin table between hands (table locked). R2: the next hand starts a
    new series (dealer at random); the table waits for someone to take the seats, else bots after
    QUICK_MATCH_BOT_WAIT, as in quick match; with no person left it is over."""
    Seat.objects.filter(pk__in=[s.pk for s in seats]).delete()
    if not Seat.objects.filter(table=table, user__isnull=False).exists():
        table.status = Table.Status.FINISHED
    else:
        table.status = Table.Status.WAITING
        table.fill_at = now + deadlines.seconds("QUICK_MATCH_BOT_WAIT")
    table.new_series = True
    table.save(update_fields=["status", "fill_at", "new_series"])
    deadline_clear(current_hand(table))
    table_owner.commit(table)


# ---- between decisions: auto-play, the next hand, dissolving


@transaction.atomic
def autoplay_set(*, table, user, on: bool, kept: bool = False) -> Seat:
    """Switch auto-play (托管) on, or off ("I'm back"); the hand's deadlines follow. `kept`: on until the
    series ends, "I'm back" refused (a club removed the person: their seat plays on for the others)."""
    table = locked_table(table)
    seat = seat_of(table, user)
    if not on and seat.auto_play_kept:
        raise Refused(_("Your seat plays on under auto-play until the series ends."))
    seat.auto_play, seat.auto_play_kept = on, seat.auto_play_kept or kept
    seat.save(update_fields=["auto_play", "auto_play_kept"])
    hand = locked_hand(table)
    if hand and not hand.finished:
        deadlines.schedule(table, hand, HandState.from_json(hand.state), seats_of(table), timezone.now())
        hand.save(update_fields=["deadline", "turn_deadline"])
    table_owner.commit(table)
    return seat


@transaction.atomic
def next_ready(*, table, user) -> Hand | None:
    """The player is ready for the next hand (准备); it starts once every present person who can play it
    is (people in auto-play count as ready, bots always are), or, at a coin table, by itself after
    NEXT_HAND_WAIT: a private room waits for everyone (docs/design.md#a-private-rooms-timer-and-ready).
    A repeated or late ready is Stale and changes nothing."""
    latest = locked_from_latest_read(table)  # as a move: this process's latest read, when it is current
    if latest is not None:
        table, hand, seats, state = latest
        if table.kind == Table.Kind.COIN:
            people_read(seats)  # who can pay for the next hand: the coins as the last hand left them
            presence_read(seats)  # who is still here: a page opening or closing counts no version
    else:
        table, state = locked_table(table), None
        hand, seats = current_hand(table), seats_of(table)
    seat = seat_of(table, user, seats)
    if table.status != Table.Status.PLAYING or hand is None or not hand.finished or seat.ready:
        raise Stale("")  # a late or repeated click: the next hand has started (or the table waits)
    seat.ready = True
    row_update(seat, ("ready",))
    table_owner.commit(table)
    playing_on = [s for s in seats if s.user_id and not coins_short(table, s.user.coins) and not gone(table, s, hand)]
    if all(s.ready or s.auto_play for s in playing_on):  # the short and the gone are unseated at the deal: not waited for
        return hand_start(table, timezone.now())
    table_owner.remember(table, seats, hand, state or reads.parsed_state(hand))
    return None


@transaction.atomic
def hand_next(*, table, now=None) -> Hand | None:
    """Deal the next hand of a private series whose last hand is over, without waiting for anyone's
    准备: the clock of a series that must not be held up by one player (a tournament's table, whose
    absent players are auto-played). None when there is nothing to deal (a hand in play, the series
    over): a second call, or a race with the last 准备, deals once."""
    table = locked_table(table)
    hand = current_hand(table)
    if table.status != Table.Status.PLAYING or hand is None or not hand.finished:
        return None
    hand = hand_start(table, now or timezone.now())
    table_owner.commit(table)
    return hand


DISSOLVE_GUARDS: list = []  # callables `guard(table) -> str | None`: why nobody may dissolve this room


def dissolve_guard_add(guard) -> None:
    """An app above games that seats people at private series it runs (a tournament's table: its hands
    are its round) forbids their dissolve vote: `guard(table)` returns the refusal, or None."""
    if guard not in DISSOLVE_GUARDS:
        DISSOLVE_GUARDS.append(guard)


DISSOLVE_FORBIDDEN_KEPT = 10000  # rooms whose guard answer a process keeps; past it, it starts again
_FORBIDDEN: dict[int, bool] = {}


def dissolve_forbidden(table_id: int) -> bool:
    """Whether a guard forbids the room's dissolve vote, so its page shows no such button: asked once per
    room and process (a room's guards do not change: a tournament's table stays one), not per render."""
    if table_id not in _FORBIDDEN:
        if len(_FORBIDDEN) >= DISSOLVE_FORBIDDEN_KEPT:
            _FORBIDDEN.clear()
        _FORBIDDEN[table_id] = any(guard(table_id) for guard in DISSOLVE_GUARDS)
    return _FORBIDDEN[table_id]


def dissolve_forget() -> None:
    """Tests: table ids are reused from one test to the next."""
    _FORBIDDEN.clear()


@transaction.atomic
def dissolve_vote(*, table, user, agree: bool) -> Table:
    """Any player of a private room may propose to dissolve it (a first 'agree'); it dissolves when
    every person at the table agrees (but those away for a while, presence.away, and one whose
    auto-play is kept: their club removed them), and one 'refuse' withdraws the proposal: that seat's
    vote is kept as False so the table is told who refused (until the next proposal or hand)."""
    table = locked_table(table)
    seat = seat_of(table, user)
    if table.kind != Table.Kind.PRIVATE or table.status not in (Table.Status.WAITING, Table.Status.PLAYING):
        raise Refused(_("Only a private room in play can be dissolved."))
    for guard in DISSOLVE_GUARDS:
        reason = guard(table)
        if reason:
            raise Refused(reason)
    if not agree:
        if Seat.objects.filter(table=table, dissolve_vote=True).update(dissolve_vote=None):
            Seat.objects.filter(pk=seat.pk).update(dissolve_vote=False)
    else:
        Seat.objects.filter(table=table, dissolve_vote=False).update(dissolve_vote=None)
        seat.dissolve_vote = True
        seat.save(update_fields=["dissolve_vote"])
        now = timezone.now()
        if all(s.dissolve_vote for s in seats_of(table)
               if s.user_id and not away(s, now) and not s.auto_play_kept):
            _dissolve(table)
    table_owner.commit(table)
    return table


@transaction.atomic
def room_close(*, table) -> Table:
    """A private room ended from outside its seats (its club dissolved or disabled): a waiting room
    closes, its people free to sit elsewhere; one in play ends its series as an agreed dissolve does,
    the hands played kept (their scores, their replays). A room already over is left as it is."""
    table = locked_table(table)
    if table.kind == Table.Kind.PRIVATE and table.status in (Table.Status.WAITING, Table.Status.PLAYING):
        _dissolve(table)
        table_owner.commit(table)
    return table


def _dissolve(table: Table) -> None:
    table.status = Table.Status.DISSOLVED
    table.save(update_fields=["status"])
    hand = locked_hand(table)
    if hand and not hand.finished:  # the hand in play is abandoned: no score
        hand.finished_at, hand.result, hand.deadline, hand.turn_deadline = (
            timezone.now(), {"winner": None, "dissolved": True}, None, None)
        hand.save()
    else:
        deadline_clear(hand)

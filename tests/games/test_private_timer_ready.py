"""A private room's turn timer (none / 20 / 40 s) and its 准备 before each hand after the first (issue 22):
docs/design.md#a-private-rooms-timer-and-ready."""
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games import play, rooms, selectors
from games.clock import sweeper, tick
from games.errors import Refused, Stale
from games.live import fragments
from games.models import Seat, Table

from .tablekit import (WIN_SEED, by_seat, changde, deal_seed, play_out, private_table, state_of,  # noqa: F401
                       three)

pytestmark = pytest.mark.django_db
LATER = timedelta(hours=2)


def version(table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


@pytest.mark.parametrize("seconds", [20, 40])
def test_a_person_to_decide_has_the_rooms_timer(changde, three, seconds):
    start = timezone.now()
    table = private_table(three, variant=changde, turn_seconds=seconds)
    hand = selectors.current_hand(table)
    asked = state_of(table).to_act  # people only (most deals: the dealer; some: a seat with a ti first)
    assert asked
    assert timedelta(seconds=seconds) <= hand.turn_deadline - start <= timedelta(seconds=seconds + 5)
    assert hand.deadline == hand.turn_deadline
    tick.table_tick(table_id=table.pk, now=hand.turn_deadline)  # out of time: the default move, then 托管
    assert set(Seat.objects.filter(table=table, auto_play=True).values_list("position", flat=True)) == set(asked)


def test_without_a_timer_nobody_is_put_on_auto_play_for_being_slow(changde, three):
    table = private_table(three, variant=changde, turn_seconds=0)
    hand = selectors.current_hand(table)
    assert hand.turn_deadline is None and hand.deadline is None
    assert sweeper.sweep(now=timezone.now() + LATER) == 0  # nothing is due, however long they think
    tick.table_tick(table_id=table.pk, now=timezone.now() + LATER)
    assert selectors.current_hand(table).move_no == hand.move_no
    assert not Seat.objects.filter(table=table, auto_play=True).exists()
    frag = fragments.status(selectors.snapshot(table.pk, 0))
    assert frag["deadline"] is None  # no countdown ring


def test_without_a_timer_bots_still_move_and_the_hand_ends(changde, three):
    table = rooms.private_create(owner=three[0], variant=changde, planned_hands=8, player_count=3, turn_seconds=0)
    rooms.bots_fill(table=table, user=three[0])
    hand = play_out(table, {0: three[0]})
    assert hand.finished_at is not None
    assert not Seat.objects.get(table=table, user=three[0]).auto_play


def test_without_a_timer_the_dissolve_vote_still_works(changde, three):
    table = private_table(three, variant=changde, turn_seconds=0)
    for user in three:
        play.dissolve_vote(table=table, user=user, agree=True)
    assert Table.objects.get(pk=table.pk).status == "dissolved"


def test_a_timer_no_room_offers_is_refused(changde, three):
    with pytest.raises(Refused):
        rooms.private_create(owner=three[0], variant=changde, planned_hands=8, player_count=3, turn_seconds=30)


def test_the_next_hand_of_a_private_series_waits_for_everyones_ready(changde, three, deal_seed):
    deal_seed(WIN_SEED)
    table = private_table(three, variant=changde, turn_seconds=20)
    hand = play_out(table, by_seat(table))
    assert hand.deadline is None  # no countdown: the friends tap 准备
    tick.table_tick(table_id=table.pk, now=timezone.now() + LATER)
    assert selectors.current_hand(table).number == 1
    assert play.next_ready(table=table, user=three[0]) is None
    with translation.override("en"):
        shown = fragments.result(selectors.snapshot(table.pk, 0))
    assert shown["ready"] and shown["not_ready"] == ["bob", "cyd"]
    before = version(table)
    with pytest.raises(Stale):  # a repeated ready: refused, nothing changes
        play.next_ready(table=table, user=three[0])
    assert version(table) == before
    assert play.next_ready(table=table, user=three[1]) is None
    assert fragments.result(selectors.snapshot(table.pk, 2))["not_ready"] == ["cyd"]
    second = play.next_ready(table=table, user=three[2])
    assert second.number == 2 and selectors.current_hand(table).number == 2
    assert not Seat.objects.filter(table=table, ready=True).exists()
    with pytest.raises(Stale):  # a late ready: the hand has started
        play.next_ready(table=table, user=three[0])


def test_bots_and_auto_play_are_ready_at_once(changde, three, deal_seed):
    deal_seed(WIN_SEED)
    table = rooms.private_create(owner=three[0], variant=changde, planned_hands=8, player_count=3)
    rooms.bots_fill(table=table, user=three[0])
    play_out(table, {0: three[0]})
    assert fragments.result(selectors.snapshot(table.pk, 0))["not_ready"] == [selectors.seat_name(
        Seat.objects.get(table=table, position=0))]
    assert play.next_ready(table=table, user=three[0]).number == 2


@pytest.mark.parametrize("closed_ago, dissolved", [(timedelta(minutes=3), True), (timedelta(seconds=30), False)])
def test_a_friend_away_for_a_while_does_not_block_the_dissolve_vote(changde, three, deal_seed, closed_ago, dissolved):
    deal_seed(WIN_SEED)
    table = private_table(three, variant=changde, turn_seconds=0)
    play_out(table, by_seat(table))
    Seat.objects.filter(table=table, user=three[2]).update(sockets=0, left_at=timezone.now() - closed_ago)
    play.next_ready(table=table, user=three[0])  # cyd, gone, never taps 准备: the others end the room
    for user in three[:2]:
        play.dissolve_vote(table=table, user=user, agree=True)
    assert (Table.objects.get(pk=table.pk).status == "dissolved") is dissolved

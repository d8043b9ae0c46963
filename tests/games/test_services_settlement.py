"""R8.4 settlement: base × multiplier from each other player of the hand, with the coin caps of `002`."""

import pytest

from games import rooms
from money.models import LedgerEntry
from games.models import Table, Variant
from money.settlement import Purse, payments

from .tablekit import WIN_SEED, deal_seed, play_out, private_table  # noqa: F401

WIN = {"winner": 1, "base": 8}


def test_r8_4_each_other_player_pays_base_times_multiplier():
    assert payments(WIN, (0, 1, 2), 3, 2) == [-16, 32, -16]


def test_r8_4_a_drawn_or_dissolved_hand_moves_nothing():
    assert payments({"winner": None, "drawn_hand": True}, (0, 1, 2), 3, 2) == [0, 0, 0]
    assert payments(None, (0, 1), 2, 5) == [0, 0]


def test_r8_4_nobody_pays_more_than_the_coins_they_carry():
    purses = [Purse(coins=5), Purse(coins=1000), Purse(coins=1000)]
    assert payments(WIN, (0, 1, 2), 3, 2, purses) == [-5, 21, -16]


def test_r8_4_the_winner_wins_from_any_one_player_at_most_the_coins_he_carries():
    purses = [Purse(coins=1000), Purse(coins=10), Purse(coins=1000)]
    assert payments(WIN, (0, 1, 2), 3, 2, purses) == [-10, 20, -10]


def test_r8_4_the_daily_cap_limits_what_is_won_and_what_is_lost_in_a_day():
    purses = [Purse(coins=1000, loss_room=3), Purse(coins=1000, win_room=10), Purse(coins=1000)]
    assert payments(WIN, (0, 1, 2), 3, 2, purses) == [-3, 10, -7]


def test_r2_at_four_players_the_seat_opposite_the_dealer_neither_pays_nor_wins():
    assert payments(WIN, (0, 1, 3), 4, 1) == [-8, 16, 0, -8]


@pytest.mark.django_db
def test_r8_4_the_daily_cap_counts_todays_hands_from_the_ledger(defaults, make_user, deal_seed, settings):
    settings.DAILY_COIN_CAP = 20
    deal_seed(WIN_SEED)  # seat 1 wins 8 × 2 from each of the others: 32, but only 20 a day
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = rooms.quick_match(user=user)
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    assert hand.scores == [-16, 20, -4]
    assert sum(LedgerEntry.objects.filter(hand=hand).values_list("amount", flat=True)) == 0


@pytest.mark.django_db
def test_r2_a_four_player_room_deals_three_and_scores_the_sitting_out_seat_zero(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED, dealer=0)
    users = [make_user(n) for n in ("ann", "bob", "cyd", "dan")]
    table = private_table(users, variant=Variant.objects.get(slug="yongzhou_full"))
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    assert hand.state["hands"][2] == "" and hand.finished
    assert hand.scores[2] == 0 and sum(hand.scores) == 0
    assert Table.objects.get(pk=table.pk).kind == "private" and not LedgerEntry.objects.filter(hand=hand).exists()

"""R8.4 settlement as properties (hypothesis): random coins, bases, multipliers and caps. The payments
sum to zero, nobody pays more than they carry (no balance below zero), and every cap holds; daily_capped
names every seat whose own daily cap changed the payments (and which cap held whom: test_cap_note.py). Then the same through
the ledger: a settlement of those payments leaves no player below zero and sums to zero."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from money import ledger
from money.models import LedgerEntry
from money.settlement import Purse, daily_capped, payments

# A daily room below zero: today's net already past this cap (another room's hands, a cap lowered today).
rooms = st.one_of(st.none(), st.integers(-10**4, 10**6))
purse = st.builds(Purse, coins=st.one_of(st.none(), st.integers(0, 10**7)), win_room=rooms, loss_room=rooms)


@st.composite
def hands(draw):
    players = draw(st.integers(2, 4))
    out = draw(st.integers(0, 3)) if players == 4 else None  # R2: at four, one seat sits the hand out
    active = tuple(p for p in range(players) if p != out)
    winner = draw(st.one_of(st.none(), st.sampled_from(active)))
    result = None if winner is None else {"winner": winner, "base": draw(st.integers(1, 2000))}
    return result, active, players, draw(st.integers(1, 100_000)), draw(st.lists(purse, min_size=players,
                                                                                  max_size=players))


@given(hands())
def test_r8_4_payments_sum_to_zero_and_every_cap_holds(hand):
    result, active, players, multiplier, purses = hand
    changes = payments(result, active, players, multiplier, purses)
    assert sum(changes) == 0
    if result is None:
        assert changes == [0] * players
        return
    winner, due = result["winner"], result["base"] * multiplier
    assert changes[winner] >= 0
    for seat in range(players):
        lost = -changes[seat]
        if seat == winner:
            continue
        assert 0 <= lost <= due  # nobody pays more than base × multiplier
        if seat not in active:
            assert lost == 0  # R2: the seat sitting out neither pays nor wins
        for cap in (purses[seat].coins, purses[seat].loss_room, purses[winner].coins):
            assert cap is None or lost <= max(0, cap)  # no balance below zero; the loss cap; the winner's coins
    if purses[winner].win_room is not None:
        assert changes[winner] <= max(0, purses[winner].win_room)


@given(hands())
def test_r8_4_daily_capped_names_the_seats_whose_daily_cap_changed_the_hand(hand):
    result, active, players, multiplier, purses = hand
    capped = daily_capped(result, active, players, multiplier, purses)
    paid = payments(result, active, players, multiplier, purses)
    for seat in range(players):
        freed = [Purse(coins=p.coins) if i == seat else p for i, p in enumerate(purses)]
        if payments(result, active, players, multiplier, freed) != paid:
            assert seat in capped
        if seat in capped:  # a daily room of its own, met by a payment
            assert purses[seat].win_room is not None or purses[seat].loss_room is not None


@pytest.mark.django_db
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(coins=st.lists(st.integers(0, 5000), min_size=3, max_size=3), base=st.integers(1, 200),
       multiplier=st.integers(1, 50), winner=st.integers(0, 2), cap=st.integers(0, 3000))
def test_r8_4_a_settlement_through_the_ledger_leaves_nobody_below_zero(make_user, coins, base, multiplier,
                                                                       winner, cap):
    # Every example shares the test's database: each makes three fresh accounts of its own.
    users = [make_user(f"p{LedgerEntry.objects.count()}-{i}") for i in range(3)]
    house = ledger.house_account()
    for user, carried in zip(users, coins):
        ledger.ledger_settle(f"set:{user.pk}", {user: carried - user.coins, house: user.coins - carried})
    changes = payments({"winner": winner, "base": base}, (0, 1, 2), 3, multiplier,
                       [Purse(coins=c, win_room=cap, loss_room=cap) for c in coins])
    ledger.ledger_settle(f"hand:{users[0].pk}", dict(zip(users, changes)))
    for user, carried, change in zip(users, coins, changes):
        user.refresh_from_db()
        assert user.coins == carried + change >= 0
        assert user.coins == LedgerEntry.objects.balance_of(user)
    assert -cap <= min(changes) and max(changes) <= cap

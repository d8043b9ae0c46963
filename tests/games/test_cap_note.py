"""R8.4 on the result panel (issue 10): each player who paid the winner less than base × multiplier is
named with the cap that held the payment back, the per-hand cap of the coins carried or the room's
daily cap (with its coins), and by how much; in Chinese and English."""
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import given

from games.live import fragments
from games.models import Table
from money.settlement import daily_capped, held_back, payments

from .test_settlement_properties import hands


@given(hands())
def test_r8_4_held_back_names_a_cap_whose_limit_is_what_was_paid(hand):
    result, active, players, multiplier, purses = hand
    if result is None:
        return
    winner, due = result["winner"], result["base"] * multiplier
    changes = payments(result, active, players, multiplier, purses)
    capped = daily_capped(result, active, players, multiplier, purses)
    named = {h["seat"]: h for h in held_back(due, active, winner, changes, capped)}
    room = None if purses[winner].win_room is None else max(0, purses[winner].win_room)  # overrun: none left
    for seat in active:
        if seat == winner:
            continue
        paid = -changes[seat]
        assert (seat in named) == (paid < due)
        if seat in named:
            h = named[seat]
            assert (h["paid"], h["short"]) == (paid, due - paid)
            if h["cap"] == "hand":  # the coins the payer or the winner carried
                assert paid in (purses[seat].coins, purses[winner].coins)
            elif h["held"] == seat:  # the payer's own daily loss room
                assert h["cap"] == "daily" and max(0, purses[seat].loss_room) == paid
            else:  # what the winner could still win today
                assert (h["cap"], h["held"], room) == ("daily", winner, paid)
        if room is not None:
            room -= paid


def test_r8_4_a_payer_short_on_coins_and_one_held_by_the_winners_daily_room():
    # seat 1 wins 16 from each; seat 0 carries 5 (per-hand cap); the winner's day had 9 left: seat 2 pays 9
    assert held_back(16, (0, 1, 2), 1, [-5, 14, -9], [1]) == [
        {"seat": 0, "paid": 5, "short": 11, "cap": "hand", "held": None},
        {"seat": 2, "paid": 9, "short": 7, "cap": "daily", "held": 1}]
    assert held_back(16, (0, 1, 2), 1, [-16, 32, -16], []) == []


def _note(lang: str, position: int) -> str:
    snap = SimpleNamespace(table=SimpleNamespace(kind=Table.Kind.COIN, tier=SimpleNamespace(daily_cap_in_force=lambda: 1000)),
                           hand=SimpleNamespace(scores=[-5, 14, -9], daily_capped=[1]),
                           state=SimpleNamespace(order=[0, 1, 2]), position=position, name=lambda p: f"p{p}")
    with translation.override(lang):
        return render_to_string("games/_cap_note.html", {"d": {"capped": fragments._capped(snap, 1, 16)}})


def test_r8_4_the_note_says_which_cap_and_how_much_in_chinese():
    html = _note("zh-hans", position=1)
    assert 'data-cap="hand"' in html and 'data-cap="daily"' in html
    assert "p0 付了 5 金币，应付 16（少 11）：单局上限" in html
    assert "p2 付了 9 金币，应付 16（少 7）：本场每日输赢上限 1,000 金币限制了你。" in html
    assert "paid" not in html and "cap of" not in html


def test_r8_4_the_note_names_the_held_player_to_the_others_in_english():
    html = _note("en", position=0)
    assert "p0 paid 5 coins instead of 16 (11 less): the per-hand cap" in html
    assert "p2 paid 9 coins instead of 16 (7 less): this room's daily cap of 1,000 coins won or lost held back p1." in html


def test_r8_4_private_rooms_have_no_cap_note():
    snap = SimpleNamespace(table=SimpleNamespace(kind=Table.Kind.PRIVATE), hand=SimpleNamespace(scores=[-5, 14, -9]))
    assert fragments._capped(snap, 1, 16) == []

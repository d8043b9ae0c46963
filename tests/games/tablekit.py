"""Shared helpers for the table tests: a chosen deal, people at a table, playing moves."""
from __future__ import annotations

import pytest

from games import bots, selectors
from games import play as games_play
from games import rooms
from games.clock import tick
from money import ledger
from games.models import Hand, RoomTier, Table, Variant
from games.rules import HandState
from games.play import fair, hands as play

# Seeds for the changde deal with dealer 0, when every seat plays games.bots.choose_action:
WIN_SEED = 5  # 17 moves; seat 1 wins on another's draw, base 8 (红胡 2 fan)
DRAWN_SEED = 1  # 38 moves; a drawn hand (荒庄)
SHORT_SEED = 26  # 7 moves; seat 0 wins, base 2


@pytest.fixture
def deal_seed(monkeypatch):
    """deal_seed(seed, dealer=0): every following hand is dealt from this seed with this first dealer."""
    def choose(seed: int, dealer: int = 0):
        monkeypatch.setattr(fair, "deal_seed_of", lambda server_seed, client_seeds: seed)
        monkeypatch.setattr(play, "draw_dealer", lambda players: dealer)
    return choose


@pytest.fixture
def changde(defaults):
    return Variant.objects.get(slug="changde")


@pytest.fixture
def three(make_user):
    return [make_user(name) for name in ("ann", "bob", "cyd")]


def by_seat(table):
    return {s.position: s.user for s in table.seats.all()}


def state_of(table) -> HandState:
    return HandState.from_json(selectors.current_hand(table).state)


def private_table(users, *, variant, hands: int = 8, turn_seconds: int | None = None) -> Table:
    """A private room of len(users) people, seated in order; the last one to sit starts the hand."""
    table = rooms.private_create(owner=users[0], variant=variant, planned_hands=hands,
                                 player_count=len(users), turn_seconds=turn_seconds)
    for user in users[1:]:
        rooms.seat_join(table=table, user=user)
    table.refresh_from_db()
    return table


def play_one(table, users_by_seat: dict) -> Hand:
    """The first seat to act plays the bot's choice through action_submit (a person) or table_tick."""
    hand = selectors.current_hand(table)
    state = HandState.from_json(hand.state)
    seat = state.to_act[0]
    if seat not in users_by_seat:  # a bot: its time has come (BOT_DELAY is 0 in the tests)
        tick.table_tick(table_id=table.pk)
        return selectors.current_hand(table)
    action = bots.choose_action(state, seat)
    games_play.action_submit(table=table, user=users_by_seat[seat], wire={"action": action.text,
                                                                          "move_no": hand.move_no})
    return selectors.current_hand(table)


def play_out(table, users_by_seat: dict, limit: int = 200) -> Hand:
    hand = selectors.current_hand(table)
    for _ in range(limit):
        if hand.finished:
            return hand
        hand = play_one(table, users_by_seat)
    raise AssertionError("the hand did not end")


def solo_bot_table(make_user, deal_seed, level: str | None = None) -> Table:
    """A quick-match table of one person ("solo") and two bots (of the tier's `level` when given), hand 1
    dealt from WIN_SEED; the person's seat on auto-play, so that every seat moves by itself."""
    deal_seed(WIN_SEED)
    if level is not None:
        RoomTier.objects.update(bot_level=level)
    user = make_user("solo")
    table = rooms.quick_match(user=user)
    tick.table_tick(table_id=table.pk)  # bots sit down, hand 1 starts
    games_play.autoplay_set(table=table, user=user, on=True)
    return table


def ticked_out(table, ticks: int) -> Hand:
    """The table's current hand after ticking it until it ends (at most `ticks` ticks)."""
    for _ in range(ticks):
        if selectors.current_hand(table).finished:
            break
        tick.table_tick(table_id=table.pk)
    return selectors.current_hand(table)


def seeded_win(make_user, deal_seed):
    """ann, bob, cyd quick-match at 天门山 (×2); WIN_SEED: seat 1 wins base 8 with 红胡, 16 from each:
    (table, the users by seat, the finished hand)."""
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    for user in users:
        table = rooms.quick_match(user=user)
    by_seat = {s.position: s.user for s in table.seats.all()}
    return table, by_seat, play_out(table, by_seat)


def short_after_one_hand(users) -> Table:
    """Three people with 2,600 coins quick-match at 岳麓山 (×50, 2,500 to enter); hand 1 (deal_seed
    WIN_SEED first): seat 1 wins 400 from each other seat, who keep 2,200, short of the entry (R11)."""
    table = None
    for user in users:
        ledger.ledger_settle(f"gift:{user.pk}", {user: 600, ledger.house_account(): -600})
        table = rooms.quick_match(user=user)
    assert table.tier.name == "岳麓山"
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    assert hand.scores == [-400, 800, -400]
    return table

"""Play services: rooms, quick match, action_submit (one move end to end), settlement, series."""
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games import bots, selectors
from money import tiers
from games import play
from games import rooms
from games.clock import tick as clock_tick
from money import errors
from money import ledger
from games.models import ActionLog, Hand, RoomTier, Seat, Table
from money.models import LedgerEntry
from games.rules.hand import HandState
from games.errors import Refused, Stale

from .tablekit import (DRAWN_SEED, SHORT_SEED, WIN_SEED, by_seat, changde, deal_seed, play_one,  # noqa: F401
                       play_out, private_table, short_after_one_hand, solo_bot_table, state_of, three,
                       ticked_out)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """Refusal messages are matched in their English source form."""
    with translation.override("en"):
        yield


@pytest.fixture
def coin_table(defaults, three, deal_seed):
    """Three people quick-match into 天门山 (×2) and the third one's seat starts hand 1 (seed WIN_SEED)."""
    deal_seed(WIN_SEED)
    tables = {rooms.quick_match(user=u).pk for u in three}
    assert len(tables) == 1
    return Table.objects.get(pk=tables.pop())


# ---- private rooms (R11: points, never coins)


def test_r11_private_room_has_an_invite_code_and_the_owner_takes_seat_0(changde, three):
    table = rooms.private_create(owner=three[0], variant=changde, planned_hands=8, player_count=3)
    assert table.kind == "private" and len(table.invite_code) == rooms.INVITE_LENGTH
    assert selectors.table_by_code(table.invite_code.lower()) == table
    assert [(s.position, s.user) for s in table.seats.all()] == [(0, three[0])]


@pytest.mark.parametrize("hands, players", [(10, 3), (8, 4)])  # changde is played by 2 or 3 (R2)
def test_r2_private_room_refuses_other_hand_counts_and_player_counts_the_variant_does_not_allow(
        changde, three, hands, players):
    with pytest.raises(Refused):
        rooms.private_create(owner=three[0], variant=changde, planned_hands=hands, player_count=players)


def test_private_room_by_code_the_last_seat_starts_the_hand_and_a_full_room_refuses(changde, three, make_user):
    table = private_table(three, variant=changde)
    assert table.status == "playing"
    hand = selectors.current_hand(table)
    assert hand.number == 1 and set(hand.players.all()) == set(three) and hand.multiplier == 1
    with pytest.raises(Refused, match="not taking players"):
        rooms.seat_join(table=table, user=make_user("late"))
    assert rooms.seat_join(table=table, user=three[1]).position == 1  # joining twice: the same seat


def test_owner_fills_empty_seats_with_bots_and_only_the_owner(changde, three):
    table = rooms.private_create(owner=three[0], variant=changde, planned_hands=8, player_count=3)
    rooms.seat_join(table=table, user=three[1])
    with pytest.raises(Refused, match="owner"):
        rooms.bots_fill(table=table, user=three[1])
    rooms.bots_fill(table=table, user=three[0])
    assert [s.is_bot for s in table.seats.all()] == [False, False, True]
    assert Table.objects.get(pk=table.pk).status == "playing"


# ---- quick match (R11)


def test_r11_quick_match_picks_the_highest_tier_the_coins_allow(defaults, make_user):
    assert tiers.tier_for(2000).name == "天门山"
    assert tiers.tier_for(2500).name == "岳麓山"
    assert tiers.tier_for(99) is None
    with pytest.raises(Refused, match="coins"):
        rooms.quick_match(user=make_user("x"), tier=RoomTier.objects.get(name="桃花源"))


def test_r11_the_highest_tier_is_the_one_with_the_most_coins_to_enter_not_the_last_listed(defaults, make_user):
    """RoomTier.order is the lobby's display order: an admin's tier listed last with a low entry does
    not catch quick match; with equal entry coins the tier listed later wins."""
    low = RoomTier.objects.create(name="新手场", order=99, multiplier=1, entry_coins=10, experience_per_hand=1)
    assert tiers.tier_for(2000).name == "天门山" and tiers.tier_for(50) == low
    assert rooms.quick_match(user=make_user("x")).tier.name == "天门山"
    twin = RoomTier.objects.create(name="天门山二", order=98, multiplier=3, entry_coins=100, upper_bound=2500,
                                   experience_per_hand=3)
    assert tiers.tier_for(2000) == twin


def test_quick_match_seats_waiting_players_first_then_the_table_starts(coin_table, three):
    assert coin_table.tier.name == "天门山" and coin_table.status == "playing"
    assert sorted(s.user.username for s in coin_table.seats.all()) == ["ann", "bob", "cyd"]
    assert selectors.current_hand(coin_table).multiplier == 2
    assert rooms.quick_match(user=three[0]) == coin_table  # still playing there


def test_quick_match_fills_empty_seats_with_bots_after_the_wait(defaults, make_user, settings):
    settings.QUICK_MATCH_BOT_WAIT = 5
    table = rooms.quick_match(user=make_user("solo"))
    assert table.status == "waiting" and table.fill_at > timezone.now()
    assert clock_tick.table_tick(table_id=table.pk) == table.fill_at  # not yet
    clock_tick.table_tick(table_id=table.pk, now=table.fill_at)
    table.refresh_from_db()
    assert table.status == "playing"
    assert [s.is_bot for s in table.seats.all()] == [False, True, True]


@pytest.fixture
def floating_table(defaults, three, deal_seed):
    """Three people at a floating room of ×600–1,500 (1,000 coins to enter), hand 1 from WIN_SEED."""
    tier = RoomTier.objects.create(name="浮动", order=9, multiplier_min=600, multiplier_max=1500,
                                   entry_coins=1000, experience_per_hand=1)
    deal_seed(WIN_SEED)
    for user in three:
        rooms.quick_match(user=user, tier=tier)
    return Table.objects.get(tier=tier)


def test_r11_floating_multiplier_is_the_highest_the_poorest_player_affords(floating_table):
    assert selectors.current_hand(floating_table).multiplier == 1200  # 2000 coins × 600/1000


def test_r11_a_changed_floating_multiplier_is_announced_at_hand_start(floating_table):
    from games.live import fragments

    table = floating_table
    first = selectors.snapshot(table.pk, 0)
    assert first.multiplier_was is None and fragments.log(first)["multiplier"] is None
    hand = play_out(table, by_seat(table))  # the losers pay all their 2,000 coins (R8.4 cap)
    for loser in (by_seat(table)[0], by_seat(table)[2]):  # 1,000 each: they may play on, poorest at ×600
        ledger.ledger_settle(f"gift:{loser.pk}", {loser: 1000, ledger.house_account(): -1000})
    clock_tick.table_tick(table_id=table.pk, now=hand.deadline)
    snap = selectors.snapshot(table.pk, 0)
    assert (snap.hand.number, snap.hand.multiplier, snap.multiplier_was) == (2, 600, 1200)
    html = fragments.render_all(snap)
    assert "The floating multiplier of this hand is ×600 (last hand ×1,200)." in html["table-info"]
    assert "The floating multiplier of this hand is ×600." in html["event-log"]
    with translation.override("zh-hans"):
        assert "本局倍率浮动为 ×600" in fragments.render_all(snap)["table-info"]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_result_panel_and_seats_group_the_digits_of_coins_and_multipliers(floating_table, language):
    from games.live import fragments

    hand = play_out(floating_table, by_seat(floating_table))
    assert hand.scores == [-2000, 4000, -2000]
    with translation.override(language):
        html = fragments.render_all(selectors.snapshot(floating_table.pk, 1))
    assert "×1,200" in html["result"] and ">+4,000<" in html["result"] and ">-2,000<" in html["result"]
    assert "6,000 " in html["seat-1"] and "+4,000" in html["seat-1"]


# ---- one move (action_submit, docs/design.md#one-move-end-to-end)


def test_action_submit_applies_the_move_logs_it_and_advances_the_move_number(coin_table):
    users = by_seat(coin_table)
    before = selectors.current_hand(coin_table)
    hand = play_one(coin_table, users)
    assert hand.move_no == before.move_no + 1
    row = ActionLog.objects.get(hand=hand)
    assert row.move_no == hand.move_no and row.action[0] == "discard"
    assert any(e["move"] == "discard" and e["n"] == hand.move_no for e in hand.events)


def test_a_stale_or_repeated_move_number_is_refused_and_changes_nothing(coin_table):
    users = by_seat(coin_table)
    hand = selectors.current_hand(coin_table)
    state = HandState.from_json(hand.state)
    seat = state.to_act[0]
    wire = {"action": bots.choose_action(state, seat).text, "move_no": hand.move_no}
    play.action_submit(table=coin_table, user=users[seat], wire=wire)
    after = selectors.current_hand(coin_table)
    with pytest.raises(Stale, match="^$"):  # the same click again: nothing to say (a double click)
        play.action_submit(table=coin_table, user=users[seat], wire=wire)
    other = next(p for p in users if p != seat)
    with pytest.raises(Stale, match="decision is already over"):  # a late click of another seat
        play.action_submit(table=coin_table, user=users[other], wire={"action": "pass", "move_no": hand.move_no})
    again = selectors.current_hand(coin_table)
    assert (again.move_no, again.state) == (after.move_no, after.state)
    assert ActionLog.objects.filter(hand=hand).count() == 1


def test_a_move_for_another_seat_is_refused_and_changes_nothing(coin_table):
    users = by_seat(coin_table)
    hand = selectors.current_hand(coin_table)
    idle = next(p for p in range(3) if p not in HandState.from_json(hand.state).to_act)
    with pytest.raises(Refused, match="not your turn"):
        play.action_submit(table=coin_table, user=users[idle], wire={"action": "pass", "move_no": hand.move_no})
    assert selectors.current_hand(coin_table).state == hand.state


def test_malformed_and_illegal_moves_are_refused_with_the_reason(coin_table, make_user):
    users = by_seat(coin_table)
    hand = selectors.current_hand(coin_table)
    seat = HandState.from_json(hand.state).to_act[0]
    with pytest.raises(Refused, match="There is no such move"):  # the engine's reason, by its code
        play.action_submit(table=coin_table, user=users[seat], wire={"action": "dance", "move_no": hand.move_no})
    with pytest.raises(Refused, match="You must discard a card now"):
        play.action_submit(table=coin_table, user=users[seat], wire={"action": "peng", "move_no": hand.move_no})
    with pytest.raises(Refused, match="move number"):
        play.action_submit(table=coin_table, user=users[seat], wire={"action": "pass"})
    with pytest.raises(Refused, match="seat"):
        play.action_submit(table=coin_table, user=make_user("stranger"), wire={"action": "pass", "move_no": 0})
    assert selectors.current_hand(coin_table).move_no == hand.move_no


# ---- the end of a hand (R8.4) and the next one (R2)


def test_r8_4_a_finished_hand_settles_coins_through_the_ledger_exactly_once(coin_table, three):
    hand = play_out(coin_table, by_seat(coin_table))
    assert hand.result["winner"] == 1 and hand.result["base"] == 8
    assert hand.scores == [-16, 32, -16]  # base 8 × multiplier 2 from each other player
    rows = LedgerEntry.objects.filter(hand=hand)
    assert sorted(rows.values_list("amount", flat=True)) == [-16, -16, 32]
    assert set(rows.values_list("settlement_key", flat=True)) == {f"hand:{hand.pk}"}
    with pytest.raises(errors.DuplicateSettlement):
        ledger.ledger_settle(f"hand:{hand.pk}", {three[0]: 1, three[1]: -1})
    with pytest.raises(Stale):
        play.action_submit(table=coin_table, user=three[0], wire={"action": "pass", "move_no": hand.move_no})
    assert LedgerEntry.objects.filter(hand=hand).count() == 3
    coins = {u.username: u.coins for u in type(three[0]).objects.filter(pk__in=[u.pk for u in three])}
    winner = by_seat(coin_table)[1].username
    assert coins[winner] == 2032 and sum(coins.values()) == 6000
    assert all(u.experience == 3 for u in type(three[0]).objects.filter(pk__in=[u.pk for u in three]))  # R11


def test_r8_4_bots_win_and_lose_against_the_house(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)  # seat 1 (a bot) wins 8 × 2 from each other seat
    user = make_user("solo")
    table = rooms.quick_match(user=user)
    clock_tick.table_tick(table_id=table.pk)
    hand = play_out(table, {0: user})
    assert hand.scores == [-16, 32, -16]
    user.refresh_from_db()
    assert user.coins == 1984
    assert LedgerEntry.objects.filter(hand=hand, account=ledger.house_account()).get().amount == 16


def test_r2_the_winner_deals_the_next_hand_once_everyone_is_ready(coin_table, three, deal_seed):
    hand = play_out(coin_table, by_seat(coin_table))
    deal_seed(SHORT_SEED)
    users = by_seat(coin_table)
    assert play.next_ready(table=coin_table, user=users[0]) is None
    assert play.next_ready(table=coin_table, user=users[2]) is None
    nxt = play.next_ready(table=coin_table, user=users[1])
    assert nxt.number == 2 and nxt.dealer == hand.result["winner"] == 1
    assert not Seat.objects.filter(table=coin_table, ready=True).exists()


def test_the_next_hand_starts_by_itself_after_the_wait(coin_table):
    hand = play_out(coin_table, by_seat(coin_table))
    assert hand.deadline is not None
    clock_tick.table_tick(table_id=coin_table.pk, now=hand.deadline)
    assert selectors.current_hand(coin_table).number == 2


def test_r2_three_drawn_hands_in_a_row_pass_the_deal_to_the_next_seat(coin_table, deal_seed):
    deal_seed(DRAWN_SEED)
    hand = play_out(coin_table, by_seat(coin_table))  # hand 1 is a win for seat 1: seat 1 deals
    dealers = []
    for _ in range(3):
        clock_tick.table_tick(table_id=coin_table.pk, now=hand.deadline)
        hand = selectors.current_hand(coin_table)
        dealers.append(hand.dealer)
        hand = play_out(coin_table, by_seat(coin_table))
        assert hand.result.get("drawn_hand"), "the seed should give a drawn hand whoever deals"
    clock_tick.table_tick(table_id=coin_table.pk, now=hand.deadline)
    assert dealers + [selectors.current_hand(coin_table).dealer] == [1, 1, 1, 2]


def test_r11_coins_above_the_upper_bound_move_the_player_up_a_tier_when_they_click_next(defaults, three,
                                                                                        deal_seed):
    from games.live import fragments

    ledger.ledger_settle("gift", {three[1]: 480, ledger.house_account(): -480})  # 2,480: still 天门山
    deal_seed(WIN_SEED)  # seat 1 (three[1]) wins 16 from each other seat
    table = None
    for user in three:
        table = rooms.quick_match(user=user)
    assert table.tier.name == "天门山" and by_seat(table)[1] == three[1]
    ledger.ledger_settle("prize", {three[1]: 100, ledger.house_account(): -100})  # 2,580 now
    with pytest.raises(Refused, match="hand is over"):  # never in the middle of a hand
        rooms.tier_move(table=table, user=three[1])
    play_out(table, by_seat(table))
    three[1].refresh_from_db()
    assert three[1].coins == 2612 > table.tier.upper_bound == 2500
    assert fragments.result(selectors.snapshot(table.pk, 1))["move"] == {
        "way": "up", "tier": "Yuelu Mountain", "coins": 2612, "bound": 2500, "entry": 100}  # the page's language
    assert fragments.result(selectors.snapshot(table.pk, 0))["move"] is None
    with pytest.raises(Refused, match="still fit"):
        rooms.tier_move(table=table, user=three[0])
    moved = rooms.tier_move(table=table, user=three[1])
    assert moved.tier.name == "岳麓山" and moved.status == "waiting"
    assert [s.user for s in moved.seats.all()] == [three[1]]
    table.refresh_from_db()
    assert table.status == "waiting" and table.new_series
    assert sorted(s.user.username for s in table.seats.all()) == ["ann", "cyd"]


@pytest.fixture
def short_after_hand_1(defaults, three, deal_seed):
    deal_seed(WIN_SEED)
    return short_after_one_hand(three)


def test_r11_r8_4_the_result_panel_tells_a_person_short_of_the_rooms_entry_they_do_not_play_on(short_after_hand_1):
    from games.live import fragments

    table = short_after_hand_1
    move = fragments.result(selectors.snapshot(table.pk, 0))["move"]
    assert move == {"way": "down", "tier": "Tianmen Mountain", "coins": 2200, "bound": 10000, "entry": 2500}
    assert fragments.result(selectors.snapshot(table.pk, 1))["move"] is None  # the winner plays on
    html = fragments.render_all(selectors.snapshot(table.pk, 0))["result"]
    assert "You have 2,200 coins, fewer than the 2,500 this room needs to enter" in html
    assert 'id="tier-move"' in html and "Next hand in Tianmen Mountain" in html and 'id="next-hand"' not in html
    with translation.override("zh-hans"):
        html = fragments.render_all(selectors.snapshot(table.pk, 0))["result"]
    assert "2,200" in html and "天门山" in html and "You have" not in html and "Tianmen" not in html


def test_r11_r8_4_a_person_short_of_the_rooms_entry_is_unseated_at_the_deal_and_the_seat_waits(
        short_after_hand_1, three, make_user):
    table = short_after_hand_1
    winner = by_seat(table)[1]
    assert play.next_ready(table=table, user=winner) is None  # the short are not waited for …
    table.refresh_from_db()
    assert table.status == "waiting" and table.new_series and table.fill_at is not None  # … nor dealt in
    assert [s.user for s in table.seats.all()] == [winner]
    assert selectors.current_hand(table).number == 1 and selectors.current_hand(table).deadline is None
    comer = make_user("dan")
    ledger.ledger_settle("gift:dan", {comer: 600, ledger.house_account(): -600})
    assert rooms.quick_match(user=comer) == table  # a waiting person takes a seat first …
    clock_tick.table_tick(table_id=table.pk, now=table.fill_at)  # … then bots, and hand 2 is dealt
    hand = selectors.current_hand(table)
    assert hand.number == 2 and set(hand.players.all()) == {winner, comer}
    short = three[0]
    short.refresh_from_db()
    with pytest.raises(Refused, match="seat"):
        rooms.tier_move(table=table, user=short)
    assert rooms.quick_match(user=short).tier.name == "天门山"  # where their coins allow


def test_r11_the_deal_unseats_the_short_whoever_starts_it_and_bots_are_never_short(short_after_hand_1):
    table = short_after_hand_1
    hand = selectors.current_hand(table)
    clock_tick.table_tick(table_id=table.pk, now=hand.deadline)  # NEXT_HAND_WAIT passed: nobody clicked
    table.refresh_from_db()
    assert table.status == "waiting" and table.seats.count() == 1
    clock_tick.table_tick(table_id=table.pk, now=table.fill_at)
    table.refresh_from_db()
    assert table.status == "playing" and [s.is_bot for s in table.seats.all()] == [True, False, True]


def test_r11_a_short_person_clicks_into_the_tier_their_coins_allow_before_the_deal(short_after_hand_1, three):
    table = short_after_hand_1
    moved = rooms.tier_move(table=table, user=three[0])
    assert moved.tier.name == "天门山" and [s.user for s in moved.seats.all()] == [three[0]]
    assert sorted(s.user.username for s in Table.objects.get(pk=table.pk).seats.all()) == ["bob", "cyd"]


def test_r11_a_short_person_no_tier_admits_is_told_so_and_only_gets_up(defaults, three, deal_seed):
    from games.live import fragments

    ledger.ledger_settle("loss", {three[0]: -1890, ledger.house_account(): 1890})  # 110: 天门山 admits
    deal_seed(WIN_SEED)
    table = None
    for user in three:
        table = rooms.quick_match(user=user)
    play_out(table, by_seat(table))  # seat 0 pays 16: 94 coins, fewer than any room's 100
    move = fragments.result(selectors.snapshot(table.pk, 0))["move"]
    assert move["way"] == "down" and move["tier"] is None and move["coins"] == 94
    assert "No room admits so few coins" in fragments.render_all(selectors.snapshot(table.pk, 0))["result"]
    assert rooms.tier_move(table=table, user=three[0]) is None
    assert not Seat.objects.filter(user=three[0]).exists()


# ---- time: deadlines, auto-play (托管), bots


def test_a_passed_deadline_applies_the_default_move_and_the_seat_turns_to_auto_play(coin_table):
    hand = selectors.current_hand(coin_table)
    seat = HandState.from_json(hand.state).to_act[0]
    clock_tick.table_tick(table_id=coin_table.pk, now=hand.turn_deadline - timedelta(seconds=1))
    assert selectors.current_hand(coin_table).move_no == hand.move_no  # not yet
    clock_tick.table_tick(table_id=coin_table.pk, now=hand.turn_deadline)
    after = selectors.current_hand(coin_table)
    expected = bots.default_action(HandState.from_json(hand.state), seat)
    assert ActionLog.objects.get(hand=hand).action == expected.to_wire()
    assert Seat.objects.get(table=coin_table, position=seat).auto_play
    assert after.move_no == hand.move_no + 1


def test_im_back_turns_auto_play_off_and_the_deadline_follows(coin_table, settings):
    settings.BOT_DELAY = 2
    hand = selectors.current_hand(coin_table)
    seat = HandState.from_json(hand.state).to_act[0]
    user = by_seat(coin_table)[seat]
    play.autoplay_set(table=coin_table, user=user, on=True)
    auto = selectors.current_hand(coin_table)
    assert auto.turn_deadline is None and auto.deadline < hand.turn_deadline
    play.autoplay_set(table=coin_table, user=user, on=False)
    back = selectors.current_hand(coin_table)
    assert back.turn_deadline is not None and back.deadline == back.turn_deadline


def test_bots_and_auto_played_seats_move_when_their_time_comes(defaults, make_user, deal_seed):
    table = solo_bot_table(make_user, deal_seed)
    hand = ticked_out(table, 100)
    assert hand.finished and ActionLog.objects.filter(hand=hand).count() > 5
    assert hand.deadline is None  # everyone on auto-play: the table waits for a person


def test_run_timers_sweeps_tables_nobody_watches(defaults, make_user):
    from games.clock.sweeper import sweep

    table = rooms.quick_match(user=make_user("solo"))
    assert sweep() == 1
    assert Table.objects.get(pk=table.pk).status == "playing"


def test_run_timers_goes_on_when_one_table_fails(defaults, make_user, monkeypatch):
    from games.clock.sweeper import sweep

    rich = make_user("rich")
    ledger.ledger_settle("gift", {rich: 600, ledger.house_account(): -600})
    broken, fine = rooms.quick_match(user=make_user("solo")), rooms.quick_match(user=rich)
    assert (broken.tier.name, fine.tier.name) == ("天门山", "岳麓山")
    tick = clock_tick.table_tick

    def tick_or_fail(*, table_id, now=None, planned=None):
        if table_id == broken.pk:
            raise RuntimeError("database is locked")
        return tick(table_id=table_id, now=now, planned=planned)

    monkeypatch.setattr(clock_tick, "table_tick", tick_or_fail)
    assert sweep(now=timezone.now() + timedelta(seconds=60)) == 2
    assert Table.objects.get(pk=broken.pk).status == "waiting"  # left for the next sweep
    assert Table.objects.get(pk=fine.pk).status == "playing"


# ---- series (private rooms), dissolving, leaving


def test_r11_a_private_series_keeps_points_and_ends_after_its_planned_hands(changde, three, deal_seed):
    deal_seed(WIN_SEED)
    table = private_table(three, variant=changde)
    Table.objects.filter(pk=table.pk).update(planned_hands=2)
    hand = play_out(table, by_seat(table))
    assert hand.scores == [-8, 16, -8] and not LedgerEntry.objects.filter(hand=hand).exists()
    for user in three:  # a private room's next hand waits for everyone's 准备
        play.next_ready(table=table, user=user)
    hand = play_out(table, by_seat(table))
    table.refresh_from_db()
    assert table.status == "finished" and hand.deadline is None
    rows = selectors.standings(table)
    assert sum(r["total"] for r in rows) == 0 and [len(r["changes"]) for r in rows] == [2, 2, 2]
    assert all(u.coins == 2000 for u in type(three[0]).objects.filter(pk__in=[u.pk for u in three]))


def test_dissolve_needs_every_person_and_a_refusal_withdraws_it(changde, three):
    table = private_table(three, variant=changde)
    play.dissolve_vote(table=table, user=three[0], agree=True)
    play.dissolve_vote(table=table, user=three[1], agree=False)
    # the proposal is gone; the refusal stays, so the table is told who refused
    assert list(Seat.objects.filter(table=table, dissolve_vote__isnull=False).values_list("user", "dissolve_vote")) == [
        (three[1].pk, False)]
    for user in three:
        play.dissolve_vote(table=table, user=user, agree=True)
    table.refresh_from_db()
    hand = selectors.current_hand(table)
    assert table.status == "dissolved" and hand.finished and hand.result == {"winner": None, "dissolved": True}


def test_leaving_a_coin_table_waits_for_the_hand_then_a_new_series_starts(coin_table, three):
    user = by_seat(coin_table)[0]
    with pytest.raises(Refused, match="hand is over"):
        rooms.table_leave(table=coin_table, user=user)
    play_out(coin_table, by_seat(coin_table))
    rooms.table_leave(table=coin_table, user=user)
    coin_table.refresh_from_db()
    assert coin_table.status == "waiting" and coin_table.new_series and coin_table.seats.count() == 2
    assert rooms.quick_match(user=user) == coin_table  # a waiting seat goes to the next comer


# ---- history and replay


def test_replay_re_plays_the_hand_from_its_seed_and_log_to_the_same_state(coin_table, three, make_user):
    hand = play_out(coin_table, by_seat(coin_table))
    steps = selectors.replay_states(hand)
    assert len(steps) == hand.move_no + 1
    assert steps[-1][1].to_json() == hand.state
    assert selectors.may_replay(three[0], hand) and not selectors.may_replay(make_user("other"), hand)
    assert selectors.hand_points(three[0], [hand]) == {hand.pk: hand.scores[hand.seating.index(three[0].pk)]}

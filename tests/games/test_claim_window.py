"""Claim privacy at the table (R3, R7): with CLAIM_WINDOW_SECONDS on, every card put up for claims waits
the same fixed time, and the seats not asked see the same frames and the same release time whether
or not anyone could claim it (games.play.hands.window_release, games.clock.deadlines)."""
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games import bots, selectors
from games.live import fragments
from games import play
from games import rooms
from games.clock import tick
from games.models import ActionLog, Table, Variant
from games.rules import HandState
from games.errors import Stale
from games.play.hands import window_release

from .tablekit import WIN_SEED, deal_seed, private_table, state_of  # noqa: F401

pytestmark = pytest.mark.django_db
WINDOW = timedelta(seconds=1)
WAITING = "Waiting for the card to be settled…"


@pytest.fixture(autouse=True)
def held(settings):
    settings.CLAIM_WINDOW_SECONDS = 1
    with translation.override("en"):
        yield


@pytest.fixture
def table(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [make_user(name) for name in ("ann", "bob", "cyd")]
    before = timezone.now()
    table = private_table(users, variant=Variant.objects.get(slug="changde"))
    hand = selectors.current_hand(table)
    assert state_of(table).held and before + WINDOW <= hand.deadline <= timezone.now() + WINDOW
    return table


def people(table) -> dict:
    return {s.position: s.user for s in table.seats.all()}


def frame(table, position: int, sent: dict, quiet: bool = False) -> bool:
    """Whether this seat's socket would be sent a frame now (a private step's refresh is quiet)."""
    snap = selectors.snapshot(table.pk, position)
    return bool(fragments.render_changed(snap, sent, snap.version, quiet=quiet))


def decide(table, position: int, user) -> None:
    state = state_of(table)
    action = bots.choose_action(state, position)
    play.action_submit(table=table, user=user, wire={"action": action.text, "move_no": state.public_move_no})


def test_r7_held_window_seats_not_asked_see_the_same_frames_and_release_time_with_or_without_a_claim(table):
    """A whole hand of people: for every held window, each seat not asked gets one frame when the card
    appears, none while asked seats decide, one at the release, reads the one waiting sentence with no
    countdown, and the release is due the window's time after the card appeared — claim or none."""
    users = people(table)
    sent = {p: {} for p in users}
    for p in users:
        frame(table, p, sent[p])
    seen = {"claim": 0, "none": 0}
    for _ in range(300):
        state, hand = state_of(table), selectors.current_hand(table)
        if state.finished:
            break
        if state.turn is not None:  # a discard opens a window
            start = timezone.now()
            decide(table, state.turn, users[state.turn])
            hand = selectors.current_hand(table)
            assert start + WINDOW <= hand.deadline <= timezone.now() + WINDOW
            for p in users:
                assert frame(table, p, sent[p])
            continue
        assert state.awaiting_release
        asked = set(state.to_act)
        seen["claim" if asked else "none"] += 1
        for p in set(users) - asked:
            info = fragments.status(selectors.snapshot(table.pk, p))
            assert (info["waiting"], info["deadline"], info["my_turn"]) == (WAITING, None, False)
        for p in sorted(asked):
            if p not in state_of(table).to_act:
                continue  # a better claim was decided: this one is moot
            assert fragments.status(selectors.snapshot(table.pk, p))["waiting"] == ""
            shown = {o: fragments.version(selectors.snapshot(table.pk, o), None) for o in users}
            version = Table.objects.get(pk=table.pk).version
            decide(table, p, users[p])  # before the release: private, no new version for anyone
            assert Table.objects.get(pk=table.pk).version == version
            assert {o: fragments.version(selectors.snapshot(table.pk, o), None) for o in users} == shown
            assert selectors.current_hand(table).deadline == hand.deadline  # the release time is kept
            for other in set(users) - asked:
                assert not frame(table, other, sent[other], quiet=True)
        tick.table_tick(table_id=table.pk, now=hand.deadline - timedelta(milliseconds=1))
        assert selectors.current_hand(table).move_no == state_of(table).move_no  # not yet
        assert state_of(table).awaiting_release
        start = timezone.now()
        tick.table_tick(table_id=table.pk, now=hand.deadline)
        after = selectors.current_hand(table)
        assert (after.finished_at or not HandState.from_json(after.state).window  # a private hand's end: no clock
                or after.deadline >= start + WINDOW)
        for p in users:
            assert frame(table, p, sent[p])
    assert state_of(table).finished and seen["claim"] >= 2 and seen["none"] >= 10


def test_r7_held_window_a_decision_before_the_release_takes_effect_only_at_the_release(table):
    users = people(table)
    for _ in range(300):
        state, hand = state_of(table), selectors.current_hand(table)
        if state.turn is not None:
            decide(table, state.turn, users[state.turn])
        elif state.to_act:
            seat = state.to_act[0]
            action = bots.choose_action(state, seat)
            decide(table, seat, users[seat])
            after = state_of(table)
            if action.verb in ("peng", "chi") and not after.to_act:
                assert after.tables == state.tables and after.awaiting_release  # not yet
                assert ActionLog.objects.filter(hand=hand).latest("move_no").action == action.to_wire()
                tick.table_tick(table_id=table.pk, now=hand.deadline)
                assert state_of(table).tables[seat] != state.tables[seat]  # taken at the release
                return
        else:
            tick.table_tick(table_id=table.pk, now=hand.deadline)
    pytest.fail("no take before a release in this hand")


def test_r7_held_window_the_release_is_applied_once_by_two_ticks_or_two_calls(table):
    hand = selectors.current_hand(table)
    state = state_of(table)
    assert state.awaiting_release and not state.to_act  # the shown card: nobody may win on it here
    tick.table_tick(table_id=table.pk, now=hand.deadline)
    once = selectors.current_hand(table)
    assert once.move_no == hand.move_no + 1
    tick.table_tick(table_id=table.pk, now=hand.deadline)  # a second process, the same deadline
    assert selectors.current_hand(table).move_no == once.move_no
    with pytest.raises(Stale):
        window_release(table=table, move_no=state.public_move_no)  # a late release of that window
    assert selectors.current_hand(table).move_no == once.move_no


def test_r7_held_window_a_repeated_decision_is_refused_harmlessly(table):
    users = people(table)
    for _ in range(300):
        state, hand = state_of(table), selectors.current_hand(table)
        if state.turn is not None:
            decide(table, state.turn, users[state.turn])
        elif state.to_act:
            seat = state.to_act[0]
            wire = {"action": bots.choose_action(state, seat).text, "move_no": state.public_move_no}
            play.action_submit(table=table, user=users[seat], wire=wire)
            with pytest.raises(Stale) as refused:
                play.action_submit(table=table, user=users[seat], wire=wire)  # a double click
            assert str(refused.value) == "" and selectors.current_hand(table).move_no == hand.move_no + 1
            return
        else:
            tick.table_tick(table_id=table.pk, now=hand.deadline)
    pytest.fail("nobody was asked in this hand")


def test_r7_held_window_bots_decide_inside_the_window_and_replays_rebuild_the_hand(defaults, make_user,
                                                                                  deal_seed):
    deal_seed(WIN_SEED)
    user = make_user("solo")
    table = rooms.quick_match(user=user)
    tick.table_tick(table_id=table.pk)  # bots sit down, hand 1 starts
    play.autoplay_set(table=table, user=user, on=True)
    for _ in range(300):
        hand = selectors.current_hand(table)
        if hand.finished:
            break
        state = HandState.from_json(hand.state)
        if state.awaiting_release:  # nothing of it happens before its time, bots' claims included
            tick.table_tick(table_id=table.pk, now=hand.deadline - timedelta(milliseconds=1))
            assert selectors.current_hand(table).move_no == hand.move_no
        tick.table_tick(table_id=table.pk, now=hand.deadline)
    hand = selectors.current_hand(table)
    assert hand.finished and ActionLog.objects.filter(hand=hand).count() > 5
    final = HandState.from_json(hand.state)
    assert selectors.replay_states(hand)[-1][1] == final  # the log and the seed, releases inferred
    steps = [selectors.replay_context(hand, i) for i in range(len(selectors.replay_states(hand)))]
    shown = {e["n"] for step in steps for e in step["line"]}
    logged = set(ActionLog.objects.filter(hand=hand).values_list("move_no", flat=True))
    released = {e["n"] for e in hand.events if e["move"] == "draw"} - logged
    assert released and released <= shown  # a release has no row: its draws show with the move before

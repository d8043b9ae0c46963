"""Claim privacy (R3, R7): the held claim window. With `held`, every card put up for claims opens a
window that resolves only after the system's release; steps that leave the window open are private
(not counted in the public move number), so no other seat can tell whether anyone could claim."""
import random
import pytest

from games.rules import PRESETS, HandState, apply, deal, legal_actions, preset, release, seat_view
from games.rules.checks import random_hand, replay, violation

VARIANTS = sorted(PRESETS)


def held_steps(rules, seed: int, players: int = 3, early: float = 0.0):
    """Play a held hand with random choices: (state before, seat or None for a release, state after)
    per step. `early`: the chance that a window is released while someone is still asked."""
    rng = random.Random(seed)
    state, _ = deal(rules, seed=seed, dealer=seed % players, players=players, held=True)
    while not state.finished:
        if state.awaiting_release and (not state.to_act or rng.random() < early):
            after, seat = release(state)[0], None
        else:
            seat = rng.choice(state.to_act)
            after, _ = apply(state, seat, rng.choice(legal_actions(state, seat)))
        yield state, seat, after
        state = after


def test_r7_held_window_off_by_default_writes_no_new_keys():
    state, _ = deal(preset("changde"), seed=3, dealer=0)
    assert not state.held and state.public_move_no == state.move_no
    text = state.dumps()
    assert '"held"' not in text and "private_moves" not in text


def test_r7_held_window_opens_on_every_discard_and_shown_draw_even_without_a_claim():
    rules = preset("changde")
    opened = unclaimed = 0
    for seed in range(20):
        for before, seat, after in held_steps(rules, seed):
            if seat is not None and before.turn == seat and not after.finished:  # a discard
                assert after.awaiting_release and after.window.kind == "discard"
                opened += 1
                unclaimed += not after.window.offers
    assert opened > 100 and unclaimed > 50  # most discards nobody may claim: a window all the same


def test_r7_held_window_json_round_trips_and_every_invariant_holds():
    for variant in VARIANTS:
        rules = preset(variant)
        for players in rules.player_counts:
            played = random_hand(rules, 77, 0, players, check=violation, held=True)
            again = HandState.from_json(played.state.to_json())
            assert again == played.state and again.held


def test_r7_held_window_a_decision_before_the_release_takes_effect_at_the_release():
    rules = preset("changde")
    for seed in range(200):
        for before, seat, after in held_steps(rules, seed):
            if seat is None or before.turn == seat or after.window is None:
                continue
            action = after.window.decisions[-1][1]
            if action.verb not in ("peng", "chi") or after.to_act:
                continue
            # the take is recorded but nothing moved yet: the same tables, hands and card up
            assert (after.tables, after.hands, after.turn) == (before.tables, before.hands, None)
            assert after.awaiting_release and after.private_moves == before.private_moves + 1
            assert after.public_move_no == before.public_move_no
            released, events = release(after)
            assert released.tables[seat] != before.tables[seat] and events[0].move == action.verb
            assert released.public_move_no == before.public_move_no + 1
            return
    pytest.fail("no take before a release in 200 hands")


@pytest.mark.parametrize("variant", VARIANTS)
def test_r7_held_window_other_seats_views_never_change_on_a_private_step(variant):
    """With or without a claim, a seat not asked sees the same thing from the card's appearance to its
    release: a private step (a decision before the release) changes nothing in its view."""
    rules = preset(variant)
    private = 0
    for seed in range(25):
        for before, seat, after in held_steps(rules, seed, early=0.3):
            if after.private_moves == before.private_moves:
                continue
            private += 1
            for other in before.order:
                if other != seat and other not in before.to_act:
                    assert seat_view(after, other) == seat_view(before, other)
    assert private > 20


def test_r7_held_window_public_move_number_counts_one_per_card_whoever_could_claim():
    """Each held window costs the public move number exactly one step at its end, however many seats
    decided in it: the number the pages see never tells that a decision was made."""
    rules = preset("changde")
    resolved = 0
    for seed in range(30):
        opened_at = 0  # the deal's window (the shown card) opens at move 0
        for before, seat, after in held_steps(rules, seed, early=0.3):
            if _key(before) is not None and _key(after) != _key(before) and not after.finished:
                assert after.public_move_no == opened_at + 1
                resolved += 1
            if _key(after) is not None and _key(after) != _key(before):
                opened_at = after.public_move_no
    assert resolved > 500


def _key(state: HandState):
    w = state.window
    return w and (w.kind, w.card, w.owner)


def test_r7_held_window_release_is_refused_when_nothing_is_held():
    state, _ = deal(preset("changde"), seed=3, dealer=0)  # not held
    with pytest.raises(ValueError):
        release(state)
    held, _ = deal(preset("changde"), seed=3, dealer=0, held=True)
    once, _ = release(held)
    if not once.awaiting_release:
        with pytest.raises(ValueError):
            release(once)


def _outcome(state: HandState):
    return (state.result, state.hands, state.tables, state.piles, state.passed, state.passed_hu,
            state.skipped_peng, state.stock)


@pytest.mark.parametrize("variant", VARIANTS)
def test_r7_held_window_hands_end_as_with_it_off_for_the_same_decisions(variant):
    """Property over many random hands: the same decisions give the same hand with the window held,
    whenever the releases come (after the decisions, or early while a seat is still asked)."""
    rules = preset(variant)
    for seed in range(150):
        players = rules.player_counts[seed % len(rules.player_counts)]
        off = random_hand(rules, seed, seed % players, players, hu_first=seed % 2 == 0)
        on = random_hand(rules, seed, seed % players, players, hu_first=seed % 2 == 0, held=True)
        assert on.log == off.log and _outcome(on.state) == _outcome(off.state)
        assert on.events == off.events
        early = _replay_with_early_releases(rules, seed, seed % players, players, off.log)
        assert _outcome(early) == _outcome(off.state)
        assert replay(rules, seed, seed % players, players, off.log, held=True).state == on.state


def _replay_with_early_releases(rules, seed, dealer, players, log) -> HandState:
    rng = random.Random(seed)
    state, _ = deal(rules, seed=seed, dealer=dealer, players=players, held=True)
    for seat, action in log:
        while state.awaiting_release and (not state.to_act or rng.random() < 0.5):
            state, _ = release(state)
        state, _ = apply(state, seat, action)
    while state.awaiting_release:
        state, _ = release(state)
    return state

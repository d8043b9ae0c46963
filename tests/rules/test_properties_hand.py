"""Properties of random hands for every variant and table size (R1, R2, R3, R5–R7, R9).

Sized for CI: a few hundred random hands per variant with the cheap invariants after every move and a
replay of each hand, a few dozen with every invariant (JSON round trip, hidden cards), and hypothesis
over seeds. Thousands more run by hand: `python -m games.rules.cli simulate --check --hands 2000`.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.checks import basic_violation, random_hand, replay, scrambled, violation
from games.rules.claims import GROUPS_WITH, chi_completions
from games.rules.hand import Action, IllegalAction, apply, deal, is_legal, legal_actions
from games.rules.variants import PRESETS, preset
from games.rules.views import event_view, seat_view

VARIANTS = sorted(PRESETS)
TABLES = [(v, n) for v in VARIANTS for n in preset(v).player_counts]


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_hands_conserve_cards_always_have_an_actor_and_replay_from_the_seed(variant):
    rules = preset(variant)
    outcomes = set()
    for seed in range(300):
        dealer = seed % 3
        played = random_hand(rules, seed, dealer, 3, check=basic_violation, hu_first=seed % 2 == 0)
        assert replay(rules, seed, dealer, 3, played.log) == played  # the same state and events
        outcomes.add(played.state.result["winner"] is None)
    assert outcomes == {True, False}  # both wins and drawn hands were played


@pytest.mark.parametrize("variant,players", TABLES)
def test_every_invariant_after_every_move(variant, players):
    rules = preset(variant)
    for seed in range(8):
        random_hand(rules, 1000 + seed, seed % players, players, check=violation, hu_first=seed % 2 == 0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2 ** 64 - 1), table=st.sampled_from(TABLES))
def test_every_invariant_for_any_seed(seed, table):
    variant, players = table
    random_hand(preset(variant), seed, seed % players, players, check=violation, hu_first=seed % 2 == 0)


def test_event_views_never_show_another_seats_draw_or_face_down_cards():
    rules = preset("changde")
    seen = set()
    for seed in range(40):
        for e in random_hand(rules, seed).events:
            for viewer in {0, 1, 2, None} - {e.seat}:
                view = event_view(e, viewer)
                if e.move in ("draw", "wei"):
                    assert view["cards"] == ""
                elif e.move in ("ti", "chouwei"):
                    assert len(view["cards"]) == 1
            seen.add(e.move)
    assert {"draw", "wei", "show", "discard", "chi"} <= seen


def test_scrambling_what_a_seat_cannot_see_changes_what_the_engine_holds():
    # The hidden-card check is only meaningful if scrambling really changes the hidden cards.
    state, _ = deal(preset("changde"), seed=7, dealer=0)
    other = scrambled(state, 0)
    assert other.hands[0] == state.hands[0] and other != state
    assert seat_view(other, 0) == seat_view(state, 0)
    assert seat_view(other, 1) != seat_view(state, 1)  # seat 1's own hand was shuffled


def test_every_refusal_is_an_illegal_action_with_a_reason_and_agrees_with_legal_actions():
    rules = preset("luzhou_redblack")  # discard wins too
    for seed in range(6):
        state, _ = deal(rules, seed=seed, dealer=0)
        for seat, action in random_hand(rules, seed).log:
            card = state.window.card if state.window else 0
            tries = [Action.discard(k) for k in range(20)] + [Action("hu"), Action("peng"), Action("pass")]
            tries += [Action.chi(g) for g in GROUPS_WITH[card]] + list(chi_completions(state.hands[1], card))
            for who in range(state.players):
                legal = legal_actions(state, who)
                for a in tries:
                    assert is_legal(state, who, a) == (a in legal)
                    if a not in legal:
                        with pytest.raises(IllegalAction, match=r"\w"):
                            apply(state, who, a)
            state, _ = apply(state, seat, action)

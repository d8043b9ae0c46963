"""The Paohuzi rules engine (docs/rules.md): the one door into it. Pure Python: nothing below this package
imports Django, and nothing outside it imports its modules (tests/test_import_boundaries.py).

    from games.rules import Action, apply, deal, legal_actions, new_seed, preset, seat_view
    state, events = deal(preset("changde"), seed=new_seed(), dealer=0)
    seat = state.to_act[0]                      # the seats that must decide now
    state, events = apply(state, seat, legal_actions(state, seat)[0])   # a new state; never mutates
    seat_view(state, seat)                      # what that seat may see (hidden cards stay hidden)

A move the rules do not allow now raises IllegalAction, a malformed one InvalidAction; both carry a
stable `code` and `params` (cards, seats) that the web layer translates, and English text for the CLI.
`evaluate` scores holdings (Win or NoWin with `why`); a RuleSet is every regional parameter.
"""
from . import cards
from .actions import Action, Event, IllegalAction, InvalidAction
from .cards import CardError
from .checks import random_hand, replay
from .claims import chi_table_group, chi_used
from .cli_score import BadInput, parse_request, table_group
from .deal import split_deck
from .fair import FairError, client_seed_clean, commitment_of, deal_seed_of, deal_verify, server_seed_new
from .groups import FOUR_SAME, Group, GroupError, HuxiTable, Kind, chi_groups_with
from .hand import apply, deal, is_legal, legal_actions, new_seed, next_dealer, play_out, release, setup
from .hints import Hints, WinningCard, seat_hints, unseen_copies, winning_cards
from .sampling import determinized, seat_score
from .scoring import NoWin, Source, Win, evaluate, score_split
from .state import HandState, owes_discard, table_huxi
from .variants import PATTERN_CODES, PRESETS, PatternSpec, RuleSet, RuleSetError, parse_player_counts, preset
from .views import event_view, group_view, public_view, seat_view

__all__ = [
    "Action", "BadInput", "CardError", "Event", "FOUR_SAME", "FairError", "Group", "GroupError", "HandState",
    "Hints", "HuxiTable", "IllegalAction", "InvalidAction", "Kind", "NoWin", "PATTERN_CODES", "PRESETS",
    "PatternSpec", "RuleSet", "RuleSetError", "Source", "Win", "WinningCard", "apply", "cards",
    "chi_groups_with", "chi_table_group", "chi_used", "client_seed_clean", "commitment_of", "deal",
    "deal_seed_of", "deal_verify", "determinized", "evaluate", "event_view", "group_view", "is_legal", "legal_actions",
    "new_seed", "next_dealer", "owes_discard", "parse_player_counts", "parse_request", "play_out", "preset",
    "public_view", "random_hand", "release", "replay", "score_split", "seat_hints", "seat_score", "seat_view",
    "server_seed_new", "setup", "split_deck", "table_group", "table_huxi", "unseen_copies", "winning_cards",
]

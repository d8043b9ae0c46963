"""A series of hands at one table: who deals next (R2)."""
from __future__ import annotations

from .variants import RuleSet


def next_dealer(rules: RuleSet, players: int, dealer: int, winner: int | None,
                drawn_in_row: int) -> tuple[int, int]:
    """(next dealer, drawn hands in a row). The winner deals next; after a drawn hand (荒庄) the dealer
    stays, until `rules.drawn_hands_to_rotate` drawn hands in a row pass the deal to his 下家.
    (A player leaving starts a new series: the caller draws a dealer at random.)"""
    if winner is not None:
        return winner, 0
    drawn_in_row += 1
    if drawn_in_row >= rules.drawn_hands_to_rotate:
        return (dealer + 1) % players, 0
    return dealer, drawn_in_row

"""The deal and the start of a hand (R2, R5.1, R9)."""
from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from . import cards as C
from . import scoring
from .groups import Kind
from .state import SHOWN, HandState, order_of
from .turns import Play
from .variants import RuleSet, interned


class SetupError(ValueError):
    """Hands, stock and removed cards that are not a table this variant can play."""


SEED_BITS = 128


def new_seed() -> int:
    """A fresh secret seed for one hand's shuffle (R2: cryptographically secure). Each hand's shuffle
    is a fresh generator keyed by all 128 bits, so the deal is as hard to guess as the seed and a
    player's 20 or 21 cards are far too little to recover it; the seed then replays the hand."""
    return secrets.randbits(SEED_BITS)


_DECK = tuple(C.deck())
# shuffled_deck's steps, last card first: (index, bound of the draw, its bit length), made once.
_DRAWS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(_DECK) - 1, 0, -1))


def shuffled_deck(seed: int) -> list[int]:
    """The 80 cards in kind order shuffled by the seed: the order they are dealt in (R2). This is
    random.Random(seed).shuffle (fair.py names it), in one loop: CPython's Fisher–Yates from the last
    card down, each index drawn as its _randbelow draws it (getrandbits of the bound's bit length until
    below the bound), a Python call less per card on every deal. A test holds it to random.shuffle."""
    deck = list(_DECK)
    getrandbits = random.Random(seed).getrandbits
    for i, n, k in _DRAWS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(rules: RuleSet, *, seed: int, dealer: int, players: int = 3, held: bool = False):
    """Shuffle by the seed, deal (R2: dealer 21, the others 20, stock 19, at 2 players 20 removed
    unseen, at 4 the seat opposite the dealer sits out) and run the start of the hand. `held`: every
    claim window waits for a release (claim privacy, state.py)."""
    play = dealt(rules, seed=seed, dealer=dealer, players=players, held=held)
    return play.freeze(), play.events


def dealt(rules: RuleSet, *, seed: int, dealer: int, players: int = 3, held: bool = False) -> Play:
    """deal's hand as the turn loop's working copy (hand.play_out), for self-play: no state to freeze."""
    if players not in rules.player_counts:
        raise SetupError(f"{rules.name} is played by {' or '.join(map(str, rules.player_counts))} players")
    hands, stock, removed = split_deck(shuffled_deck(seed), dealer=dealer, players=players)
    return _begun(rules, dealer, hands, stock, removed, held)  # a shuffled deck needs no checking


def split_deck(deck: Sequence[int], *, dealer: int, players: int):
    """R2: the shuffled cards dealt from the front, seats in turn order from the dealer (21 to the dealer,
    20 to each other seat that plays), then 19 to the stock, the rest removed unseen: (hands, stock, removed)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for seat in order_of(players, dealer):
        n = 21 if seat == dealer else 20
        hands[seat], pos = list(deck[pos:pos + n]), pos + n
    return hands, list(deck[pos:pos + 19]), list(deck[pos + 19:])


def setup(rules: RuleSet, *, dealer: int, hands: Sequence[Sequence[int]], stock: Sequence[int],
          removed: Sequence[int] = (), held: bool = False):
    """Any partition of the 80 cards; the dealer's last card is the shown card (亮张). Runs the start
    of the hand and returns (state, events)."""
    players = len(hands)
    if players not in rules.player_counts:
        raise SetupError(f"{rules.name} is played by {' or '.join(map(str, rules.player_counts))} "
                         f"players, not {players}")
    if not 0 <= dealer < players:
        raise SetupError(f"the dealer must be a seat from 0 to {players - 1}")
    everything = [k for h in hands for k in h] + list(stock) + list(removed)
    if C.counts(everything) != [C.COPIES] * 20:
        raise SetupError(f"hands, stock and removed cards must hold each card exactly {C.COPIES} times "
                         f"(80 cards); they hold {len(everything)}: "
                         + ", ".join(f"{C.char(k)}×{n}" for k, n in enumerate(C.counts(everything))
                                     if n != C.COPIES))
    if not hands[dealer]:
        raise SetupError("the dealer needs cards: the last one is the shown card")
    if players == 4 and hands[(dealer + 2) % 4]:
        raise SetupError("at 4 players the seat opposite the dealer sits out: give it no cards")
    play = _begun(rules, dealer, hands, stock, removed, held)
    return play.freeze(), play.events


def _begun(rules: RuleSet, dealer: int, hands, stock, removed, held: bool) -> Play:
    """The hand after its start, from a checked partition (setup's work after its checks)."""
    players = len(hands)
    empty = ((),) * players
    state = HandState(
        rules=interned(rules), dealer=dealer, hands=tuple(tuple(C.counts(h)) for h in hands), tables=empty,
        piles=empty, stock=tuple(stock), removed=tuple(removed), shown=hands[dealer][-1],
        passed=(0,) * players, discarded=(0,) * players, passed_hu=empty, held=held)
    play = Play(state)
    play.emit(dealer, "show", (play.shown,))
    _start(play)
    return play


def _start(play: Play) -> None:
    """R9.1 mandatory heavenly hu (dealer, 下家, 上家), then R5.1 start ti, then R9.3 the shown card."""
    for seat in play.order:
        hand = play.hands[seat]
        if hand.count(4) >= 3 or hand.count(3) + hand.count(4) >= 5:
            won = scoring.evaluate(play.rules, (), C.from_counts(hand), None, None, heavenly=True)
            if isinstance(won, scoring.Win):
                return play.finish(seat, won, None, "heavenly")
    for seat in play.order:
        hand = play.hands[seat]
        if 4 in hand:
            for k in C.KINDS:
                if hand[k] == 4:
                    play.remove(seat, (k,) * 4)
                    play.lay(seat, Kind.TI, (k,) * 4)
    play.open(SHOWN, play.shown, play.dealer)

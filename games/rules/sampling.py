"""Determinization: a whole hand state consistent with what one seat sees (its `seat_view`), the cards
hidden from it dealt at random from those it has not seen. A search bot plays candidate moves out on
such samples; it never reads the real state's hidden cards (docs/design.md#bots-and-their-levels).

What a view does not say is filled the plainest way: other seats' hands, the stock, removed cards and
the card of a face-down wei are sampled; other seats' passed cards and passed hu are unknown (none);
the kinds another seat discarded are read from its pile (a shown draw nobody took counts too); the
seat's own are left out (its pile would bar a shown draw's kind too, and its legal moves are in the
view: a sample must allow every one of them). Samples that
contradict the view are refused: a hidden hand of four alike (it would have been ti'd), or a seat that
could pao the card in flight (the seat asked would not have been asked to peng or chi).
"""
from __future__ import annotations

import random
from dataclasses import replace

from . import cards as C
from . import claims
from .groups import Group, Kind
from .state import HandState, Window, order_of
from .variants import RuleSet, interned

STOCK_AT_DEAL = 19  # R2: whatever the number of players
TRIES = 20  # samples drawn before giving up on a view (each is refused only on a contradiction)


def determinized(rules: RuleSet, view: dict, rng: random.Random) -> HandState | None:
    """A state consistent with `view` (seat_view of an unfinished hand), or None when TRIES samples
    all contradicted it."""
    for _ in range(TRIES):
        state = _sample(rules, view, rng)
        if state is not None:
            return state
    return None


def _sample(rules: RuleSet, view: dict, rng: random.Random) -> HandState | None:
    seat, players = view["seat"], view["players"]
    own = C.counts(C.parse(view["hand"]))
    unseen = [C.COPIES - n for n in own]
    tables: list[list] = []
    unknown_wei: list[tuple[int, int]] = []  # (seat, index in its table)
    for s, groups in enumerate(view["tables"]):
        row = []
        for g in groups:
            kind, shown = Kind(g["kind"]), C.parse(g["cards"])
            if g["down"] and (s != seat):
                if not shown:  # a wei: three face down, its card unknown
                    unknown_wei.append((s, len(row)))
                    row.append(None)
                    continue
                cards = (shown[0],) * (4 if kind == Kind.TI else 3)
            else:
                cards = tuple(shown)
            for k in cards:
                unseen[k] -= 1
            row.append(Group(kind, tuple(sorted(cards))))
        tables.append(row)
    piles = [tuple(C.parse(p)) for p in view["piles"]]
    for p in piles:
        for k in p:
            unseen[k] -= 1
    current = view["current"]
    card = C.parse_card(current["card"]) if current else None
    if card is not None:
        unseen[card] -= 1
    if any(n < 0 for n in unseen):
        raise ValueError("the view shows more than four copies of a card")
    for s, i in unknown_wei:  # a kind of which three copies are unseen
        kinds = [k for k in C.KINDS if unseen[k] >= 3]
        if not kinds:
            return None
        k = rng.choice(kinds)
        unseen[k] -= 3
        tables[s][i] = Group(Kind.WEI, (k,) * 3)
    pool = [k for k in C.KINDS for _ in range(unseen[k])]
    rng.shuffle(pool)
    hands = []
    for s in range(players):
        if s == seat:
            hands.append(tuple(own))
            continue
        n = view["hand_sizes"][s]
        hand, pool = C.counts(pool[:n]), pool[n:]
        if 4 in hand or (card is not None and hand[card] == 3 and s != current["from"]):
            return None
        hands.append(tuple(hand))
    stock_left = view["stock_left"]
    stock, removed = tuple(pool[:stock_left]), tuple(pool[stock_left:])
    passed = [0] * players
    passed[seat] = sum(1 << k for k in set(C.parse(view["passed"])))
    dealer = view["dealer"]
    state = HandState(
        rules=interned(rules), dealer=dealer, hands=tuple(hands), tables=tuple(tuple(t) for t in tables),
        piles=tuple(piles), stock=stock, removed=removed,
        shown=None if view["shown_card"] is None else C.parse_card(view["shown_card"]),
        passed=tuple(passed), discarded=tuple(0 if s == seat else sum(1 << k for k in set(p))
                                               for s, p in enumerate(piles)),
        passed_hu=((),) * players, draws=STOCK_AT_DEAL - stock_left, turn=view["turn"],
        move_no=view["move_no"])
    if current is None:
        return state
    owner, kind = current["from"], current["how"]
    last = kind == "draw" and not stock_left
    earthly = kind == "discard" and owner == dealer and state.draws == 0
    offers = claims.offers(state, kind, card, owner)
    if any(claim == "pao" for _, claim in offers):
        return None
    window = Window(kind, card, owner, offers, (), last, earthly)
    return replace(state, window=window)


def seat_score(result: dict | None, seat: int, players: int, dealer: int) -> int:
    """What the hand's result is worth to `seat` in points: the winner is paid the base by every other
    seat dealt in (money.settlement.payments, uncapped), each of them pays it; a drawn hand is 0."""
    if not result or result.get("winner") is None:
        return 0
    active = len(order_of(players, dealer))
    return result["base"] * (active - 1) if result["winner"] == seat else -result["base"]

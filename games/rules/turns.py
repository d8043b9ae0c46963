"""The turn loop (R5, R6, R7): discard → claims → draw → forced ti/wei → claims …

`Play` is a mutable working copy of a HandState. `apply` thaws the state, runs one decision and every
forced step after it until a seat must decide again (or the hand ends), and freezes the result.
Thawing and freezing run on every apply, and a move changes a few rows only, so tables stay the
state's tuples until written (see thawed); piles are lists from the start (most moves add to one).
A hand is a `bytes` of its counts, replaced when cards leave it (Play.remove): a hand is read far
more often than written (every claim test reads each seat's hand), and a bytes is read like the
state's tuple, hashes once for the caches keyed on it (prechecks) and is its own key
(`bytes(hand) is hand`). Its prechecks.Facts are kept beside it (facts): every claim test reads them.
"""
from __future__ import annotations

import json

from . import cards as C
from . import claims
from .prechecks import hand_facts
from .actions import Action, Event
from .groups import KIND_TEXT, THREE_SAME, WEI_KINDS, Group, Kind
from .state import (DISCARD, DRAW, TIWEI, HandState, Window, claim_ranks, next_seat, owes_discard, table_huxi,
                    table_threes, threes_of, to_act_of)


_PENG = Kind.PENG  # bound once (groups.WEI_KINDS says why)
_event = tuple.__new__  # a named tuple's own __new__ is a Python function; every move emits a few events


def thawed(rows: list, i: int) -> list:
    """Row i of a working copy as a list to write to: the frozen state's tuple is copied on first write."""
    row = rows[i]
    if type(row) is tuple:
        row = rows[i] = list(row)
    return row


_ALL_PASSED = (None, None, None)
_TAKES = frozenset(("peng", "chi"))  # the claims a pass passes a card on (R6.4)


def _taker(offers, decisions) -> tuple | None:
    """A window's outcome (R5.5, R7.3): (seat, claim, action) of the best claim once no better one can
    still come, (seat, "pao", None) for a forced pao, _ALL_PASSED when nobody takes the card, or None
    while a seat that could still take it has to decide."""
    decided = dict(decisions)
    for seat, claim in offers:
        if claim == "pao":
            return seat, claim, None
        action = decided.get(seat)
        if action is None:
            return None
        if action.verb == claim:
            return seat, claim, action
    return _ALL_PASSED


class Play:
    def __init__(self, s: HandState):
        self.rules, self.dealer, self.order = s.rules, s.dealer, s.order
        self.after = {seat: next_seat(self.order, seat) for seat in self.order}  # each seat's 下家
        self.claim_ranks = claim_ranks(self.order, self.rules.discard_win)  # as HandState.claim_ranks
        self.hands = list(map(bytes, s.hands))
        self.facts = list(map(hand_facts, self.hands))  # each hand's prechecks.Facts, kept by remove
        self.tables, self.piles = list(s.tables), list(map(list, s.piles))  # a pile grows most moves
        threes = [table_threes(t) for t in s.tables]  # kept as groups are laid (lay): read on every card
        self.pengs, self.weis = [p for p, _ in threes], [w for _, w in threes]
        self.threes = threes_of(self.hands, self.pengs, self.weis)  # kept with them (lay)
        self.stock = s.stock
        self.removed, self.shown = s.removed, s.shown
        self.passed, self.discarded = list(s.passed), list(s.discarded)
        self.passed_hu, self.skipped_peng = list(s.passed_hu), s.skipped_peng
        self.draws, self.turn, self.window = s.draws, s.turn, s.window
        self.move_no, self.result = s.move_no, s.result
        self.held, self.private_moves = s.held, s.private_moves
        self.opened = 0  # windows opened by this step (none: a held window's step left it open)
        self.events: list[Event] = []

    # As HandState.to_act, so legal_actions reads a working copy too (a playout, see play_out); the
    # function itself as the getter: self-play reads it on every move.
    to_act = property(to_act_of)

    def freeze(self) -> HandState:
        return HandState(
            rules=self.rules, dealer=self.dealer,
            hands=tuple(map(tuple, self.hands)), tables=tuple(map(tuple, self.tables)),
            piles=tuple(map(tuple, self.piles)), stock=self.stock, removed=self.removed,
            shown=self.shown, passed=tuple(self.passed), discarded=tuple(self.discarded),
            passed_hu=tuple(self.passed_hu), skipped_peng=self.skipped_peng, draws=self.draws, turn=self.turn, window=self.window,
            move_no=self.move_no, result=self.result, held=self.held, private_moves=self.private_moves)

    def step(self, seat: int, action: Action) -> None:
        """One legal decision (apply checked it) and every forced step after it: a move."""
        self.move_no += 1
        if action.verb == "discard":
            self.discard(seat, action.card)
        else:
            self.decide(seat, action)

    # --- small facts -------------------------------------------------------------------------
    def remove(self, seat: int, cards) -> None:
        """Take cards out of the seat's hand (a copy per item of `cards`)."""
        hand = bytearray(self.hands[seat])
        for k in cards:
            hand[k] -= 1
        self.hands[seat] = hand = bytes(hand)
        self.facts[seat] = hand_facts(hand)

    def emit(self, seat: int | None, move: str, cards: tuple[int, ...] = ()) -> None:
        self.events.append(_event(Event, (seat, move, cards)))  # Event(seat, move, cards), in C

    def table_huxi(self, seat: int) -> int:
        return table_huxi(self.rules, self.tables[seat])

    def lay(self, seat: int, kind: Kind, cards, replacing: tuple[Kind, ...] = ()) -> Group:
        """Put a group on the seat's table, in place of its group of a `replacing` kind for that card."""
        group = Group(kind, tuple(sorted(cards)))
        table = thawed(self.tables, seat)
        for i, g in enumerate(table):
            if g.kind in replacing and g.cards[0] == group.cards[0]:
                table[i] = group
                break
        else:
            table.append(group)
        bit = 1 << group.cards[0]
        if kind == _PENG:
            self.pengs[seat] |= bit
            self.threes |= bit
        elif kind in WEI_KINDS:
            self.weis[seat] |= bit
            self.threes |= bit
        else:  # a pao or ti, in place of a peng or wei of the card if there was one
            self.pengs[seat] &= ~bit
            self.weis[seat] &= ~bit
        self.emit(seat, KIND_TEXT[kind], group.cards)
        return group

    # --- the loop ----------------------------------------------------------------------------
    def after_take(self, seat: int) -> None:
        """After cards came in: discard if owed and possible, else the 下家 draws (R6.5)."""
        if owes_discard(self.hands[seat], self.tables[seat]) and self.facts[seat].usable:  # a card to discard
            self.turn = seat
        else:
            self.draw(self.after[seat])

    def draw(self, seat: int) -> None:
        if not self.stock:
            self.window = None
            self.result = {"winner": None, "drawn_hand": True}
            self.emit(None, "drawn_hand")
            return
        card, self.stock = self.stock[0], self.stock[1:]
        self.draws += 1
        self.events.append(_event(Event, (seat, "draw", (card,))))  # emit, inlined on the hot paths
        last = not self.stock
        hand = self.hands[seat]
        if hand[card] == 3 or (not hand[card] and self.weis[seat] >> card & 1):  # a wei: no copy in hand
            # R5.2: ti from a kan in hand or from the own wei
            self.remove(seat, (card,) * hand[card])
            self.lay(seat, Kind.TI, (card,) * 4, replacing=WEI_KINDS)
        elif hand[card] == 2:  # R5.4: forced wei; chou-wei on a passed card (R6.4)
            self.remove(seat, (card, card))
            self.lay(seat, Kind.CHOUWEI if self.passed[seat] >> card & 1 else Kind.WEI, (card,) * 3)
        else:
            self.events.append(_event(Event, (seat, "show", (card,))))
            self.open(DRAW, card, seat, last=last)
            return
        self.open(TIWEI, card, seat, last=last)

    def discard(self, seat: int, card: int) -> None:
        earthly = seat == self.dealer and self.draws == 0 and not self.discarded[seat]
        self.remove(seat, (card,))
        self.discarded[seat] |= 1 << card
        self.turn = None
        self.events.append(_event(Event, (seat, "discard", (card,))))
        self.open(DISCARD, card, seat, earthly=earthly)

    def open(self, kind: str, card: int, owner: int, last: bool = False, earthly: bool = False) -> None:
        offers = claims.offers(self, kind, card, owner)
        if not offers and not self.held:  # nobody may claim: the common case, no window to build
            return self.go_on(kind, card, owner)
        self.opened += 1  # held: a window even when nobody may claim, so the table cannot tell (R3)
        if not self.held and offers[0][1] == "pao":  # resolve()'s first step: a forced pao goes at once
            return self.pao(offers[0][0], card)
        self.window = Window(kind, card, owner, offers, (), last, earthly, self.held)  # it waits for a seat

    def decide(self, seat: int, action: Action) -> None:
        """One seat's single decision on the window's card (R7.6), with what declining costs it."""
        w = self.window
        mine = w.live(seat)  # a claim below a decided take is moot: declining it costs nothing (R6.4)
        if "hu" in mine and action.verb != "hu":  # R7.4 passed hu
            entries = [e for e in self.passed_hu[seat] if e[0] != w.card]
            self.passed_hu[seat] = tuple(sorted(entries + [(w.card, self.table_huxi(seat))]))
        if "peng" in mine and action.verb not in ("peng", "hu"):  # R10.3 有碰不碰
            self.skipped_peng |= 1 << seat
        if action.verb == "pass" and not _TAKES.isdisjoint(mine):  # R6.4 passed card
            self.passed[seat] |= 1 << w.card
        decisions = w.decisions + ((seat, action),)
        taker = None if w.held else _taker(w.offers, decisions)
        if taker is None or taker[1] == "hu":  # the window stays open, or the hand ends on it: its state
            self.window = Window(w.kind, w.card, w.owner, w.offers, decisions, w.last, w.earthly, w.held)
        self.resolve_as(taker)  # else the window closes: its card (all a take reads of it) is the same

    def release(self) -> None:
        """The held window may resolve now: at once when every asked seat has decided, else at the
        last decision (claim privacy: the next step never comes before the window's fixed time)."""
        w = self.window
        self.window = Window(w.kind, w.card, w.owner, w.offers, w.decisions, w.last, w.earthly)
        self.resolve()

    def resolve(self) -> None:
        """Take the best claim once no better one can still come (R5.5, R7.3); if all pass, go on."""
        w = self.window
        if not w.held:  # a forced pao waits too: an immediate one would tell that nobody could hu
            self.resolve_as(_taker(w.offers, w.decisions))

    def resolve_as(self, taker: tuple | None) -> None:
        """Play the window's outcome (_taker): None leaves it open."""
        if taker is None:
            return
        seat, claim, action = taker
        w = self.window
        if claim == "pao":
            self.pao(seat, w.card)
        elif claim is None:
            self.go_on(w.kind, w.card, w.owner)
        else:
            self.take(seat, action)

    def go_on(self, kind: str, card: int, owner: int) -> None:
        """Nobody takes the card: it joins its owner's pile and the 下家 draws, or after a ti/wei or
        the shown card the owner goes on (R6.5)."""
        self.window = None
        if kind in (DISCARD, DRAW):  # Window.in_flight
            self.piles[owner].append(card)
            self.draw(self.after[owner])
        else:
            self.after_take(owner)

    def pao(self, seat: int, card: int) -> None:
        """R5.3: forced; after the first pao/ti a discard follows, after 八块 the 下家 draws (R6.5)."""
        self.window = None
        self.remove(seat, (card,) * self.hands[seat][card])
        self.lay(seat, Kind.PAO, (card,) * 4, replacing=THREE_SAME)
        self.after_take(seat)

    def take(self, seat: int, action: Action) -> None:
        w = self.window
        if action.verb == "hu":
            return self.win(seat)
        self.window = None
        if action.verb == "peng":
            self.remove(seat, (w.card, w.card))
            self.lay(seat, Kind.PENG, (w.card,) * 3)
        else:
            self.remove(seat, claims.chi_used(action, w.card))
            for i, g in enumerate(action.groups):
                group = claims.CHI_TABLE_GROUP[g]
                thawed(self.tables, seat).append(group)
                self.emit(seat, "bi" if i else "chi", group.cards)
        self.after_take(seat)

    def win(self, seat: int) -> None:
        w = self.window
        won = claims.judge(self, seat, w.kind, w.card, w.owner, w.last, w.earthly)
        _, source = claims.hu_source(w.kind, seat, w.owner, w.card)
        self.finish(seat, won, w.card, source)

    def finish(self, seat: int, won, card: int | None, source: str | None) -> None:
        self.turn = None
        self.result = json.loads(json.dumps(
            {"winner": seat, "card": None if card is None else C.char(card), "source": source,
             **won.to_dict()}, ensure_ascii=False))
        self.emit(seat, "hu", () if card is None else (card,))

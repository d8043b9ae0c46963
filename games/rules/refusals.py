"""Why a well-formed action is not allowed now, in words a player understands.

Legality itself is hand.legal_actions; this only explains a refusal, so it may stop at the first reason.
"""
from __future__ import annotations

from . import cards as C
from . import claims
from .actions import Action
from .state import DISCARD, DRAW, SHOWN, TIWEI, HandState


def explain(state: HandState, seat: int, action: Action) -> str:
    if not 0 <= seat < state.players:
        return f"there is no seat {seat} at this table"
    if state.finished:
        return "the hand is over"
    if state.turn is not None:
        return _discard_turn(state, seat, action)
    w = state.window
    if seat in dict(w.decisions):
        return f"you already decided on this {C.char(w.card)}"
    if action.verb == "discard":
        return f"you cannot discard now: {C.char(w.card)} is waiting for claims"
    mine = {c for s, c in w.offers if s == seat}
    if mine and (seat not in state.to_act or action.verb in mine - w.live(seat)):
        return f"a better claim on {C.char(w.card)} has been made: yours can no longer be met"
    reason = _claim(state, seat, action)
    if reason:
        return reason
    if seat not in state.to_act:
        return f"you have nothing to decide on this {C.char(w.card)}"
    return f"{action.text} is not allowed now"


def _discard_turn(state: HandState, seat: int, action: Action) -> str:
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to discard"
    if action.verb != "discard":
        return "you must discard a card now"
    n, ch = state.hands[seat][action.card], C.char(action.card)
    if n == 0:
        return f"you do not hold {ch}"
    return f"{ch} is part of a kan (three of a kind in hand), which can never be discarded"


def _claim(state: HandState, seat: int, action: Action) -> str | None:
    w = state.window
    ch = C.char(w.card)
    if action.verb == "hu":
        return _hu(state, seat)
    if action.verb == "pass":
        return None
    if w.kind == TIWEI:
        return "nobody may take a card that was ti'd or wei'd"
    if w.kind == SHOWN:
        return "the shown card stays in the dealer's hand: it can only be won on"
    pao_seat = next((s for s, c in w.offers if c == "pao"), None)
    if pao_seat == seat:
        return f"{ch} makes your pao, which comes before peng and chi"
    if pao_seat is not None:  # another seat's hidden kan or wei: say nothing of it (R3)
        return f"you cannot take {ch} now"
    if seat == w.owner and action.verb == "peng":
        return f"you cannot peng your own {'discard' if w.kind == DISCARD else 'draw'}"
    if seat == w.owner and w.kind == DISCARD:
        return "you cannot take your own discard"
    why = claims.forbidden(state, seat, w.card)
    if why:
        return why
    if action.verb == "peng":
        return _peng(state, seat)
    return _chi(state, seat, action)


def _hu(state: HandState, seat: int) -> str:
    w = state.window
    ch = C.char(w.card)
    if w.kind == TIWEI and seat != w.owner:
        return "nobody may win on a card that was ti'd or wei'd"
    if w.kind == DISCARD and not state.rules.discard_win:
        return "a discarded card can never be won on"
    if w.kind == DISCARD and seat == w.owner:
        return "you cannot win on your own discard"
    if claims.skipped_peng_blocks(state, seat):
        return "you declined a peng this hand, and in this variant that bars you from winning it"
    hx = claims.passed_hu_blocks(state, seat, w.card)
    if hx is not None:
        return (f"passed hu: you let a win on {ch} go at {hx} table hu-xi; you may win on {ch} again "
                "once your table hu-xi changes")
    why = getattr(claims.judge(state, seat, w.kind, w.card, w.owner, w.last, w.earthly), "why", "")
    return {
        "huxi": f"you would have fewer than {state.rules.min_huxi} hu-xi with {ch}",
        "source": f"you cannot win on {ch} from where it came",
    }.get(why, f"your cards and {ch} do not make 7 groups")


def _peng(state: HandState, seat: int) -> str:
    n, ch = state.hands[seat][state.window.card], C.char(state.window.card)
    if n == 3:
        return f"you hold a kan of {ch}: that is a pao, not a peng"
    if n != 2:
        return f"you need a pair of {ch} in hand to peng"
    return "after that peng you would owe a discard and have nothing to discard"


def _chi(state: HandState, seat: int, action: Action) -> str:
    w = state.window
    card, ch = w.card, C.char(w.card)
    takers = (w.owner, claims.next_seat(state.order, w.owner)) if w.kind == DRAW else (
        claims.next_seat(state.order, w.owner),)
    if seat not in takers:
        return ("only the drawer and the drawer's 下家 may chi a drawn card" if w.kind == DRAW
                else "only the discarder's 下家 may chi a discard")
    chi_group, *bis = action.groups
    if card not in chi_group:
        return f"the chi group {C.fmt(chi_group)} must hold the {ch} you take"
    hand = state.hands[seat]
    for k in set(claims.chi_used(action, card)):
        need = claims.chi_used(action, card).count(k)
        if hand[k] >= 3:
            return f"{C.char(k)} is part of a kan, which is never split"
        if hand[k] < need:
            return f"you do not hold {C.char(k) * need}"
    for g in bis:
        if card not in g:
            return f"the bi group {C.fmt(g)} holds no {ch}"
    used = claims.chi_used(action, card)
    if hand[card] > used.count(card):
        if any(a.groups[0] == action.groups[0] for a in claims.chi_completions(tuple(hand), card)):
            return f"you must bi {ch} as well"
        return f"your other {ch} cannot be matched (bi), so you cannot chi {ch} that way"
    return "after that chi you would owe a discard and have nothing to discard"

"""Why a well-formed action is not allowed now: an IllegalAction with a code and plain parameters.

Legality itself is hand.legal_actions; this only explains a refusal, so it may stop at the first reason.
A reason names only what the seat may see (R3): never another seat's hidden cards or claims.
"""
from __future__ import annotations

from . import cards as C
from . import claims
from .actions import Action, IllegalAction
from .state import DISCARD, DRAW, SHOWN, TIWEI, HandState, chi_seats


def explain(state: HandState, seat: int, action: Action) -> IllegalAction:
    """The refusal of an action that hand.is_legal does not allow: hand.apply raises it."""
    if not 0 <= seat < state.players:
        return IllegalAction("no_seat", seat=seat)
    if state.finished:
        return IllegalAction("hand_over")
    if state.turn is not None:
        return _discard_turn(state, seat, action)
    w = state.window
    ch = C.char(w.card)
    if seat in dict(w.decisions):
        return IllegalAction("already_decided", card=ch)
    if w.kind == TIWEI and seat != w.owner and action.verb in ("discard", "pass"):
        return IllegalAction("not_asked")  # the card of another seat's wei is hidden (R3)
    if action.verb == "discard":
        return IllegalAction("claims_pending", card=ch)
    mine = {c for s, c in w.offers if s == seat}
    if mine and (seat not in state.to_act or action.verb in mine - w.live(seat)):
        return IllegalAction("better_claim", card=ch)
    return _claim(state, seat, action) or IllegalAction("nothing_to_decide", card=ch)


def _discard_turn(state: HandState, seat: int, action: Action) -> IllegalAction:
    if seat != state.turn:
        return IllegalAction("not_your_turn", seat=state.turn)
    if action.verb != "discard":
        return IllegalAction("must_discard")
    ch = C.char(action.card)
    if state.hands[seat][action.card] == 0:
        return IllegalAction("not_held", card=ch)
    return IllegalAction("kan_card", card=ch)


def _claim(state: HandState, seat: int, action: Action) -> IllegalAction | None:
    """Why this hu, peng or chi cannot be met; None for a pass (a pass is refused only when the seat
    has nothing to decide)."""
    w = state.window
    ch = C.char(w.card)
    if action.verb == "hu":
        return _hu(state, seat)
    if action.verb == "pass":
        return None
    if w.kind == TIWEI:
        return IllegalAction("take_tiwei")
    if w.kind == SHOWN:
        return IllegalAction("take_shown")
    pao_seat = next((s for s, c in w.offers if c == "pao"), None)
    if pao_seat == seat:
        return IllegalAction("own_pao", card=ch)
    if pao_seat is not None:  # another seat's hidden kan or wei: say nothing of it (R3)
        return IllegalAction("cannot_take", card=ch)
    if seat == w.owner and action.verb == "peng":
        return IllegalAction("peng_own_discard" if w.kind == DISCARD else "peng_own_draw")
    if seat == w.owner and w.kind == DISCARD:
        return IllegalAction("take_own_discard")
    why = claims.forbidden(state, seat, w.card)
    if why:
        return IllegalAction(why, card=ch)
    if action.verb == "peng":
        return _peng(state, seat)
    return _chi(state, seat, action)


def _hu(state: HandState, seat: int) -> IllegalAction:
    w = state.window
    ch = C.char(w.card)
    if w.kind == TIWEI and seat != w.owner:
        return IllegalAction("hu_tiwei")
    if w.kind == DISCARD and not state.rules.discard_win:
        return IllegalAction("hu_discard")
    if w.kind == DISCARD and seat == w.owner:
        return IllegalAction("hu_own_discard")
    if claims.skipped_peng_blocks(state, seat):
        return IllegalAction("declined_peng_bars_hu")
    hx = claims.passed_hu_blocks(state, seat, w.card)
    if hx is not None:
        return IllegalAction("passed_hu", card=ch, huxi=hx)
    why = getattr(claims.judge(state, seat, w.kind, w.card, w.owner, w.last, w.earthly), "why", "")
    if why == "huxi":
        return IllegalAction("hu_huxi", card=ch, min_huxi=state.rules.min_huxi)
    if why == "source":  # the scorer's own R7.3 refusal: today only a discard, refused above already
        return IllegalAction("hu_source", card=ch)
    return IllegalAction("hu_shape", card=ch)


def _peng(state: HandState, seat: int) -> IllegalAction:
    """A kan of the card never gets here: it makes that seat's pao (R5.3), refused as own_pao."""
    card = state.window.card
    if state.hands[seat][card] != 2:
        return IllegalAction("peng_no_pair", card=C.char(card))
    return IllegalAction("peng_no_discard")


def _chi(state: HandState, seat: int, action: Action) -> IllegalAction:
    w = state.window
    card, ch = w.card, C.char(w.card)
    if seat not in chi_seats(state.order, w.kind, w.owner):
        return IllegalAction("chi_not_drawer_or_next" if w.kind == DRAW else "chi_not_next")
    chi_group, *bis = action.groups
    if card not in chi_group:
        return IllegalAction("chi_group_lacks_card", group=C.fmt(chi_group), card=ch)
    hand = state.hands[seat]
    used = claims.chi_used(action, card)
    for k in set(used):
        need = used.count(k)
        if hand[k] >= 3:
            return IllegalAction("chi_kan_card", card=C.char(k))
        if hand[k] < need:
            return IllegalAction("chi_not_held", cards=C.char(k) * need)
    for g in bis:
        if card not in g:
            return IllegalAction("bi_lacks_card", group=C.fmt(g), card=ch)
    if hand[card] > used.count(card):
        if any(a.groups[0] == action.groups[0] for a in claims.chi_completions(tuple(hand), card)):
            return IllegalAction("must_bi", card=ch)
        return IllegalAction("bi_impossible", card=ch)
    return IllegalAction("chi_no_discard")

"""What one seat, or a spectator, may see (R3 'shown' column): the hidden-information projection.

Hidden from a seat: the other hands, the stock and its order, the removed cards, the card of another
seat's wei (three face-down cards), the three face-down cards of a ti (one up) and the two of a
chou-wei (one up), another seat's draws that became a wei or ti, another seat's passed cards and
who else holds a claim on the current card. Once the hand is over every hand and table is shown.
"""
from __future__ import annotations

from . import cards as C
from .actions import Event
from .groups import Group, Kind
from .hand import legal_actions
from .state import HandState, mask_text

FACE_DOWN = {Kind.WEI: 3, Kind.CHOUWEI: 2, Kind.TI: 3}


def group_view(group: Group, open_: bool) -> dict:
    """A table group as a seat sees it; `down` says how many of its cards lie face down."""
    down = FACE_DOWN.get(group.kind, 0)
    if open_ or not down:
        cards = group.text
    else:
        cards = C.char(group.cards[0]) * (len(group.cards) - down)
    return {"kind": group.kind.value, "cards": cards, "down": down}


def public_view(state: HandState) -> dict:
    return _view(state, None)


def seat_view(state: HandState, seat: int) -> dict:
    view = _view(state, seat)
    view.update(
        seat=seat,
        hand=C.fmt(C.from_counts(state.hands[seat])),
        passed=mask_text(state.passed[seat]),
        to_act=seat in state.to_act,
        legal=[a.text for a in legal_actions(state, seat)],
    )
    return view


def _view(state: HandState, viewer: int | None) -> dict:
    over = state.finished
    w = state.window
    return {
        "players": state.players,
        "dealer": state.dealer,
        "order": list(state.order),
        "move_no": state.public_move_no,  # a held hand's private steps are nobody else's business
        "hand_sizes": [sum(h) for h in state.hands],
        "tables": [[group_view(g, over or s == viewer) for g in t] for s, t in enumerate(state.tables)],
        "piles": ["".join(C.char(k) for k in p) for p in state.piles],
        "stock_left": len(state.stock),
        "shown_card": None if state.shown is None else C.char(state.shown),
        "turn": state.turn,
        "claims_pending": not over and state.window is not None,  # held: whether or not anyone may claim
        "current": ({"card": C.char(w.card), "from": w.owner, "how": w.kind}
                    if w and w.in_flight else None),
        "finished": over,
        "result": state.result,
        "hands": [C.fmt(C.from_counts(h)) for h in state.hands] if over else None,
    }


def event_view(event: Event, seat: int | None) -> dict:
    """An event as `seat` sees it (None: a spectator): another seat's draw is never shown (a shown draw
    has its own `show` event), nor the face-down cards of its wei, chou-wei or ti."""
    view = event.to_dict()
    if event.seat == seat or event.seat is None:
        return view
    if event.move == "draw":
        view["cards"] = ""
    elif event.move in FACE_DOWN:
        down = FACE_DOWN[Kind(event.move)]
        view["cards"] = C.char(event.cards[0]) * (len(event.cards) - down)
        view["down"] = down
    return view

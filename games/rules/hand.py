"""The hand as a state machine: the API the web layer and the CLI use (R2, R5–R7, R9).

    state, events = deal(rules, seed=new_seed(), dealer=0)
    state.to_act                      # seats that must decide now
    legal_actions(state, seat)        # [Action, …]
    state, events = apply(state, seat, Action.parse(["chi", "四五六", "五五伍"]))

States are immutable and round-trip through JSON exactly (HandState.to_json / from_json); a hand is
reproduced from its seed and its action log.
"""
from __future__ import annotations

from .actions import Action, Event, IllegalAction, InvalidAction
from .claims import chi_choices
from .deal import SetupError, deal, new_seed, setup
from .refusals import explain
from .series import next_dealer
from .state import HandState, Window
from .turns import Play

__all__ = ["Action", "Event", "HandState", "IllegalAction", "InvalidAction", "SetupError", "Window",
           "apply", "deal", "is_legal", "legal_actions", "new_seed", "next_dealer", "play_out", "release",
           "setup"]

PASS, PENG, HU = Action("pass"), Action("peng"), Action("hu")
DISCARDS = tuple(Action.discard(k) for k in range(20))
# The discards of every set of five kinds (一…五, 六…十, 壹…伍, 陆…拾) by bitmask: a seat's discards are
# the kinds it holds once or twice (prechecks.Facts.usable), read as four such quarters.
_DISCARD_SETS = tuple(tuple(tuple(DISCARDS[base + v] for v in range(5) if mask >> v & 1) for mask in range(32))
                      for base in (0, 5, 10, 15))


def legal_actions(state: HandState, seat: int) -> list[Action]:
    """Everything this seat may do now; empty when it has nothing to decide."""
    if state.result is not None:  # `seat not in state.to_act`, read the way to_act_of reads it
        return []
    if state.turn is not None:
        if state.turn != seat:
            return []
        usable = state.facts[seat].usable  # R6.5: never a kan card
        a, b, c, d = _DISCARD_SETS
        return [*a[usable & 31], *b[usable >> 5 & 31], *c[usable >> 10 & 31], *d[usable >> 15]]
    w = state.window
    if w is None or seat not in w.waiting:
        return []
    mine = w.live(seat)
    out = [HU] if "hu" in mine else []
    if "peng" in mine:
        out.append(PENG)
    if "chi" in mine:
        out.extend(chi_choices(state, seat, w.card))
    out.append(PASS)
    return out


def is_legal(state: HandState, seat: int, action: Action) -> bool:
    """`action in legal_actions(state, seat)`, without building the list."""
    if state.turn is not None or state.result is not None:
        return (state.turn == seat and action.verb == "discard" and state.result is None
                and 0 < state.hands[seat][action.card] < 3)
    if seat not in state.to_act:
        return False
    w = state.window
    if action.verb == "pass":
        return True
    mine = w.live(seat)
    if action.verb == "chi":
        return "chi" in mine and action in chi_choices(state, seat, w.card)
    return action.verb in mine and action.verb in ("hu", "peng")


def apply(state: HandState, seat: int, action) -> tuple[HandState, list[Event]]:
    """Play one decision and every forced step after it. `action` may be an Action or its wire form.
    Raises InvalidAction (malformed) or IllegalAction (not allowed now); their code and params say why."""
    if not isinstance(action, Action):
        action = Action.parse(action)
    if not is_legal(state, seat, action):
        raise explain(state, seat, action)
    play = Play(state)
    play.step(seat, action)
    return _done(play)


def play_out(state: HandState, events: list[Event] | None = None) -> Play:
    """A working copy to play a hand on in place, for self-play and search playouts: `legal_actions`
    reads it like a state, `step` plays a legal decision (unchecked) and its forced steps, and
    `freeze` gives the HandState. `apply` would freeze and thaw the whole state on every move; a
    playout does not need the states in between. Not for held hands (their releases are the web
    layer's); events are appended to `events` when given."""
    if state.held:
        raise ValueError("a held hand is played through apply and release")
    play = Play(state)
    if events is not None:
        play.events = events
    return play


def release(state: HandState) -> tuple[HandState, list[Event]]:
    """The system's step that lets a held window resolve (claim privacy, state.py): the web layer
    applies it when the window's fixed time is up. It counts as a move; raises ValueError when no
    held window is open (a late or repeated release)."""
    if not state.awaiting_release:
        raise ValueError("no held claim window to release")
    play = Play(state)
    play.move_no += 1
    play.release()
    return _done(play)


def _done(play: Play) -> tuple[HandState, list[Event]]:
    """Freeze the step; in a held hand a step that left the same window open is private."""
    if play.held and play.window is not None and not play.opened and play.result is None:
        play.private_moves += 1
    return play.freeze(), play.events

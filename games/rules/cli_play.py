"""`python -m games.rules.cli play`: play scenarios read as JSON lines, one JSON line out per scenario.

In:  {"id": …, "variant": "changde", "dealer": 0, "hands": ["<dealer's cards, the last is shown>", …],
      "stock": "<first drawn first>", "removed": "", "actions": [[seat, verb, args…], …]}
Out: {"id": …, "events": […], "error": null | {"index": i, "message": …}, "state": {…}}
Processing stops at the first action that is not allowed; `state` is then the state before it.
A scenario that cannot be set up gives error index null and state null; never a traceback.
"""
from __future__ import annotations

import json
import sys

from . import cards as C
from .hand import HandState, IllegalAction, InvalidAction, SetupError, apply, legal_actions, setup
from .state import mask_text
from .variants import RuleSetError, preset


def add_arguments(parser) -> None:
    parser.add_argument("--pretty", action="store_true", help="indent the JSON output")


def run(args) -> int:
    for line in sys.stdin:
        if line.strip():
            out = play_line(line)
            print(json.dumps(out, ensure_ascii=False, indent=2 if args.pretty else None), flush=True)
    return 0


def play_line(line: str) -> dict:
    try:
        scenario = json.loads(line)
    except json.JSONDecodeError as e:
        return _failed(None, f"not JSON: {e}")
    if not isinstance(scenario, dict):
        return _failed(None, "a scenario is a JSON object")
    return play_scenario(scenario)


def play_scenario(sc: dict) -> dict:
    sid = sc.get("id")
    try:
        rules = preset(sc.get("variant", "changde"))
        hands = sc["hands"]
        if not isinstance(hands, list):
            raise SetupError("hands is a list of card strings, one per seat")
        state, events = setup(rules, dealer=int(sc.get("dealer", 0)), hands=[C.parse(h) for h in hands],
                              stock=C.parse(sc.get("stock", "")), removed=C.parse(sc.get("removed", "")))
    except KeyError as e:
        return _failed(sid, f"missing {e.args[0]!r}")
    except (C.CardError, SetupError, RuleSetError, TypeError, ValueError) as e:
        return _failed(sid, str(e))
    error = None
    for i, entry in enumerate(sc.get("actions", [])):
        try:
            state, more = play_entry(state, entry)
        except (InvalidAction, IllegalAction) as e:
            error = {"index": i, "message": str(e)}
            break
        events += more
    return {"id": sid, "events": [e.to_dict() for e in events], "error": error, "state": summary(state)}


def play_entry(state: HandState, entry):
    """One scenario action [seat, verb, cards…] applied: (state, events)."""
    if not isinstance(entry, list) or not entry or type(entry[0]) is not int:
        raise InvalidAction("scenario_entry")
    return apply(state, entry[0], entry[1:])


def summary(state: HandState) -> dict:
    """The whole truth of a state, in the contract's words (not a seat's view)."""
    return {
        "to_act": list(state.to_act),
        "legal": {str(s): [a.text for a in legal_actions(state, s)] for s in state.to_act},
        "hands": [C.fmt(C.from_counts(h)) for h in state.hands],
        "table": [[[g.kind.value, g.text] for g in t] for t in state.tables],
        "discards": [C.fmt(p) for p in state.piles],
        "stock_left": len(state.stock),
        "passed": [mask_text(m) for m in state.passed],
        "finished": state.finished,
        "result": state.result,
    }


def _failed(sid, message: str) -> dict:
    return {"id": sid, "events": [], "error": {"index": None, "message": message}, "state": None}

"""`python -m games.rules.cli score`: score holdings read as JSON lines (the issue's contract).

One JSON line out per line in, in order. Bad input gives {"id": …, "error": "<reason>"} for that line
and the rest is still read; a traceback never reaches the user.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import TextIO

from . import cards as C
from .groups import Group, GroupError, Kind, is_jiao, is_sentence
from .scoring import NoWin, Source, Win, evaluate
from .variants import PRESETS, RuleSet, RuleSetError, preset

# Kinds a table group may have on input; "chi" is any sentence or jiao laid down by chi or bi.
TABLE_KINDS = ("peng", "wei", "chouwei", "pao", "ti", "chi", "sentence", "jiao")
_FLAGS = ("last_card", "heavenly", "earthly")


class BadInput(ValueError):
    """A request line that cannot be scored; the message says why."""


@dataclass(frozen=True)
class Request:
    rules: RuleSet
    table: tuple[Group, ...]
    hand: tuple[int, ...]
    card: int | None
    source: Source | None
    last_card: bool = False
    heavenly: bool = False
    earthly: bool = False

    def evaluate(self) -> Win | NoWin:
        return evaluate(self.rules, self.table, self.hand, self.card, self.source, last_card=self.last_card,
                        heavenly=self.heavenly, earthly=self.earthly)


def _cards(value, what: str) -> list[int]:
    if not isinstance(value, str):
        raise BadInput(f"{what} must be a string of cards like \"一二三\", not {json.dumps(value, ensure_ascii=False)}")
    try:
        return C.parse(value)
    except C.CardError as e:
        raise BadInput(f"{what}: {e}") from None


def _group(item, n: int) -> Group:
    where = f"groups[{n}]"
    if not isinstance(item, dict) or set(item) - {"kind", "cards"} or "kind" not in item:
        raise BadInput(f"{where} must be an object {{\"kind\": …, \"cards\": …}}")
    kind = item["kind"]
    if kind not in TABLE_KINDS:
        raise BadInput(f"{where}: kind {json.dumps(kind, ensure_ascii=False)} is not one of {', '.join(TABLE_KINDS)}")
    cards = tuple(_cards(item.get("cards"), f"{where} cards"))
    if kind == "chi":
        kind = Kind.SENTENCE if is_sentence(cards) else Kind.JIAO if is_jiao(cards) else None
        if kind is None:
            raise BadInput(f"{where}: {C.fmt(cards)} is neither a sentence nor a jiao, so it cannot be a chi")
    try:
        return Group.make(kind, cards)
    except GroupError as e:
        raise BadInput(f"{where}: {e}") from None


def parse_request(obj) -> Request:
    """Check one decoded request line and build what `evaluate` needs."""
    if not isinstance(obj, dict):
        raise BadInput("each line must be a JSON object")
    variant = obj.get("variant")
    if not isinstance(variant, str):
        raise BadInput(f"variant must be one of {', '.join(PRESETS)}")
    try:
        rules = preset(variant)
    except RuleSetError as e:
        raise BadInput(str(e)) from None
    groups = obj.get("groups", [])
    if not isinstance(groups, list):
        raise BadInput("groups must be a list of {\"kind\": …, \"cards\": …}")
    table = tuple(_group(item, n) for n, item in enumerate(groups))
    hand = tuple(_cards(obj.get("hand", ""), "hand"))
    card = obj.get("card")
    if card is not None:
        one = _cards(card, "card")
        if len(one) != 1:
            raise BadInput(f"card must be exactly one card, got {card!r}")
        card = one[0]
    source = obj.get("source")
    if source is not None:
        try:
            source = Source(source)
        except ValueError:
            raise BadInput(f"source must be one of {', '.join(s.value for s in Source)} or null") from None
    flags = {}
    for name in _FLAGS:
        flags[name] = obj.get(name, False)
        if not isinstance(flags[name], bool):
            raise BadInput(f"{name} must be true or false")
    if card is not None and source is None and not flags["heavenly"]:
        raise BadInput("a winning card needs its source (own_draw, other_draw, discard or shown)")
    everything = [k for g in table for k in g.cards] + list(hand) + ([] if card is None else [card])
    try:
        C.check_copies(everything, " across groups, hand and card")
    except C.CardError as e:
        raise BadInput(str(e)) from None
    return Request(rules, table, hand, card, source, **flags)


def score_line(line: str) -> tuple[dict, Win | NoWin | None]:
    """One input line → its output object (id first) and the result it came from, if any."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as e:
        return {"id": None, "error": f"malformed JSON: {e.msg} (column {e.colno})"}, None
    ident = obj.get("id") if isinstance(obj, dict) else None
    try:
        result = parse_request(obj).evaluate()
    except BadInput as e:
        return {"id": ident, "error": str(e)}, None
    except Exception as e:  # never a traceback on the command line
        return {"id": ident, "error": f"internal error: {type(e).__name__}: {e}"}, None
    return {"id": ident, **result.to_dict()}, result


def pretty(out: dict, result: Win | NoWin | None) -> str:
    """A readable table for one result (--pretty): the win's breakdown, or why not."""
    head = f"[{out.get('id')}]"
    if "error" in out:
        return f"{head} error: {out['error']}"
    if isinstance(result, NoWin):
        return f"{head} no win: " + {"shape": "the holdings do not make 7 groups (R7.1)",
                                     "huxi": "fewer hu-xi than the minimum (R7.2)",
                                     "source": "this card cannot be won on (R7.3)"}[result.why]
    body = "\n".join("  " + line for line in result.breakdown().splitlines())
    return f"{head} win" + (" (self-draw)" if result.self_draw else "") + "\n" + body


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pretty", action="store_true", help="print a readable table instead of JSON lines")


def run(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    for line in stdin:
        out, result = score_line(line) if line.strip() else ({"id": None, "error": "empty line"}, None)
        stdout.write((pretty(out, result) if args.pretty else json.dumps(out, ensure_ascii=False)) + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m games.rules.cli_score")
    add_arguments(parser)
    sys.exit(run(parser.parse_args()))

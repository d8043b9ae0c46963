"""`python -m games.rules.cli score`: score holdings read as JSON lines (the issue's contract).

One JSON line out per line in, in order. Bad input gives {"id": …, "error": "<reason>"} for that line
and the rest is still read; a traceback never reaches the user.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Iterable, TextIO

from . import cards as C
from .errors import Refusal
from .groups import Group, GroupError, Kind, is_jiao, is_sentence
from .scoring import NoWin, Source, Win, evaluate
from .variants import PRESETS, RuleSet, RuleSetError, preset

# Kinds a table group may have on input; "chi" is any sentence or jiao laid down by chi or bi.
TABLE_KINDS = ("peng", "wei", "chouwei", "pao", "ti", "chi", "sentence", "jiao")
_FLAGS = ("last_card", "heavenly", "earthly")
# Where cards are read: a field of the line, or the cards of groups[n] (the codes "<where>_text", …).
_CARDS_AT = {"hand": "hand", "card": "card", "group": "groups[{n}] cards"}
_GROUP_SHAPE = '{{"kind": …, "cards": …}}'


class BadInput(Refusal):
    """A request line that cannot be scored; the code says why (games.reasons.rulesets translates it).
    The codes about groups[n] also carry `row` = n + 1, for people who count from one."""

    TEXTS = {
        "line": "each line must be a JSON object",
        "variant": "variant must be one of {variants}",
        "unknown_variant": RuleSetError.TEXTS["unknown_variant"],
        "groups": "groups must be a list of " + _GROUP_SHAPE,
        "group": "groups[{n}] must be an object " + _GROUP_SHAPE,
        "group_kind": "groups[{n}]: kind {kind} is not one of {kinds}",
        "group_chi": "groups[{n}]: {cards} is neither a sentence nor a jiao, so it cannot be a chi",
        **{f"group_not_{kind}": "groups[{n}]: {cards} is not a " + kind for kind in TABLE_KINDS if kind != "chi"},
        **{f"{where}_text": at + ' must be a string of cards like "一二三", not {value}'
           for where, at in _CARDS_AT.items()},
        **{f"{where}_unknown": at + ": unknown card {card!r} in {text!r}" for where, at in _CARDS_AT.items()},
        "card_count": "card must be exactly one card, got {card!r}",
        "source": "source must be one of {sources} or null",
        "flag": "{name} must be true or false",
        "no_source": "a winning card needs its source (own_draw, other_draw, discard or shown)",
        "copies": "{count} copies of {card} across groups, hand and card: there are only {copies}",
    }


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


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _cards(value, where: str, **at) -> list[int]:
    """The cards of one field (`where`: hand, card, or group with `n` and `row`)."""
    if not isinstance(value, str):
        raise BadInput(f"{where}_text", value=_json(value), **at)
    try:
        return C.parse(value)
    except C.CardError:
        raise BadInput(f"{where}_unknown", card=_unreadable(value), text=value, **at) from None


def _unreadable(text: str) -> str:
    """The character C.parse stops at (its CardError carries English only): the one right after the
    longest prefix that still reads."""
    end = len(text)
    while not _reads(text[:end]):
        end -= 1
    return text[end]


def _reads(text: str) -> bool:
    try:
        C.parse(text)
    except C.CardError:
        return False
    return True


def _group(item, n: int) -> Group:
    at = {"n": n, "row": n + 1}
    if not isinstance(item, dict) or set(item) - {"kind", "cards"} or "kind" not in item:
        raise BadInput("group", **at)
    kind = item["kind"]
    if kind not in TABLE_KINDS:
        raise BadInput("group_kind", kind=_json(kind), kinds=", ".join(TABLE_KINDS), **at)
    cards = tuple(_cards(item.get("cards"), "group", **at))
    if kind == "chi":
        kind = Kind.SENTENCE if is_sentence(cards) else Kind.JIAO if is_jiao(cards) else None
        if kind is None:
            raise BadInput("group_chi", cards=C.fmt(cards), **at)
    try:
        return Group.make(kind, cards)
    except GroupError:
        raise BadInput(f"group_not_{kind}", cards=C.fmt(cards), **at) from None


def table_group(kind: str, cards: str, n: int = 0, beside: Iterable[int] = ()) -> Group:
    """One table group from its kind and card text, as `score` reads groups[n]: R3, the cards must make
    that kind ("chi": a sentence or a jiao); with `beside`, the holdings' other cards, R1's four copies
    too. The hand calculator's group picker asks this before it shows a group (BadInput says why not)."""
    group = _group({"kind": kind, "cards": cards}, n)
    _check_copies([*beside, *group.cards])
    return group


def parse_request(obj) -> Request:
    """Check one decoded request line and build what `evaluate` needs."""
    if not isinstance(obj, dict):
        raise BadInput("line")
    variant = obj.get("variant")
    if not isinstance(variant, str):
        raise BadInput("variant", variants=", ".join(PRESETS))
    try:
        rules = preset(variant)
    except RuleSetError as e:
        raise BadInput(e.code, **e.params) from None
    groups = obj.get("groups", [])
    if not isinstance(groups, list):
        raise BadInput("groups")
    table = tuple(_group(item, n) for n, item in enumerate(groups))
    hand = tuple(_cards(obj.get("hand", ""), "hand"))
    card = obj.get("card")
    if card is not None:
        one = _cards(card, "card")
        if len(one) != 1:
            raise BadInput("card_count", card=card)
        card = one[0]
    source = obj.get("source")
    if source is not None:
        try:
            source = Source(source)
        except ValueError:
            raise BadInput("source", sources=", ".join(s.value for s in Source)) from None
    flags = {}
    for name in _FLAGS:
        flags[name] = obj.get(name, False)
        if not isinstance(flags[name], bool):
            raise BadInput("flag", name=name)
    if card is not None and source is None and not flags["heavenly"]:
        raise BadInput("no_source")
    _check_copies([k for g in table for k in g.cards] + list(hand) + ([] if card is None else [card]))
    return Request(rules, table, hand, card, source, **flags)


def _check_copies(cards: list[int]) -> None:
    """R1: at most four copies of a kind across groups, hand and card."""
    counts = C.counts(cards)
    for k in C.KINDS:
        if counts[k] > C.COPIES:
            raise BadInput("copies", count=counts[k], card=C.char(k), copies=C.COPIES)


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

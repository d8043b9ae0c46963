"""A win's breakdown as a page shows it: the ONE context of the table's result panel, the hand
calculator and the admin's try box, all rendered by games/_breakdown.html (R4 each group's hu-xi, R8
grade, patterns, fan and base, R9.4 a doubled grade). Plain JSON-able data: the result panel's data is
its fragment's cache key (games.live.fragments)."""
from __future__ import annotations

from games.rules import Group, RuleSet, Win
from games.rules import cards as C


def from_win(win: Win, *, card: str | None = None, pay: dict | None = None) -> dict:
    """`card`: the winning card, in the card notation; `pay`: what each other player owes the winner
    ({"coins": bool, "multiplier", "due"}), at a table only."""
    return {"card": card or "", "self_draw": win.self_draw,
            "groups": [{"kind": g.kind.value, "cards": g.text, "huxi": huxi} for g, huxi in win.scored_groups()],
            "rest": win.rest_text, "huxi": win.huxi, "grade": win.grade, "doubled": win.doubled,
            "bonus": win.bonus, "bonus_first": win.bonus_before_fan,
            "patterns": [[name, fan] for name, fan in win.patterns], "fan": win.fan, "base": win.base,
            "variant": win.rules.name if win.rules else "",  # whose pattern names (games.pattern_names)
            "uncapped": win.uncapped, "cap": win.rules.base_cap if win.rules and win.uncapped > win.base else 0,
            "grade_rule": _grade_rule(win),
            "pay": pay}


def _grade_rule(win: Win) -> dict | None:
    """R8.1's rule and its worked line: the hu-xi the grade came from (twice the hu-xi for a doubled
    heavenly hu, R9.4), shown as "1 + (h − start) ÷ step" when h reaches the start (below it the grade is
    R8.1's floor of 1, no sum to show)."""
    if not win.rules:
        return None
    huxi = 2 * win.huxi if win.doubled else win.huxi
    start, step = win.rules.grade_from, win.rules.grade_step
    return {"start": start, "step": step, "huxi": huxi if huxi >= start else None}


def from_result(result: dict, rules: RuleSet, *, pay: dict) -> dict:
    """A finished hand's stored result (HandState.result: the winner's split and score) as from_win's."""
    win = Win(huxi=result["huxi"], grade=result["grade"], patterns=tuple(map(tuple, result["patterns"])),
              fan=result["fan"], base=result["base"], self_draw=bool(result.get("self_draw")),
              split=tuple(Group.make(kind, C.parse(cards)) for kind, cards in result["split"]),
              rest=tuple(C.parse(result.get("rest", ""))), rules=rules)
    return from_win(win, card=result.get("card"), pay=pay)

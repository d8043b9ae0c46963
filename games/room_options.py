"""Friends' room options (R11): the few scoring parameters an admin lets a private room's owner change,
per variant (Variant.room_options: name → [lowest, highest]), and the values a room chose
(Table.rule_options). One list here, because the admin's check, the rooms service, the create form,
the deal and the rules card must agree on it.

Each option but 底分 is a RuleSet field, applied to the hand's rule set at the deal (ruleset_of);
底分 (points per base) is the private hand's multiplier (multiplier_of): the engine's base stays the
base, each other player pays base × 底分.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.errors import Refused
from games.rules import RuleSet


@dataclass(frozen=True)
class RoomOption:
    name: str
    label: Promise
    low: int  # what any variant may allow at most: the admin's bounds lie inside
    high: int
    ruleset: bool = True  # a RuleSet field (else the hand's multiplier)
    zero: Promise | None = None  # how the value 0 reads ("no cap")


OPTIONS = {o.name: o for o in (
    RoomOption("base_cap", _("Base cap"), 0, 10_000, zero=_("no cap")),
    RoomOption("base_points", _("Points per base"), 1, 100, ruleset=False),
    RoomOption("min_huxi", _("Minimum hu-xi"), 0, 30),
    RoomOption("self_draw_grades", _("Self-draw grades"), 0, 10),
)}


def default_of(variant, option: RoomOption) -> int:
    """The variant's own value of an option (底分: 1)."""
    return getattr(variant, option.name) if option.ruleset else 1


def allowed_problem(variant) -> str | None:
    """Why the admin's `room_options` of this variant cannot be saved (in the page's language), or None."""
    spec = variant.room_options
    if not isinstance(spec, dict):
        return str(_("Write the options as a JSON object of names to [lowest, highest]."))
    for name, bounds in spec.items():
        option = OPTIONS.get(name)
        if option is None:
            return str(_("Unknown room option %(name)s; known: %(names)s.") % {"name": name, "names": ", ".join(OPTIONS)})
        if (not isinstance(bounds, list) or len(bounds) != 2 or not all(type(b) is int for b in bounds)
                or not option.low <= bounds[0] <= bounds[1] <= option.high):
            return str(_("%(name)s: write [lowest, highest], whole numbers from %(low)s to %(high)s.")
                       % {"name": name, "low": option.low, "high": option.high})
        if not bounds[0] <= default_of(variant, option) <= bounds[1]:
            return str(_("%(name)s: the variant's own value %(value)s must lie within the bounds.")
                       % {"name": name, "value": default_of(variant, option)})
    return None


def allowed(variant) -> list[tuple[RoomOption, int, int, int]]:
    """(option, lowest, highest, the variant's value) of each option this variant lets friends change."""
    return [(OPTIONS[name], low, high, default_of(variant, OPTIONS[name]))
            for name, (low, high) in (variant.room_options or {}).items() if name in OPTIONS]


def chosen_check(variant, values: dict) -> dict:
    """The room's options from the owner's choice: every allowed option, the variant's value where none
    was chosen. Refuses an option the variant does not allow or a value out of its bounds."""
    bounds = {option.name: (low, high, default) for option, low, high, default in allowed(variant)}
    for name in values:
        if name not in bounds:
            raise Refused(_("This variant does not let friends change %(option)s.")
                          % {"option": OPTIONS[name].label if name in OPTIONS else name})
    chosen = {}
    for name, (low, high, default) in bounds.items():
        value = values.get(name, default)
        if type(value) is not int or not low <= value <= high:
            raise Refused(_("%(option)s must be from %(low)s to %(high)s.")
                          % {"option": OPTIONS[name].label, "low": low, "high": high})
        chosen[name] = value
    return chosen


def ruleset_of(variant, options: dict) -> RuleSet:
    """The hand's rule set: the variant's with the room's options (raises RuleSetError)."""
    changed = {name: value for name, value in options.items() if name in OPTIONS and OPTIONS[name].ruleset}
    return dataclasses.replace(variant.to_ruleset(), **changed)


def multiplier_of(options: dict) -> int:
    """A private hand's multiplier: 底分, the points each base is worth."""
    return options.get("base_points", 1)


def card_rows(options: dict) -> list[tuple[Promise, str]]:
    """The rules card's option lines (label, value as read) of a room's (or a club rule set's) options."""
    rows = []
    for name, value in (options or {}).items():
        option = OPTIONS.get(name)
        if option:
            rows.append((option.label, str(option.zero) if value == 0 and option.zero else str(value)))
    return rows

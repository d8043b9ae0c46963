"""What a player sends (Action) and what the table shows happened (Event).

The wire/CLI form of an action is a list of words: ["discard", "五"], ["chi", "四五六", "五五伍"], ["peng"],
["hu"], ["pass"] (a string "chi 四五六 五五伍" is read the same way). A chi lists the chi group (holding the
taken card) and then every bi group in full (R6.3); the bi groups' order does not matter.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import cards as C
from .groups import is_chi_group

VERBS = ("discard", "chi", "peng", "hu", "pass")


class InvalidAction(ValueError):
    """A malformed action: unknown verb, unreadable cards, a chi group that is no sentence or jiao."""


class IllegalAction(ValueError):
    """A well-formed action that the rules do not allow now; the message says why, for the player."""


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    card: int | None = None  # discard: the card
    groups: tuple[tuple[int, ...], ...] = ()  # chi: the chi group, then the bi groups (sorted)

    @classmethod
    def discard(cls, card: int) -> Action:
        return cls("discard", card)

    @classmethod
    def chi(cls, group, bis=()) -> Action:
        """The bi groups are kept sorted, so two orders of the same bi groups are the same action."""
        return cls("chi", None, (tuple(sorted(group)),) + tuple(sorted(tuple(sorted(g)) for g in bis)))

    @classmethod
    def parse(cls, wire) -> Action:
        """Read ["verb", args…] or "verb args…"; raise InvalidAction when it is not a well-formed action."""
        words = wire.split() if isinstance(wire, str) else wire
        if not isinstance(words, (list, tuple)) or not words or not all(isinstance(w, str) for w in words):
            raise InvalidAction(f"an action is a list of words like [\"discard\", \"五\"], not {wire!r}")
        verb, args = words[0].strip().lower(), [w.strip() for w in words[1:]]
        if verb not in VERBS:
            raise InvalidAction(f"unknown move {words[0]!r}; the moves are {', '.join(VERBS)}")
        try:
            if verb == "discard":
                if len(args) != 1:
                    raise InvalidAction("discard takes exactly one card, like: discard 五")
                return cls.discard(C.parse_card(args[0]))
            if verb == "chi":
                if not args:
                    raise InvalidAction("chi needs the chi group, like: chi 四五六 (then each bi group)")
                groups = [tuple(C.parse(a)) for a in args]
                for g in groups:
                    if not is_chi_group(g):
                        raise InvalidAction(f"{C.fmt(g)} is not a sentence or a jiao")
                return cls.chi(groups[0], groups[1:])
        except C.CardError as e:
            raise InvalidAction(str(e)) from None
        if args:
            raise InvalidAction(f"{verb} takes no cards")
        return cls(verb)

    def to_wire(self) -> list[str]:
        if self.verb == "discard":
            return [self.verb, C.char(self.card)]
        return [self.verb, *(C.fmt(g) for g in self.groups)]

    @property
    def text(self) -> str:
        return " ".join(self.to_wire())

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at the table. Moves: show, draw, ti, wei, chouwei, pao, peng, chi, bi,
    discard, hu, drawn_hand. `cards` is the full truth; views.event_view hides what a seat may not see."""

    seat: int | None
    move: str
    cards: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        return {"seat": self.seat, "move": self.move, "cards": C.fmt(self.cards)}

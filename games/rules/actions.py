"""What a player sends (Action) and what the table shows happened (Event).

The wire/CLI form of an action is a list of words: ["discard", "五"], ["chi", "四五六", "五五伍"], ["peng"],
["hu"], ["pass"] (a string "chi 四五六 五五伍" is read the same way). A chi lists the chi group (holding the
taken card) and then every bi group in full (R6.3); the bi groups' order does not matter.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from . import cards as C
from .errors import Refusal
from .groups import is_chi_group

VERBS = ("discard", "chi", "peng", "hu", "pass")


class InvalidAction(Refusal):
    """A malformed action: unknown verb, unreadable cards, a chi group that is no sentence or jiao."""

    TEXTS = {
        "not_words": "an action is a list of words like [\"discard\", \"五\"], not {wire}",
        "unknown_move": "unknown move {move!r}; the moves are {moves}",
        "discard_one_card": "discard takes exactly one card, like: discard 五",
        "chi_needs_group": "chi needs the chi group, like: chi 四五六 (then each bi group)",
        "bad_cards": "{why}",
        "not_chi_group": "{group} is not a sentence or a jiao",
        "takes_no_cards": "{move} takes no cards",
        "scenario_entry": "an action is [seat, verb, cards…], like [0, \"discard\", \"五\"]",  # cli play
    }


class IllegalAction(Refusal):
    """A well-formed action that the rules do not allow now (refusals.explain says why). A refusal names
    only what the seat may see: never another seat's hidden cards or claims (R3)."""

    TEXTS = {
        # whose move it is (R2, R6.5, R7.6)
        "no_seat": "there is no seat {seat} at this table",
        "hand_over": "the hand is over",
        "not_your_turn": "it is seat {seat}'s turn to discard",
        "must_discard": "you must discard a card now",
        "not_held": "you do not hold {card}",
        "kan_card": "{card} is part of a kan (three of a kind in hand), which can never be discarded",
        "already_decided": "you already decided on this {card}",
        "claims_pending": "you cannot discard now: {card} is waiting for claims",
        "not_asked": "you have nothing to decide now",
        "better_claim": "a better claim on {card} has been made: yours can no longer be met",
        "nothing_to_decide": "you have nothing to decide on this {card}",
        # taking the card: pao, peng, chi, bi (R5.3, R6.1–R6.5)
        "take_tiwei": "nobody may take a card that was ti'd or wei'd",
        "take_shown": "the shown card stays in the dealer's hand: it can only be won on",
        "own_pao": "{card} makes your pao, which comes before peng and chi",
        "cannot_take": "you cannot take {card} now",
        "peng_own_discard": "you cannot peng your own discard",
        "peng_own_draw": "you cannot peng your own draw",
        "take_own_discard": "you cannot take your own discard",
        "passed_card": "{card} is a passed card for you",
        "own_discard_card": "you discarded {card} yourself, so you may not chi or peng it",
        "peng_no_pair": "you need a pair of {card} in hand to peng",
        "peng_no_discard": "after that peng you would owe a discard and have nothing to discard",
        "chi_not_next": "only the discarder's 下家 may chi a discard",
        "chi_not_drawer_or_next": "only the drawer and the drawer's 下家 may chi a drawn card",
        "chi_group_lacks_card": "the chi group {group} must hold the {card} you take",
        "chi_kan_card": "{card} is part of a kan, which is never split",
        "chi_not_held": "you do not hold {cards}",
        "bi_lacks_card": "the bi group {group} holds no {card}",
        "must_bi": "you must bi {card} as well",
        "bi_impossible": "your other {card} cannot be matched (bi), so you cannot chi {card} that way",
        "chi_no_discard": "after that chi you would owe a discard and have nothing to discard",
        # winning (R5.5, R7, R10.3)
        "hu_tiwei": "nobody may win on a card that was ti'd or wei'd",
        "hu_discard": "a discarded card can never be won on",
        "hu_own_discard": "you cannot win on your own discard",
        "declined_peng_bars_hu": "you declined a peng this hand, and in this variant that bars you from winning it",
        "passed_hu": ("passed hu: you let a win on {card} go at {huxi} table hu-xi; you may win on {card} again "
                      "once your table hu-xi changes"),
        "hu_huxi": "you would have fewer than {min_huxi} hu-xi with {card}",
        "hu_source": "you cannot win on {card} from where it came",
        "hu_shape": "your cards and {card} do not make 7 groups",
    }


def _read(parse, word: str):
    """The cards of one word; a word that is no cards makes the action malformed."""
    try:
        return parse(word)
    except C.CardError as e:
        raise InvalidAction("bad_cards", why=str(e)) from None


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
            raise InvalidAction("not_words", wire=repr(wire))
        verb, args = words[0].strip().lower(), [w.strip() for w in words[1:]]
        if verb not in VERBS:
            raise InvalidAction("unknown_move", move=words[0], moves=", ".join(VERBS))
        if verb == "discard":
            if len(args) != 1:
                raise InvalidAction("discard_one_card")
            return cls.discard(_read(C.parse_card, args[0]))
        if verb == "chi":
            if not args:
                raise InvalidAction("chi_needs_group")
            groups = [tuple(_read(C.parse, a)) for a in args]
            for g in groups:
                if not is_chi_group(g):
                    raise InvalidAction("not_chi_group", group=C.fmt(g))
            return cls.chi(groups[0], groups[1:])
        if args:
            raise InvalidAction("takes_no_cards", move=verb)
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


class Event(NamedTuple):
    """One thing that happened at the table. Moves: show, draw, ti, wei, chouwei, pao, peng, chi, bi,
    discard, hu, drawn_hand. `cards` is the full truth; views.event_view hides what a seat may not see.
    A named tuple (immutable, and built at a third of a frozen dataclass's cost: every move makes a few)."""

    seat: int | None
    move: str
    cards: tuple[int, ...] = ()

    def to_dict(self) -> dict:
        return {"seat": self.seat, "move": self.move, "cards": C.fmt(self.cards)}

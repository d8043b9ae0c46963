"""The hand as an immutable value (R2, R5–R7, R9), and its exact JSON form.

Hands are count vectors (20 ints, see cards.py); the stock and the piles keep their order. A claim
window is open while a card waits for the seats that may take it; its `offers` list every claim,
best first (R5.5, R7.3), and `decisions` what each asked seat chose.

Claim privacy (R3, R7): a hand dealt `held` opens a window on every card put up for claims, even when
nobody may claim it, and a window stays `held` (it never resolves) until the system's release
(hand.release). A step that leaves the same window open (a decision before the release, a release
while someone is still asked) is private: it changes nothing another seat may see, so it is not
counted in `public_move_no`, the number pages show and send back.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from . import cards as C
from .actions import Action
from .groups import FOUR_SAME, WEI_KINDS, Group, Kind
from .prechecks import Facts, hand_facts, kan_kinds
from .variants import RuleSet, interned

# Window kinds: a discard; a drawn card shown; the drawer's hu right after his forced ti/wei;
# the optional heavenly hu on the dealer's shown card (R9.3).
DISCARD, DRAW, TIWEI, SHOWN = "discard", "draw", "tiwei", "shown"
CLAIMS = ("hu", "pao", "peng", "chi")
_PENG = Kind.PENG  # bound once (groups.WEI_KINDS says why)


@dataclass(slots=True, unsafe_hash=True)  # not frozen (a setattr call per field): never changed all the same
class Window:
    kind: str
    card: int
    owner: int  # the discarder, the drawer, or the dealer
    offers: tuple[tuple[int, str], ...]  # (seat, claim), best first; "pao" is forced, never asked
    decisions: tuple[tuple[int, Action], ...] = ()
    last: bool = False  # the card was the last of the stock (海底)
    earthly: bool = False  # the dealer's first discard (地胡)
    held: bool = False  # waits for the release before it resolves (a held hand's window)
    # derived once, as a window is read many times (asked by to_act, live by every legal_actions):
    opened: tuple[tuple[int, str, Action | None], ...] = field(init=False, repr=False, compare=False)
    waiting: tuple[int, ...] = field(init=False, repr=False, compare=False)  # see asked()
    lives: dict | None = field(init=False, repr=False, compare=False)  # see live(); None: not yet read

    def __post_init__(self) -> None:
        if self.decisions:
            self.opened = _opened(self.offers, self.decisions)
            self.waiting = _waiting(self.opened)
            self.lives = None
        else:  # a window just opened: the same few offer lists again and again
            self.opened, self.waiting, self.lives = _fresh(self.offers)

    @property
    def in_flight(self) -> bool:
        """The card is on the table between holdings: a discard or a shown draw."""
        return self.kind in (DISCARD, DRAW)

    def open_offers(self) -> tuple[tuple[int, str, Action | None], ...]:
        """(seat, claim, its decision) for the claims above every claim already taken or forced:
        a claim below a decided take can never be met (R6.4, R7.6)."""
        return self.opened

    def asked(self) -> tuple[int, ...]:
        """Seats that still have to decide (only on claims that can still be met)."""
        return self.waiting

    def live(self, seat: int) -> frozenset[str]:
        """This seat's claims that can still be met: a moot one is not offered, and declining it is
        not passing it (R6.4)."""
        lives = self.lives
        if lives is None:
            lives = self.lives = _lives(self.opened)
        return lives.get(seat, _NONE)

    def to_json(self) -> dict:
        d = {"kind": self.kind, "card": C.char(self.card), "owner": self.owner,
             "offers": [[s, c] for s, c in self.offers],
             "decisions": [[s, a.to_wire()] for s, a in self.decisions],
             "last": self.last, "earthly": self.earthly}
        if self.held:  # only held hands have the key: other hands' JSON stays as it was
            d["held"] = True
        return d

    @classmethod
    def from_json(cls, d: dict) -> Window:
        return cls(d["kind"], C.parse_card(d["card"]), d["owner"],
                   tuple((s, c) for s, c in d["offers"]),
                   tuple((s, Action.parse(a)) for s, a in d["decisions"]), d["last"], d["earthly"],
                   d.get("held", False))


def _opened(offers, decisions) -> tuple[tuple[int, str, Action | None], ...]:
    """Window.open_offers: the claims above every claim already taken or forced."""
    decided = dict(decisions)
    out = []
    for seat, claim in offers:
        action = decided.get(seat)
        if claim == "pao" or (action is not None and action.verb == claim):
            break
        out.append((seat, claim, action))
    return tuple(out)


def _waiting(opened) -> tuple[int, ...]:
    """Window.asked: the seats of open claims that have not decided."""
    return tuple(sorted({seat for seat, _, action in opened if action is None}))


_NONE: frozenset[str] = frozenset()


def _lives(opened) -> dict[int, frozenset[str]]:
    """Window.live of every seat with an open claim."""
    out: dict[int, set[str]] = {}
    for seat, claim, _ in opened:
        out.setdefault(seat, set()).add(claim)
    return {seat: frozenset(claims) for seat, claims in out.items()}


@lru_cache(maxsize=1 << 10)  # offer lists: (seat, claim) pairs of a few seats, well under a thousand
def _fresh(offers: tuple[tuple[int, str], ...]) -> tuple[tuple, tuple[int, ...], dict[int, frozenset[str]]]:
    """(opened, waiting, lives) of a window without decisions: derived once per distinct offer list
    (the lives are shared by the windows of one offer list, and never written)."""
    opened = _opened(offers, ())
    return opened, _waiting(opened), _lives(opened)


def mask_text(mask: int) -> str:
    return "".join(C.char(k) for k in C.KINDS if mask >> k & 1)


def text_mask(text: str) -> int:
    return sum(1 << k for k in set(C.parse(text)))


def to_act_of(hand) -> tuple[int, ...]:
    """The seats that must decide now, of a HandState or of a working copy (turns.Play): none once the
    hand is over, the seat whose turn it is, else those the open claim window waits for."""
    if hand.result is not None:
        return ()
    if hand.turn is not None:
        return (hand.turn,)
    return hand.window.waiting if hand.window else ()


@lru_cache(maxsize=16)  # read on every move; a few (players, dealer) pairs
def order_of(players: int, dealer: int) -> tuple[int, ...]:
    """Active seats in turn order from the dealer; at 4 players the seat opposite the dealer sits out (R2)."""
    seats = [(dealer + i) % players for i in range(players)]
    if players == 4:
        seats.pop(2)
    return tuple(seats)


def next_seat(order: tuple[int, ...], seat: int) -> int:
    return order[(order.index(seat) + 1) % len(order)]


def chi_seats(order: tuple[int, ...], kind: str, owner: int) -> tuple[int, ...]:
    """R6.2: who may chi, in rank order: a drawn card the drawer, then his 下家; a discard only the
    discarder's 下家."""
    return (owner, next_seat(order, owner)) if kind == DRAW else (next_seat(order, owner),)


def _ranks(order: tuple[int, ...], kind: str, owner: int, discard_win: bool):
    """(hu seats, peng seats, chi seats) in the order their claims rank (R5.5, R7.3), for claims.offers."""
    start = order.index(owner if kind != DISCARD else next_seat(order, owner))
    hu_seats = (owner,) if kind == TIWEI else tuple(order[(start + i) % len(order)] for i in range(len(order)))
    if kind == DISCARD:
        hu_seats = tuple(s for s in hu_seats if s != owner) if discard_win else ()
    return hu_seats, tuple(s for s in order if s != owner), chi_seats(order, kind, owner)


@lru_cache(maxsize=64)  # a few (order, discard_win) pairs
def claim_ranks(order: tuple[int, ...], discard_win: bool) -> dict[str, dict[int, tuple]]:
    """_ranks of every window kind and owner, made once per table: offers looks them up on every card."""
    return {kind: {owner: _ranks(order, kind, owner, discard_win) for owner in order}
            for kind in (DISCARD, DRAW, TIWEI, SHOWN)}


def table_huxi(rules: RuleSet, groups) -> int:
    """R4: the hu-xi of a seat's table groups (当前得息数, used by R7.4)."""
    hx = rules.huxi.huxi
    return sum(hx(g.kind, g.cards) for g in groups)


def holdings(hand, table) -> int:
    """A seat's cards: its hand (counts) and its table groups (R6.5)."""
    return sum(hand) + sum(len(g.cards) for g in table)


def table_threes(table) -> tuple[int, int]:
    """Bitmasks of the kinds of a table's peng and of its wei (open or not): the groups a fourth copy
    makes a pao or a ti of (R5.2, R5.3)."""
    pengs = weis = 0
    for g in table:
        if g.kind == _PENG:
            pengs |= 1 << g.cards[0]
        elif g.kind in WEI_KINDS:
            weis |= 1 << g.cards[0]
    return pengs, weis


def threes_of(hands, pengs, weis) -> int:
    """Bitmask of the kinds some seat holds three or four of in hand, or has a peng or wei of: the only
    cards anyone could pao (R5.3), pao_seat's first test. Hands only lose cards, so the turn loop keeps
    it by adding the pengs and weis it lays (a pao laid later leaves a stale bit: never a missed pao)."""
    out = 0
    for mask in (*map(kan_kinds, hands), *pengs, *weis):
        out |= mask
    return out


def owes_discard(hand, table, incoming: int = 0) -> bool:
    """R6.5: holdings (with `incoming` cards about to come in) above 20 + max(0, n4 − 1) owe a discard;
    n4 counts the pao and ti. Read by the turn loop, the claims (a take that would owe one) and the bots.
    A table group is three cards but a pao or ti, four (R3), so holdings = hand + 3 × groups + n4, and
    the test is hand + incoming + 3 × groups + min(n4, 1) > 20: the table is walked only at exactly 20."""
    cards = sum(hand) + incoming + 3 * len(table)
    if cards != 20:
        return cards > 20
    return any(g.kind in FOUR_SAME for g in table)


class FactsOf:
    """The hands' Facts by seat, each built when read: a frozen state is mostly asked about one or two
    seats (legal_actions, a chi's choices), so building all of them on every read would be waste."""

    __slots__ = ("_hands",)

    def __init__(self, hands: Sequence[Sequence[int]]):
        self._hands = hands

    def __getitem__(self, seat: int) -> Facts:
        return hand_facts(bytes(self._hands[seat]))


@dataclass(frozen=True, slots=True)
class HandState:
    rules: RuleSet
    dealer: int
    hands: tuple[tuple[int, ...], ...]  # count vectors
    tables: tuple[tuple[Group, ...], ...]
    piles: tuple[tuple[int, ...], ...]  # cards lying face up in front of a seat: its discards and its
    #                                     shown draws that nobody took, in order
    stock: tuple[int, ...]  # the first is drawn first
    removed: tuple[int, ...] = ()  # 2 players: 20 cards out of play, unseen (R2)
    shown: int | None = None  # the dealer's shown card (亮张)
    passed: tuple[int, ...] = ()  # bitmask of kinds per seat: passed cards (臭牌, R6.4)
    discarded: tuple[int, ...] = ()  # bitmask of kinds per seat discarded from the own hand (R6.4)
    passed_hu: tuple[tuple[tuple[int, int], ...], ...] = ()  # per seat (kind, table hu-xi then) (R7.4)
    skipped_peng: int = 0  # bitmask of seats that declined a peng (R10.3, rules.skipped_peng_bars_hu)
    draws: int = 0
    turn: int | None = None  # the seat that must discard now
    window: Window | None = None
    move_no: int = 0
    result: dict | None = None
    held: bool = False  # every claim window waits for the release (claim privacy, see the module)
    private_moves: int = 0  # steps that changed nothing another seat may see (held hands only)

    @property
    def public_move_no(self) -> int:
        """The move number every seat may know: private steps are not counted (equals move_no in a
        hand that is not held)."""
        return self.move_no - self.private_moves

    @property
    def awaiting_release(self) -> bool:
        """A held window is open: the system's release (hand.release) is due at its time."""
        return self.result is None and self.window is not None and self.window.held

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def order(self) -> tuple[int, ...]:
        return order_of(self.players, self.dealer)

    @property
    def claim_ranks(self) -> dict[str, dict[int, tuple]]:
        """claim_ranks of this table (the turn loop keeps its own)."""
        return claim_ranks(self.order, self.rules.discard_win)

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now."""
        return to_act_of(self)

    def holdings(self, seat: int) -> int:
        return holdings(self.hands[seat], self.tables[seat])

    @property
    def pengs(self) -> tuple[int, ...]:
        """Per seat, table_threes' peng kinds (the turn loop keeps its own as it lays groups)."""
        return tuple(table_threes(t)[0] for t in self.tables)

    @property
    def weis(self) -> tuple[int, ...]:
        """Per seat, table_threes' wei kinds."""
        return tuple(table_threes(t)[1] for t in self.tables)

    @property
    def facts(self) -> FactsOf:
        """Each hand's prechecks.Facts, indexed by seat (the turn loop keeps its own as hands change)."""
        return FactsOf(self.hands)

    @property
    def threes(self) -> int:
        """threes_of the seats."""
        return threes_of(self.hands, self.pengs, self.weis)

    def table_huxi(self, seat: int) -> int:
        return table_huxi(self.rules, self.tables[seat])

    def to_json(self) -> dict:
        d = {
            "rules": json.loads(_rules_text(self.rules)),
            "dealer": self.dealer,
            "hands": [C.fmt(C.from_counts(h)) for h in self.hands],
            "tables": [[[g.kind.value, g.text] for g in t] for t in self.tables],
            "piles": [_ordered(p) for p in self.piles],
            "stock": _ordered(self.stock),
            "removed": _ordered(self.removed),
            "shown": None if self.shown is None else C.char(self.shown),
            "passed": [mask_text(m) for m in self.passed],
            "discarded": [mask_text(m) for m in self.discarded],
            "passed_hu": [[[C.char(k), hx] for k, hx in e] for e in self.passed_hu],
            "skipped_peng": [s for s in range(self.players) if self.skipped_peng >> s & 1],
            "draws": self.draws,
            "turn": self.turn,
            "window": self.window.to_json() if self.window else None,
            "move_no": self.move_no,
            "result": self.result,
        }
        if self.held:  # only held hands have the keys: other hands' JSON stays as it was
            d.update(held=True, private_moves=self.private_moves)
        return d

    @classmethod
    def from_json(cls, d: dict) -> HandState:
        return cls(
            rules=_rules_from(json.dumps(d["rules"], ensure_ascii=False, sort_keys=True)),
            dealer=d["dealer"],
            hands=tuple(tuple(C.counts(C.parse(h))) for h in d["hands"]),
            tables=tuple(tuple(Group.make(k, C.parse(cs)) for k, cs in t) for t in d["tables"]),
            piles=tuple(tuple(C.parse(p)) for p in d["piles"]),
            stock=tuple(C.parse(d["stock"])),
            removed=tuple(C.parse(d["removed"])),
            shown=None if d["shown"] is None else C.parse_card(d["shown"]),
            passed=tuple(text_mask(t) for t in d["passed"]),
            discarded=tuple(text_mask(t) for t in d["discarded"]),
            passed_hu=tuple(tuple((C.parse_card(k), hx) for k, hx in e) for e in d["passed_hu"]),
            skipped_peng=sum(1 << s for s in d.get("skipped_peng", ())),  # absent in hands saved before it
            draws=d["draws"],
            turn=d["turn"],
            window=Window.from_json(d["window"]) if d["window"] else None,
            move_no=d["move_no"],
            result=d["result"],
            held=d.get("held", False),
            private_moves=d.get("private_moves", 0),
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)


@lru_cache(maxsize=64)
def _rules_text(rules: RuleSet) -> str:
    """RuleSet.to_dict walks every field; a table plays one rule set, so its JSON is made once."""
    return json.dumps(rules.to_dict(), ensure_ascii=False, sort_keys=True)


@lru_cache(maxsize=64)
def _rules_from(text: str) -> RuleSet:
    return interned(RuleSet.from_dict(json.loads(text)))


def _ordered(cards) -> str:
    """Cards in their own order (the stock, a pile), not sorted."""
    return "".join(C.char(k) for k in cards)

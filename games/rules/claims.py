"""Who may take a card, and how (R5.3, R5.5, R6.1–R6.5, R7.3, R7.4): the offers of a claim window.

The functions read a hand either as a frozen HandState or as the turn loop's working copy; both have
rules, order, dealer, hands, facts (prechecks.Facts per hand), tables, passed, discarded and passed_hu.
"""
from __future__ import annotations

from functools import lru_cache

from . import cards as C
from . import prechecks, scoring
from .actions import Action
from .groups import GROUPS_WITH, NEIGHBOURS, Group, Kind
from .prechecks import hand_facts
from .scoring import Source
from .state import DISCARD, DRAW, TIWEI, next_seat, owes_discard

_IN_FLIGHT = (DISCARD, DRAW)  # Window.in_flight's kinds
# Bound once (groups.WEI_KINDS says why).
_OWN_DRAW, _OTHER_DRAW, _DISCARD, _SHOWN = Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD, Source.SHOWN

# The table group each chi or bi group becomes (R6.2), built once: a sentence, or a jiao of one value.
CHI_TABLE_GROUP = {g: Group.make(Kind.SENTENCE if len({C.value(k) for k in g}) > 1 else Kind.JIAO, g)
                   for gs in GROUPS_WITH for g in gs}


def chi_table_group(cards) -> Group:
    """The table group a chi or bi group becomes (R6.2): a sentence, or a jiao of one value."""
    return CHI_TABLE_GROUP[tuple(sorted(cards))]


def forbidden(t, seat: int, card: int) -> str | None:
    """R6.4: the refusal code (actions.IllegalAction) why this seat may not chi or peng this kind, or None."""
    if t.passed[seat] >> card & 1:
        return "passed_card"
    if t.discarded[seat] >> card & 1:
        return "own_discard_card"
    return None


# The lru_caches' sizes below hold the working set of a long bot soak (bench/soak_bots.py): its distinct
# keys keep coming (new hands), so a larger cache only grows the process. Keyed on bitmasks of the kinds
# near the card, 1,000 random hands (170 per variant) fill 2,245 entries of _chi_local (92% hits) and
# 2,093 of _bi_sets (35% hits: it is asked on misses of _chi_local only).
@lru_cache(maxsize=1 << 12)
def _bi_sets(usable: int, twice: int, card: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every set of bi groups that lays down all copies of `card` left in the usable hand (R6.3), the
    hand as the bitmasks of the kinds held once or twice and held twice (prechecks.Facts)."""
    if not usable >> card & 1:
        return ((),)
    out = set()
    for g, once, two in _BI_MASKS[card]:
        if usable & once == once and twice & two == two:  # the group's cards are in hand
            more = _bi_sets(*_without(usable, twice, once, two), card)
            out.update(tuple(sorted((g, *m))) for m in more)
    return tuple(sorted(out))


def _masks(cards) -> tuple[int, int]:
    """The kinds these cards hold once and twice, as bitmasks (a group never holds a kind three times)."""
    once = sum(1 << k for k in set(cards) if cards.count(k) == 1)
    return once, sum(1 << k for k in set(cards) if cards.count(k) == 2)


def _without(usable: int, twice: int, once: int, two: int) -> tuple[int, int]:
    """The hand (as _bi_sets reads it) less the cards of these masks (_masks), all in it: a kind held
    twice and taken once is held once; a kind taken once or twice is no longer held."""
    return usable & ~(once & ~twice | two), twice & ~(once | two)


def _needs(group: tuple[int, ...], card: int) -> tuple[tuple[int, int], ...]:
    """The hand cards a chi group needs besides the taken card, as (kind, count)."""
    mine = list(group)
    mine.remove(card)
    return tuple((k, mine.count(k)) for k in sorted(set(mine)))


CHI_NEEDS = tuple(tuple((g, _needs(g, k)) for g in GROUPS_WITH[k]) for k in C.KINDS)
_BI_MASKS = tuple(tuple((g, *_masks(g)) for g in GROUPS_WITH[k]) for k in C.KINDS)  # a bi group's cards
_CHI_ALONE = tuple(tuple(Action.chi(g) for g in GROUPS_WITH[k]) for k in C.KINDS)  # each chi without bi
# Per kind: the hand cards each chi group needs besides the taken card, as bitmasks of the kinds needed
# once and twice (prechecks.Facts).
_CHI_MASKS = tuple(tuple((sum(1 << k for k, n in needs if n == 1), sum(1 << k for k, n in needs if n == 2))
                         for _, needs in row) for row in CHI_NEEDS)


_LOCAL = tuple(sum(1 << k for k in kinds) for kinds in NEIGHBOURS)  # bitmask of the kinds near each kind


def chi_completions(hand, card: int) -> tuple[Action, ...]:
    """R6.2–R6.3: every (chi group, bi groups) choice that completes. Kan cards are never used.
    Only the kinds that share a chi group with the card matter, and of each only whether it is held
    once or twice (a kan is never used): the cache keys on those two bitmasks."""
    facts, local = hand_facts(bytes(hand)), _LOCAL[card]
    return _chi_local(card, facts.usable & local, facts.twice & local)


@lru_cache(maxsize=1 << 12)
def _chi_local(card: int, usable: int, twice: int) -> tuple[Action, ...]:
    if not usable >> card & 1:  # nothing to bi: the common case, distinct groups, their actions made once
        return tuple(a for (once, two), a in zip(_CHI_MASKS[card], _CHI_ALONE[card])
                     if usable & once == once and twice & two == two)
    out = []
    for g, (once, two) in zip(GROUPS_WITH[card], _CHI_MASKS[card]):
        if usable & once == once and twice & two == two:
            out.extend(_chi_with_bi(g, bis) for bis in _bi_sets(*_without(usable, twice, once, two), card))
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=1 << 12)  # a chi group and its bi sets: a few thousand at most (Action.chi sorts)
def _chi_with_bi(group: tuple[int, ...], bis: tuple[tuple[int, ...], ...]) -> Action:
    return Action.chi(group, bis)


def discard_blocked(t, seat: int, hand_after) -> bool:
    """R6.5: a chosen take that owes a discard and leaves nothing to discard is refused."""
    if prechecks.usable_kinds(hand_after):  # a card to discard
        return False
    return owes_discard(t.hands[seat], t.tables[seat], incoming=1)  # a take adds one card


def chi_used(action: Action, card: int) -> list[int]:
    """The hand cards a chi lays down: all its cards but the taken one."""
    used = [k for g in action.groups for k in g]
    used.remove(card)
    return used


def chi_choices(t, seat: int, card: int) -> tuple[Action, ...]:
    if (t.passed[seat] | t.discarded[seat]) >> card & 1:  # forbidden (R6.4), read on every card: inlined
        return ()
    hand = t.hands[seat]
    facts, local = t.facts[seat], _LOCAL[card]  # chi_completions, one call less
    found = _chi_local(card, facts.usable & local, facts.twice & local)
    if not found or sum(hand) - 3 * hand.count(3) > 8:  # a chi with two bi uses 8 hand cards: one is left
        return found
    if not owes_discard(hand, t.tables[seat], incoming=1):  # discard_blocked's second half: the same for all
        return found
    return tuple(a for a in found if prechecks.usable_kinds(C.minus(hand, chi_used(a, card))))


def can_chi(t, seat: int, card: int) -> bool:
    """`bool(chi_choices(t, seat, card))`, for offers: most hands hold no copy of the card (nothing to
    bi, R6.3), and then a chi group's two other cards are in hand exactly when the card is `near` in
    the hand's facts (never from a kan); else the choices' cache says whether a chi with its bi
    completes. A hand of more than 8 such cards can never be left without a discard (R6.5): only
    the rest builds the choices."""
    if (t.passed[seat] | t.discarded[seat]) >> card & 1:  # forbidden (R6.4)
        return False
    facts = t.facts[seat]
    if facts.usable >> card & 1:
        local = _LOCAL[card]
        if not _chi_local(card, facts.usable & local, facts.twice & local):
            return False
    elif not facts.near >> card & 1:
        return False
    hand = t.hands[seat]
    return sum(hand) - 3 * hand.count(3) > 8 or bool(chi_choices(t, seat, card))


def can_peng(t, seat: int, card: int) -> bool:
    hand = t.hands[seat]
    if hand[card] != 2 or forbidden(t, seat, card):
        return False
    after = list(hand)
    after[card] = 0
    return not discard_blocked(t, seat, after)


def pao_seat(t, kind: str, card: int, owner: int) -> int | None:
    """R5.3: the seat that must pao this card: a kan in hand or a wei on the table, when another player
    discards or draws it; a peng on the table, when anyone draws it."""
    if not t.threes >> card & 1:  # nobody holds three of the card: the common case, no seat to look at
        return None
    hands, pengs, weis, drawn, bit = t.hands, t.pengs, t.weis, kind == DRAW, 1 << card
    for s in t.order:
        n = hands[s][card]
        if n:  # a copy in hand: no peng or wei of the card on this seat's table
            if n == 3 and s != owner:
                return s
        elif (drawn and pengs[s] & bit) or (s != owner and weis[s] & bit):
            return s
    return None


def hu_source(kind: str, seat: int, owner: int, card: int):
    """(winning card or None, Source) for scoring.evaluate, by window (R7.3, R9.3)."""
    if kind == DRAW:
        return card, (_OWN_DRAW if seat == owner else _OTHER_DRAW)
    if kind == DISCARD:
        return card, _DISCARD
    if kind == TIWEI:
        return None, _OWN_DRAW
    return (None if seat == owner else card), _SHOWN


def judge(t, seat: int, kind: str, card: int, owner: int, last: bool, earthly: bool):
    """The Win or NoWin of scoring.evaluate for this seat on this window's card."""
    c, source = hu_source(kind, seat, owner, card)
    return scoring.evaluate(t.rules, t.tables[seat], C.from_counts(t.hands[seat]), c, source,
                            last_card=last, earthly=earthly and seat == next_seat(t.order, t.dealer))


def passed_hu_blocks(t, seat: int, card: int) -> int | None:
    """R7.4: the table hu-xi at which this seat let this kind go, if it is still the same; else None."""
    for k, hx in t.passed_hu[seat]:
        if k == card:
            return hx if hx == t.table_huxi(seat) else None
    return None


def skipped_peng_blocks(t, seat: int) -> bool:
    """R10.3 [reading]: where skipping a peng is a violation, the seat that skipped one may not hu."""
    return t.rules.skipped_peng_bars_hu and bool(t.skipped_peng >> seat & 1)


def can_hu(t, seat: int, kind: str, card: int, owner: int) -> bool:
    """Whether the seat may hu on this window's card. Whether a hand wins never hangs on the last card
    or an earthly hu (patterns that add to a win's worth, R10.3): judge scores the seat that hus."""
    c, source = hu_source(kind, seat, owner, card)
    if not prechecks.may_win(t.rules, t.tables[seat], t.hands[seat], c):
        return False  # first: it refuses almost every seat on almost every card
    if skipped_peng_blocks(t, seat):
        return False
    if t.passed_hu[seat] and passed_hu_blocks(t, seat, card) is not None:
        return False
    return scoring.wins(t.rules, t.tables[seat], t.hands[seat], c, source)


def offers(t, kind: str, card: int, owner: int) -> tuple[tuple[int, str], ...]:
    """Every claim on the card, best first (R5.5, R7.3): hu (the drawer, then his 下家, then the next;
    for a discard the discarder's 下家 first), then a forced pao, else peng, then chi (the drawer before
    his 下家). A pending pao leaves no room for peng or chi."""
    hu_seats, peng_seats, chi_takers = t.claim_ranks[kind][owner]
    out = []  # loops, not list comprehensions: each of those is a call, and offers runs on every card
    if kind not in _IN_FLIGHT:  # a ti/wei's card or the shown card: hu only
        for s in hu_seats:
            if can_hu(t, s, kind, card, owner):
                out.append((s, "hu"))
        return tuple(out)
    facts, bit = t.facts, 1 << card
    for s in hu_seats:  # may_win's first test, without the calls: it refuses most seats on most cards
        if facts[s].wins_with & bit and can_hu(t, s, kind, card, owner):
            out.append((s, "hu"))
    pao = pao_seat(t, kind, card, owner) if t.threes & bit else None  # its first test, inlined
    if pao is not None:
        out.append((pao, "pao"))
        return tuple(out)
    for s in peng_seats:
        if facts[s].twice & bit and can_peng(t, s, card):  # can_peng's first test, inlined
            out.append((s, "peng"))
    for s in chi_takers:
        f = facts[s]
        if (f.usable | f.near) & bit and can_chi(t, s, card):  # can_chi's first test, inlined
            out.append((s, "chi"))
    return tuple(out)

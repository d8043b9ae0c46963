"""Computer players: `choose_action` for bots, `default_action` for timeouts and auto-play (托管).

Engine level: this module imports games.rules only, never Django, so the CLI and bench/ can use it.
A bot decides from what its seat may see: its own hand and table, the piles and the other seats'
face-up groups; it never reads another hand or the stock.

How it judges holdings (hand + table after a move), like a mahjong shanten count: the free hand cards
(kans stay whole, R6.2) fill the groups still missing for the 7 of a win (R7.1), each slot with a
complete group (a sentence or a jiao: 2 points), a partial one (a pair, two cards of a sentence or a
jiao: 1 point) or nothing; `missing` = 2 × slots − points is about how many useful cards the holdings
still lack. Hu-xi below the variant's minimum (R7.2) counts as missing cards too, one per
HUXI_PER_CARD; hu-xi above it (a better grade, R8.1) earns a small bonus. Partial groups count the
hu-xi they would likely bring (a pair: a peng; two cards of 一二三 / 二七十: half that sentence).
"""
from __future__ import annotations

import math
import random
import statistics
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from games.rules import (FOUR_SAME, Action, Group, HandState, HuxiTable, Kind, RuleSet, apply, chi_groups_with,
                         chi_table_group, chi_used, deal, determinized, is_legal, legal_actions, owes_discard,
                         play_out, replay, seat_score, seat_view, unseen_copies)
from games.rules import cards as C

__all__ = ["DEFAULT_LEVEL", "HARD_BUDGET_MS", "LEVELS", "Search", "analyse", "analyse_move", "choose_action", "decide", "default_action",
           "discard_order", "hard_move", "self_play"]

HUXI_PER_CARD = 3.0  # hu-xi short of the minimum that weigh as much as one missing card
GRADE_BONUS = 0.02  # per hu-xi above the minimum
SLOTS = 7  # R7.1

PASS, HU, PENG = Action("pass"), Action("hu"), Action("peng")
NEIGHBOURS = tuple(frozenset(k for g in chi_groups_with(c) for k in g) for c in C.KINDS)  # c's group mates and c
GUARD = sum(4 << 3 * k for k in C.KINDS)  # the top bit of each kind's three-bit field (_Planner)
# Entries kept in each _Planner's memo, least recently used evicted first. A long-lived process (the
# sweeper, a server worker) plays bot hands for ever, and the memo kept growing (~209,600 entries
# after 800 hands, RSS still rising). 1 << 18 (the old clear-all threshold) keeps bench_bots.py's speed:
# smaller caps (50,000) evict entries later hands reuse and cost up to ~40%. With at most PLANNERS
# planners (one per hu-xi table) the memos hold at most PLANNERS × MEMO_CAPACITY entries in all; the
# memo values are interned (fronts), so an entry is a key, a link and a shared tuple. A full memo takes
# about 46 MB: 36 MB of OrderedDict (its hash table grows once more, to 2^20 slots, after about C/2
# evictions, then holds) and 10 MB of keys; bench/soak_bots.py warms up past that step.
MEMO_CAPACITY = 1 << 18
FRONTS_CAPACITY = 1 << 13  # distinct memo values interned per planner (cleared past it: sharing only)
PLANNERS = 8


def choose_action(state: HandState, seat: int, rng: random.Random | None = None) -> Action:
    """The bot's move (the normal level): a hu whenever offered (R7); otherwise the discard or claim
    (peng, chi with its bi, or pass) that leaves the best holdings. Ties go to the first in a fixed
    order, or to `rng`. It reads only what the seat may see (see decide, which takes the view)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    return _choose(state, seat, legal, rng)


def _choose(state: HandState, seat: int, legal: list[Action], rng: random.Random | None,
            stop: float | None = None) -> Action:
    """choose_action on `legal`; past `stop` (perf_counter time; None: no clock) _OutOfTime."""
    if HU in legal:
        return HU
    if PENG in legal and state.rules.skipped_peng_bars_hu:
        return PENG  # R10.3 (Luzhou): declining it would bar every win for the rest of the hand
    if state.turn == seat:
        ranked = _ranked_discards(state, seat, stop)
        return _pick([a for key, a in ranked if key[:3] == ranked[0][0][:3]], rng)
    me = _Holdings.of(state, seat, stop)
    card = state.window.card
    scored = [(me.value_after_take(action, card) if action != PASS else me.value(), action)
              for action in legal]
    best = max(v for v, _ in scored)
    ties = [a for v, a in scored if v == best]
    return PASS if PASS in ties else _pick(ties, rng)  # on a tie, keep the hand flexible


# --- levels -----------------------------------------------------------------------------------------
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
EASY_MISTAKES = 0.35  # the share of easy's decisions (other than a hu) played at random among the others
HARD_BUDGET_MS = 150  # the hard bot's default time per decision (the BOT_HARD_BUDGET_MS setting)
HARD_CANDIDATES = 3  # discards searched: the normal bot's best few (the rest are rarely better)
MIN_ROUNDS = 3  # the hard bot leaves the normal move only after this many rounds (_pick_searched)
SURE = 1.5  # … and only for a mean gain above this many standard errors
OUTLOOK_MARGIN = 1.0  # a card's expected gain (outlook_move) is below one missing card: see close_to_best
OUTLOOK_CANDIDATES = 4  # discards whose outlook is computed, at most (close_to_best)


@dataclass(frozen=True)
class Search:
    """How long the hard bot looks: at most `budget_ms` of wall time (None: no clock) and at most
    `rounds` rounds (one determinization, every candidate played out on it). With a clock, how many
    rounds fit depends on the machine; a test that needs the same move twice sets rounds and no clock."""

    budget_ms: float | None = HARD_BUDGET_MS
    rounds: int = 0


def decide(rules: RuleSet, view: dict, level: str = DEFAULT_LEVEL, seed: int = 0,
           search: Search = Search()) -> Action:
    """A bot's move from its seat's view (games.rules.seat_view): what a person at that seat sees, never
    the hidden state. Deterministic given the view, the level and the seed (hard: and `search`'s rounds
    when its clock does not stop it first). easy: the normal move, but a share EASY_MISTAKES of its
    decisions (never a hu) is another legal move at random; normal: choose_action; hard: the best
    outlook under a clock, then determinized Monte-Carlo if `search` has rounds (_hard_decision)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if not view.get("to_act"):
        raise ValueError(f"seat {view.get('seat')} has nothing to decide")
    started = time.perf_counter()  # the hard bot's budget counts the whole decision
    legal = [Action.parse(a) for a in view["legal"]]
    rng = random.Random(seed)
    state = determinized(rules, view, rng)  # the hidden cards sampled: the heuristic never reads them
    if state is None:
        return _fallback(legal)
    if level == "hard":
        return _hard_decision(rules, view, legal, state, rng, search, started)
    normal = _choose(state, view["seat"], legal, None)
    if level == "normal" or normal == HU or len(legal) == 1:
        return normal
    others = [a for a in legal if a != normal]
    return rng.choice(others) if rng.random() < EASY_MISTAKES else normal


def _hard_decision(rules: RuleSet, view: dict, legal: list[Action], state: HandState, rng: random.Random,
                   search: Search, started: float) -> Action:
    """The hard move on the sample `state`, every planner call under the budget's clock: the normal
    move first (past the budget: _quick_move), then outlook_move, then the search if it has rounds."""
    seat = view["seat"]
    if len(legal) == 1:
        return legal[0]
    stop = None if search.budget_ms is None else started + search.budget_ms / 1000
    try:
        normal = _choose(state, seat, legal, None, stop)
    except _OutOfTime:
        return _quick_move(state, seat, legal)
    if normal == HU:
        return normal
    base = outlook_move(state, seat, legal, normal, stop)
    if not search.rounds or not all(is_legal(state, seat, a) for a in legal):
        return base  # no search asked, or a sample the search cannot play every legal move on
    return _hard(rules, view, legal, base, state, rng, search, started)


def _quick_move(state: HandState, seat: int, legal: list[Action]) -> Action:
    """The hard bot's move when its budget ran out before the normal move was found (a cold planner):
    no planner call. A discard: the most isolated card (_isolation, _ranked_discards' tie-breaks); a
    claim: pass (a hu or a forced peng never comes here: _choose returns them before the planner)."""
    if state.turn != seat:
        return _fallback(legal)
    seen = _seen(state, seat)
    return min(legal, key=lambda a: _isolation(state.hands[seat], seen, a.card))


def outlook_move(state: HandState, seat: int, legal: list[Action], normal: Action,
                 stop: float | None = None) -> Action:
    """The hard bot's move before any playout: the discard or claim (peng, chi with its bi, or pass)
    with the best outlook (_Holdings.outlook: the holdings left, plus what the next card is expected
    to add), `normal` on a tie. It reads the seat's own holdings and the copies it has not seen only.
    The normal move is judged first; past `stop` (perf_counter time; None: no clock) nothing more is.
    Its strength against the normal bot: README, Benchmarks (bench_bots.py --levels)."""
    if PENG in legal and state.rules.skipped_peng_bars_hu:
        return normal  # R10.3: as the normal bot
    left = unseen_copies(state, seat)
    me = _Holdings.of(state, seat, stop)
    if state.turn == seat:
        try:
            cards = me.close_to_best([a.card for a in legal])
        except _OutOfTime:
            return normal
        candidates = [a for a in legal if a.card in cards]
    else:
        candidates = legal
    best, move = None, normal
    for action in [normal] + [a for a in candidates if a != normal]:
        try:
            if state.turn == seat:
                judged = me.outlook_without(action.card, left)
            elif action == PASS:
                judged = me.outlook(left)
            else:
                judged = me.outlook_after_take(action, state.window.card, left)
        except _OutOfTime:
            break  # the best judged so far, or the normal move
        if best is None or judged > best:
            best, move = judged, action
    return move


class _OutOfTime(Exception):
    """The hard bot's clock ran out (_Planner.fill checks it on each memo miss)."""


def hard_move(rules: RuleSet, view: dict, seed: int, search: Search) -> str:
    """The hard bot's move as text: what the sweeper's worker processes run (this module imports the
    engine only, so a spawned worker never loads Django)."""
    return decide(rules, view, "hard", seed=seed, search=search).text


def _fallback(legal: list[Action]) -> Action:
    """A view no sample agrees with (it should not happen): hu if offered, else pass, else a discard."""
    return HU if HU in legal else PASS if PASS in legal else legal[0]


def _hard(rules: RuleSet, view: dict, legal: list[Action], normal: Action, first: HandState,
          rng: random.Random, search: Search, started: float) -> Action:
    """Flat Monte-Carlo over determinizations (_scores), the normal move kept unless another is clearly
    better (_pick_searched)."""
    return _pick_searched(normal, _scores(rules, view, _candidates(view, legal, normal, first), first, rng, search,
                                          started))


def _pick_searched(normal: Action, scores: dict[Action, list[int]]) -> Action:
    """The candidate with the best mean score, if it beats the normal move clearly: over at least
    MIN_ROUNDS rounds, its mean gain on the same samples is more than SURE standard errors. A handful
    of playouts is mostly noise (a hand's score swings by tens of points), and following it blindly
    played worse than the normal bot (bench_bots.py --levels, 1 round: 15.5 % wins, −1.55 per hand)."""
    if not scores or normal not in scores or len(scores[normal]) < MIN_ROUNDS:
        return normal
    best = max(scores, key=lambda a: (statistics.fmean(scores[a]), a == normal))
    if best == normal:
        return normal
    gains = [b - n for b, n in zip(scores[best], scores[normal])]
    mean, spread = statistics.fmean(gains), statistics.stdev(gains)
    return best if mean > SURE * spread / math.sqrt(len(gains)) else normal


def _candidates(view: dict, legal: list[Action], normal: Action, first: HandState) -> list[Action]:
    """The moves searched: the normal bot's best HARD_CANDIDATES discards (its own first), or every claim
    choice."""
    seat = view["seat"]
    if view["turn"] != seat:
        return list(legal)
    ranked = [a for _, a in _ranked_discards(first, seat)][:HARD_CANDIDATES]
    return ranked if normal in ranked else [normal] + ranked[:-1]


def _scores(rules: RuleSet, view: dict, candidates: list[Action], first: HandState, rng: random.Random,
            search: Search, started: float) -> dict[Action, list[int]]:
    """Each candidate's scores for the seat (seat_score: the points won or paid, not only whether it
    wins), a round each: each round samples the hidden cards anew (consistent with the view) and plays
    every candidate out on that same sample, every seat then played by the normal bot, to the hand's
    end. Empty when not one round fitted the budget."""
    seat = view["seat"]
    totals: dict[Action, list[int]] = {a: [] for a in candidates}
    stop = None if search.budget_ms is None else started + search.budget_ms / 1000
    rounds, state, playouts, begun = 0, first, 0, time.perf_counter()  # a playout's time: from here
    while rounds < search.rounds:
        if rounds:
            state = determinized(rules, view, rng)
            if state is None or not all(is_legal(state, seat, a) for a in candidates):
                break
        playout_seed = rng.getrandbits(32)
        scores = {}
        for action in candidates:
            now = time.perf_counter()
            if stop is not None and playouts and now + (now - begun) / playouts > stop:
                break  # the next playout would likely end past the budget
            scores[action] = _playout(state, seat, action, playout_seed)
            playouts += 1
        if len(scores) < len(candidates):
            break  # an unfinished round is not counted: every candidate is judged on the same samples
        for action, score in scores.items():
            totals[action].append(score)
        rounds += 1
    return totals if rounds else {}


def analyse(rules: RuleSet, seed: int, dealer: int, players: int, log, search: Search = Search(budget_ms=None, rounds=8),
            progress=None, held: bool = False) -> list[dict]:
    """What the hard bot would have played at each decision of a finished hand (its seed and action log,
    as games.rules.replay reads them), from the deciding seat's view then, and its estimates of that
    seat's expected score: `before` (the mean of the hard bot's move: the position's worth as it would
    play it) and `after` (the mean of the move actually played, always searched too). Deterministic given the hand and `search`
    without a clock (each decision seeded by its move number). `progress(done, total)` after each."""
    played = replay(rules, seed, dealer, players, log, steps=True, held=held)
    out = []
    for i, (seat, action) in enumerate(played.log):
        out.append(analyse_move(rules, played.states[i], seat, action, i, search))
        if progress is not None:
            progress(i + 1, len(played.log))
    return out


def analyse_move(rules: RuleSet, state: HandState, seat: int, action, i: int, search: Search) -> dict:
    """analyse's entry for the hand's i-th decision (from 0): `state` before it, `action` as played."""
    action = action if isinstance(action, Action) else Action.parse(action)
    view = seat_view(state, seat)
    legal = [Action.parse(a) for a in view["legal"]]
    rng = random.Random(i)
    first = determinized(rules, view, rng)
    entry = {"move_no": i + 1, "seat": seat, "played": action.text, "hard": action.text, "before": None,
             "after": None}
    if first is not None and all(is_legal(first, seat, a) for a in legal):
        normal = _choose(first, seat, legal, None)
        if normal != HU and len(legal) > 1:
            normal = outlook_move(first, seat, legal, normal)
        candidates = _candidates(view, legal, normal, first)
        if action not in candidates:
            candidates.append(action)
        scores = _scores(rules, view, candidates, first, rng, search, time.perf_counter())
        if scores:
            hard = _pick_searched(normal, scores)
            entry.update(hard=hard.text, before=round(statistics.fmean(scores[hard]), 2),
                         after=round(statistics.fmean(scores[action]), 2))
    return entry


def _playout(state: HandState, seat: int, action: Action, seed: int) -> int:
    """The seat's score when it plays `action` and every seat then plays the normal bot to the end."""
    play = play_out(state)
    play.step(seat, action)
    rng = random.Random(seed)
    while play.result is None:
        who = play.to_act[0]
        play.step(who, _choose(play, who, legal_actions(play, who), rng))
    return seat_score(play.result, seat, state.players, state.dealer)


def default_action(state: HandState, seat: int) -> Action:
    """What a seat does when its time runs out or it is on auto-play (托管), as the issue says: pass on
    every claim (a hu too: the player did not choose it), and discard the most useless card."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    if state.turn == seat:
        return _ranked_discards(state, seat)[0][1]
    return PASS


def discard_order(state: HandState, seat: int) -> list[int]:
    """The seat's legal discards, most useless first (for hints and tests)."""
    return [a.card for _, a in _ranked_discards(state, seat)]


def self_play(rules: RuleSet, seed: int, dealer: int, players: int, bots) -> HandState:
    """Play one hand from its seed: seats in `bots` play choose_action, the others pick uniformly among
    their legal actions (the random player of `cli simulate`), from a generator seeded by `seed`."""
    rng = random.Random(seed)
    state, _ = deal(rules, seed=seed, dealer=dealer, players=players)
    while not state.finished:
        seat = state.to_act[0]
        action = choose_action(state, seat) if seat in bots else rng.choice(legal_actions(state, seat))
        state, _ = apply(state, seat, action)
    return state


def _pick(best: list[Action], rng: random.Random | None) -> Action:
    return best[0] if rng is None else rng.choice(best)


def _ranked_discards(state: HandState, seat: int, stop: float | None = None) -> list[tuple[tuple, Action]]:
    """Legal discards (never a kan card, R6.5), best first: the holdings left, then _isolation."""
    me = _Holdings.of(state, seat, stop)
    seen = _seen(state, seat)
    actions = legal_actions(state, seat)
    return sorted(((-me.value_without(a.card), *_isolation(me.hand, seen, a.card)), a) for a in actions)


def _isolation(hand: list[int], seen: list[int], card: int) -> tuple[int, int, int]:
    """A discard's tie-breaks after the holdings it leaves: the card with the fewest partners in hand
    (an isolated card first), then the fewest copies unseen by this seat (others are less likely to
    peng, pao or chi it), then the card order."""
    return _partners(hand, card), C.COPIES - seen[card], card


@dataclass
class _Holdings:
    """One seat's holdings as the bot weighs them: a working copy it may change."""

    rules: RuleSet
    table: list[Group]
    hand: list[int]
    stop: float | None = None  # the hard bot's clock (perf_counter time; None: none): past it, _OutOfTime

    @classmethod
    def of(cls, state: HandState, seat: int, stop: float | None = None) -> _Holdings:
        return cls(state.rules, list(state.tables[seat]), list(state.hands[seat]), stop)

    def value(self) -> float:
        return holdings_value(self.rules, self.table, self.hand, self.stop)

    def value_without(self, card: int) -> float:
        self.hand[card] -= 1
        try:
            return self.value()
        finally:
            self.hand[card] += 1

    def outlook(self, left: list[int]) -> float:
        """The value now plus the expected gain of one more card, drawn from the `left` unseen copies
        (a mahjong player's count of useful cards, 受入): of two holdings equally close to a win, the one
        more cards improve. Only kinds next to a hand card (sharing a group with it) can add a point."""
        base = self.value()
        hand, total, gain = self.hand, sum(left), 0.0
        for c in C.KINDS:
            if left[c] and hand[c] < 3 and any(0 < hand[k] < 3 for k in NEIGHBOURS[c]):
                hand[c] += 1
                try:
                    gain += left[c] * max(0.0, self.value() - base)
                finally:
                    hand[c] -= 1
        return base + gain / total if total else base

    def close_to_best(self, cards: list[int]) -> list[int]:
        """The discards among `cards` whose outlook is worth computing (the costly part: a planner call
        per kind): those that leave a value within OUTLOOK_MARGIN of the best (the expected gain of one
        card stays below it), at most OUTLOOK_CANDIDATES of them, the best values and then the most
        isolated cards first (as _ranked_discards)."""
        ranked = sorted((-self.value_without(k), _partners(self.hand, k), k) for k in cards)
        return [k for v, _, k in ranked[:OUTLOOK_CANDIDATES] if -v >= -ranked[0][0] - OUTLOOK_MARGIN]

    def outlook_without(self, card: int, left: list[int]) -> float:
        self.hand[card] -= 1
        try:
            return self.outlook(left)
        finally:
            self.hand[card] += 1

    def outlook_after_take(self, action: Action, card: int, left: list[int]) -> float:
        after, options = self.taken(action, card)
        if not options:
            return after.outlook(left)
        return max(after.outlook_without(k, left) for k in after.close_to_best(options))

    def value_after_take(self, action: Action, card: int) -> float:
        """The holdings after a peng or chi (with its bi) on `card`, and the best discard if one is owed."""
        after, options = self.taken(action, card)
        return max((after.value_without(k) for k in options), default=after.value())

    def taken(self, action: Action, card: int) -> tuple[_Holdings, list[int]]:
        """The holdings after a peng or chi (with its bi) on `card`, and the kinds they may then
        discard (none when no discard is owed)."""
        hand, table = self.hand[:], self.table[:]
        if action.verb == "peng":
            hand[card] -= 2
            table.append(Group(Kind.PENG, (card,) * 3))
        else:
            for k in chi_used(action, card):
                hand[k] -= 1
            table += [chi_table_group(g) for g in action.groups]
        options = [k for k in C.KINDS if 0 < hand[k] < 3] if owes_discard(hand, table) else []
        return _Holdings(self.rules, table, hand, self.stop), options


def holdings_value(rules: RuleSet, table: list[Group], hand: list[int], stop: float | None = None) -> float:
    """How close these holdings are to a win worth having: minus the missing cards (see the module
    docstring), minus the hu-xi shortfall in cards, plus a little for hu-xi above the minimum. Past
    `stop` (perf_counter time; None: no clock) the planner raises _OutOfTime."""
    hx = rules.huxi.huxi
    base_hx = sum(hx(g.kind, g.cards) for g in table)
    kans = [k for k in C.KINDS if hand[k] >= 3]
    base_hx += sum(hx(Kind.KAN, (k,) * 3) for k in kans)
    slots = max(0, SLOTS - len(table) - len(kans))
    jiang = any(g.kind in FOUR_SAME for g in table)  # R7.1: one jiang iff a pao or ti
    free = sum(n << 3 * k for k, n in enumerate(hand) if n < 3)
    best = float("-inf")
    planner = _planner(rules.huxi)
    planner.stop = stop
    for points, gain in planner.fill(free, slots, jiang):
        missing = 2 * slots - points
        total = base_hx + gain
        short = max(0.0, rules.min_huxi - total)
        best = max(best, -missing - short / HUXI_PER_CARD + GRADE_BONUS * max(0.0, total - rules.min_huxi))
    return best


@lru_cache(maxsize=PLANNERS)
def _planner(table: HuxiTable) -> _Planner:
    return _Planner(table)


class _Planner:
    """The best ways to fill slots with groups from free cards, under one hu-xi table, memoised.
    Free cards (0–2 of a kind: kans are set apart) are packed three bits a kind into an int, as
    winning.py packs its counts, so taking a group is a subtraction and the memo key a plain int; with
    each field's top bit set (GUARD) first, a field that had too few copies loses that bit.
    The memo is an LRU of MEMO_CAPACITY entries (fill is pure: an eviction costs time, never changes
    a result). A memo miss past `stop` (perf_counter time, set by holdings_value; None: no clock) raises
    _OutOfTime: a cold fill can take 200 ms, the hard bot's whole budget."""

    def __init__(self, table: HuxiTable):
        self.stop: float | None = None
        self.memo: OrderedDict[int, tuple[tuple[int, float], ...]] = OrderedDict()
        self.fronts: dict[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]] = {}
        self.moves = [self._moves(table, i) for i in C.KINDS]

    @staticmethod
    def _moves(table: HuxiTable, i: int) -> list[tuple[int, int, float, bool]]:
        """(packed cards, points, likely hu-xi, is a pair) of every group or partial group whose lowest
        card is i: complete sentences and jiao; pairs; two cards of a sentence or jiao."""
        complete, partial = {}, {}
        for g in chi_groups_with(i):
            huxi = table.huxi(chi_table_group(g).kind, g)
            if g[0] == i:
                complete[g] = huxi
            for drop in range(3):
                two = g[:drop] + g[drop + 1:]
                if two[0] == i:
                    partial[two] = max(partial.get(two, 0.0), huxi / 2)
        partial[(i, i)] = float(table.huxi(Kind.PENG, (i,) * 3))
        groups = [(g, 2, float(h)) for g, h in complete.items()] + [(g, 1, h) for g, h in partial.items()]
        return [(sum(1 << 3 * k for k in g), points, gain, len(g) == 2 and g[0] == g[1])
                for g, points, gain in groups]

    def fill(self, free: int, slots: int, jiang: bool) -> tuple[tuple[int, float], ...]:
        """Pareto-best (points, likely hu-xi) pairs; a pair may be the jiang (a complete slot, no hu-xi)."""
        if not free or not slots:
            return ((0, 0.0),)
        key = free << 4 | slots << 1 | jiang
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            memo.move_to_end(key)
            return hit
        if self.stop is not None and time.perf_counter() > self.stop:
            raise _OutOfTime
        i = ((free & -free).bit_length() - 1) // 3  # the lowest kind held
        found = list(self.fill(free - (1 << 3 * i), slots, jiang))  # i stays loose
        guarded = free | GUARD
        for cards, points, gain, pair in self.moves[i]:
            if (guarded - cards) & GUARD != GUARD:
                continue  # too few copies of some card
            rest = free - cards
            found += [(p + points, h + gain) for p, h in self.fill(rest, slots - 1, jiang)]
            if pair and jiang:
                found += [(p + 2, h) for p, h in self.fill(rest, slots - 1, False)]
        found.sort(reverse=True)
        out, top = [], float("-inf")
        for p, h in found:
            if h > top:
                out.append((p, h))
                top = h
        out = tuple(out)
        fronts = self.fronts  # few distinct results (thousands): share one tuple between many keys
        if len(fronts) > FRONTS_CAPACITY:
            fronts.clear()
        memo[key] = out = fronts.setdefault(out, out)
        if len(memo) > MEMO_CAPACITY:
            memo.popitem(last=False)
        return out


def _partners(hand: list[int], card: int) -> int:
    """How many other hand cards share a possible group with this copy of `card` (0: isolated)."""
    others = 0
    for k in NEIGHBOURS[card]:
        n = hand[k] - (k == card)
        if n < 3:  # kan cards are never used (R6.2)
            others += n
    return others


def _seen(state: HandState, seat: int) -> list[int]:
    """Copies of each kind this seat can see: its hand, its table, the piles, others' face-up groups."""
    seen = list(state.hands[seat])
    for pile in state.piles:
        for k in pile:
            seen[k] += 1
    for s, table in enumerate(state.tables):
        for g in table:
            if s == seat or g.kind not in (Kind.WEI, Kind.CHOUWEI, Kind.TI):
                for k in g.cards:
                    seen[k] += 1
    return seen

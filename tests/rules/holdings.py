"""Test helpers: `evaluate` calls from the card notation (through the CLI's own request parser), and
random holdings built from 7 valid groups (property tests and bench/bench_winning.py)."""
from dataclasses import dataclass, field

from games.rules.cli_score import parse_request
from games.rules.groups import Group, Kind
from games.rules.scoring import Source


def ev(variant, hand, card=None, source=None, groups=(), **flags):
    """Evaluate `hand` (+ `card` from `source`) with table `groups` given as (kind, cards) pairs."""
    obj = {"variant": variant, "hand": hand, "card": card, "source": source,
           "groups": [{"kind": kind, "cards": cards} for kind, cards in groups], **flags}
    return parse_request(obj).evaluate()


def split_of(result):
    """The split as sorted (kind, cards) pairs, easy to compare."""
    return sorted((g.kind.value, g.text) for g in result.split)



_TABLE_THREE = (Kind.PENG, Kind.WEI, Kind.CHOUWEI)
_FILLERS = ("sentence", "sentence", "sentence", "sentence", "jiao", "kan", "kan", "table3", "chi", "chi")


@dataclass
class Built:
    """Holdings made of 7 known groups, and a winning card taken out of a hand group."""

    table: list = field(default_factory=list)  # Group
    hand_groups: list = field(default_factory=list)  # Group (kan, ti, sentence, jiao, jiang) in hand
    card: int | None = None
    source: Source | None = None

    @property
    def hand(self) -> list[int]:
        cards = [k for g in self.hand_groups for k in g.cards]
        if self.card is not None:
            cards.remove(self.card)
        return sorted(cards)

    def groups(self):
        return self.table + self.hand_groups


def _sentence(rng):
    size = rng.choice((0, 10))
    if rng.random() < 0.15:
        return Kind.SENTENCE, (size + 1, size + 6, size + 9)
    v = rng.randrange(8)
    return Kind.SENTENCE, (size + v, size + v + 1, size + v + 2)


def _jiao(rng):
    v = rng.randrange(10)
    return Kind.JIAO, ((v, v, v + 10) if rng.random() < 0.5 else (v, v + 10, v + 10))


# Sentences and jiao of a few crowded values: hands made of them split in many competing ways.
_DENSE = [(Kind.SENTENCE, (s + v, s + v + 1, s + v + 2)) for s in (0, 10) for v in range(3)] + [
    (Kind.SENTENCE, (s + 1, s + 6, s + 9)) for s in (0, 10)] + [
    (Kind.JIAO, cards) for v in (0, 1, 2, 3, 6, 9) for cards in ((v, v, v + 10), (v, v + 10, v + 10))]
# Three jiao that are also two small sentences and a big one (一一壹 二二贰 三三叁 = 一二三 一二三 壹贰叁).
_BUNDLES = [[(Kind.JIAO, (v, v, v + 10)) for v in values] for values in
            [(i, i + 1, i + 2) for i in range(8)] + [(1, 6, 9)]]


def build(rng, discard_win=False, table_bias=0.0, dense=False) -> Built:
    """7 random groups a winner may hold (R7.1): copies ≤ 4, hand kans never mixed with loose copies.

    `table_bias`: the share of groups forced onto the table (smaller hands); `dense`: sentences and
    jiao from a few crowded values, and bundles of jiao that also read as sentences."""
    left, loose, whole = [4] * 20, [0] * 20, set()  # loose: hand copies outside kan/ti
    b = Built()
    n4 = rng.choice((0, 0, 0, 1, 1, 2))

    def fits(groups, in_hand, solid=False):
        need = [0] * 20
        for _, cards in groups:
            for k in cards:
                need[k] += 1
        for k in range(20):
            if need[k] > left[k]:
                return False
            if need[k] and in_hand and (k in whole or (solid and loose[k]) or (not solid and loose[k] + need[k] > 2)):
                return False
        return True

    def put(groups, in_hand):
        for kind, cards in groups:
            for k in cards:
                left[k] -= 1
                if in_hand and kind not in (Kind.KAN, Kind.TI):
                    loose[k] += 1
            if in_hand and kind in (Kind.KAN, Kind.TI):
                whole.add(cards[0])
            (b.hand_groups if in_hand else b.table).append(Group(kind, tuple(sorted(cards))))

    while len(b.groups()) < n4:
        k = rng.randrange(20)
        kind, in_hand = rng.choice(((Kind.PAO, False), (Kind.TI, False), (Kind.TI, True)))
        if fits([(kind, (k,) * 4)], in_hand, solid=True):
            put([(kind, (k,) * 4)], in_hand)
    while n4 and len(b.groups()) == n4:
        k = rng.randrange(20)
        if fits([(Kind.JIANG, (k, k))], True):
            put([(Kind.JIANG, (k, k))], True)
    while len(b.groups()) < 7:
        what = rng.choice(("chi", "table3") if rng.random() < table_bias else _FILLERS)
        in_hand = what not in ("chi", "table3")
        if dense and in_hand and len(b.groups()) <= 4 and rng.random() < 0.3:
            groups = rng.choice(_BUNDLES)
        elif dense and what in ("sentence", "jiao"):
            groups = [rng.choice(_DENSE)]
        elif what in ("sentence", "chi"):
            groups = [_sentence(rng) if rng.random() < 0.8 else _jiao(rng)]
        elif what == "jiao":
            groups = [_jiao(rng)]
        else:
            k = rng.randrange(20)
            groups = [((Kind.KAN if what == "kan" else rng.choice(_TABLE_THREE)), (k, k, k))]
        if fits(groups, in_hand, solid=groups[0][0] == Kind.KAN):
            put(groups, in_hand)
    _pick_card(rng, b, loose, discard_win)
    return b


# The winning card may also complete a hand group (R5, R7.1): group kind in hand → (kind it becomes,
# sources that make it so).
_JOINS = {
    Kind.KAN: ((Kind.PENG, (Source.OTHER_DRAW, Source.SHOWN, Source.DISCARD)),  # a pair + the card
               (Kind.WEI, (Source.OWN_DRAW,))),
    Kind.TI: ((Kind.PAO, (Source.OTHER_DRAW, Source.DISCARD)), (Kind.TI, (Source.OWN_DRAW,))),
}


def _pick_card(rng, b: Built, loose, discard_win) -> None:
    """The winning card: none (holdings as they stand), a card completing a hand kan or ti (then a
    pair or a kan in hand), or a loose hand card from a source that lets it stay loose."""
    joinable = [g for g in b.hand_groups if g.kind in _JOINS]
    if joinable and rng.random() < 0.25:
        g = rng.choice(joinable)
        kind, sources = rng.choice(_JOINS[g.kind])
        sources = [s for s in sources if s is not Source.DISCARD or discard_win]
        if sources:
            b.hand_groups[b.hand_groups.index(g)] = Group(kind, g.cards)
            b.card, b.source = g.cards[0], rng.choice(sources)
            return
    candidates = [k for g in b.hand_groups if g.kind not in (Kind.KAN, Kind.TI) for k in g.cards]
    if not candidates or rng.random() < 0.15:
        b.card, b.source = None, rng.choice((Source.OWN_DRAW, Source.SHOWN, None))
        return
    c = rng.choice(candidates)
    own_forced = loose[c] - 1 >= 2 or any(g.kind in (Kind.WEI, Kind.CHOUWEI) and g.cards[0] == c for g in b.table)
    sources = [Source.OTHER_DRAW, Source.OTHER_DRAW, Source.SHOWN] + [Source.DISCARD] * discard_win
    b.card, b.source = c, rng.choice(sources + ([] if own_forced else [Source.OWN_DRAW] * 2))

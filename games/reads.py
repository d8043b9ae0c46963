"""The latest read of each table, per process (docs/design.md#one-read-per-change).

A change of a table sends its consumers the table's new version. The first consumer of this process
to ask for that version reads the table, its seats and its current hand once (two statements, plus
one for what changes only between hands); every other socket of this process at that table uses the
same read. All database work of a Daphne process runs on one thread, so the cache needs no lock.
Objects here are shared between sockets: read them, never change them.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from django.db import transaction

from games.clock import deadlines
from games.models import Hand, Seat, Table
from games.rules import HandState, public_view, seat_view

CAPACITY = 4096  # tables kept; the least recently read goes first


@dataclass
class TableRead:
    version: int
    table: Table
    seats: dict[int, Seat]
    hand: Hand | None
    state: HandState | None
    totals: dict[int, int]  # private rooms: points so far per seat
    previous_multiplier: int | None  # coin rooms: the multiplier of the hand before this one
    views: dict[int | None, dict] = field(default_factory=dict)  # the view per position, made on first use
    shared: dict = field(default_factory=dict)  # fragment data every viewer sees alike (games.live.fragments)

    @property
    def due(self):
        return deadlines.due_at(self.table, self.hand)

    def view(self, position: int | None) -> dict | None:
        """What this seat may see (games.rules.seat_view; None: a spectator, public_view), once per read
        and position."""
        if self.state is None:
            return None
        hit = self.views.get(position)
        if hit is None:
            hit = self.views[position] = (public_view(self.state) if position is None
                                          else seat_view(self.state, position))
        return hit


_READS: OrderedDict[int, TableRead] = OrderedDict()


def table_read(table_id: int, version: int | None = None, move_no: int | None = None) -> TableRead:
    """The table as of `version` or later: the cached read when it is that recent, else a new one.
    None (a socket's first snapshot, a resync) always reads anew. `move_no`: a private step of a held
    claim window (no new version) at that hand move number, which the read must hold too."""
    hit = _READS.get(table_id)
    if hit is not None and version is not None and _recent(hit, version, move_no):
        _READS.move_to_end(table_id)
        return hit
    return _store(_read(table_id, hit))


def stored_version(table_id: int) -> int | None:
    """The table's version in the database, one column of one row (None: no such table): enough to
    tell whether a socket is behind, without reading the table."""
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()


def latest(table_id: int) -> TableRead | None:
    """This process's latest read of the table, whatever its version (None: none kept)."""
    return _READS.get(table_id)


def _store(read: TableRead) -> TableRead:
    _READS[read.table.pk] = read
    _READS.move_to_end(read.table.pk)
    if len(_READS) > CAPACITY:
        _READS.popitem(last=False)
    return read


def remember_on_commit(table: Table, seats, hand: Hand, state: HandState) -> None:
    """After commit, keep what the service that made this change holds as this process's read of it
    (the rows as written, the new state): the sockets of this process need not read it again."""
    def remember() -> None:
        before = _READS.get(table.pk)
        if before is not None and _recent(before, table.version, hand.move_no):
            return
        if (before is not None and before.table.variant_id == table.variant_id
                and not Table.variant.is_cached(table)):
            Table.variant.field.set_cached_value(table, before.table.variant)  # the move path skips it
        _store(TableRead(table.version, table, {s.position: s for s in seats}, hand, state,
                         *_between_hands(table, hand, before)))
    transaction.on_commit(remember)


def _recent(read: TableRead, version: int, move_no: int | None) -> bool:
    """The read shows `version` or later, and at that version the hand's move `move_no` (a private
    step changes the hand without a new version)."""
    if read.version != version or move_no is None:
        return read.version >= version
    return read.hand is not None and read.hand.move_no >= move_no


def forget() -> None:
    """Drop every read (tests: a new test's table may reuse an id)."""
    _READS.clear()


def _read(table_id: int, before: TableRead | None) -> TableRead:
    hand = (Hand.objects.filter(table_id=table_id).select_related("table__tier", "table__variant")
            .order_by("-number").first())
    table = hand.table if hand else Table.objects.select_related("tier", "variant").get(pk=table_id)
    seats = {s.position: s for s in Seat.objects.filter(table_id=table_id).select_related("user")}
    state = _parsed(before, hand) if hand else None
    return TableRead(table.version, table, seats, hand, state, *_between_hands(table, hand, before))


def parsed_state(hand: Hand) -> HandState:
    """The hand's state, parsed: this process's latest read's when it is of that hand at that move."""
    return _parsed(_READS.get(hand.table_id), hand)


def _parsed(before: TableRead | None, hand: Hand) -> HandState:
    if _same_hand(before, hand) and before.hand.move_no == hand.move_no and before.state is not None:
        return before.state  # the state changes only with a move: parsing it is most of a read's CPU
    return HandState.from_json(hand.state)


def _same_hand(before: TableRead | None, hand: Hand | None) -> bool:
    return before is not None and hand is not None and before.hand is not None and before.hand.pk == hand.pk


def _between_hands(table: Table, hand: Hand | None, before: TableRead | None) -> tuple[dict, int | None]:
    """(totals, previous multiplier): what changes only between hands, kept from the read before when
    it was of the same hand (and, for the totals, of the same scores)."""
    same = _same_hand(before, hand)
    scores_same = same and (before.hand.scores is None) == (hand.scores is None)
    return (before.totals if scores_same else _totals(table),
            before.previous_multiplier if same else _previous_multiplier(table, hand))


def _totals(table: Table) -> dict[int, int]:
    """A private room's points so far per seat (they change only when a hand ends)."""
    totals: dict[int, int] = {}
    if table.kind == Table.Kind.PRIVATE:
        for scores in Hand.objects.filter(table=table, scores__isnull=False).values_list("scores", flat=True):
            for p, change in enumerate(scores):
                totals[p] = totals.get(p, 0) + change
    return totals


def _previous_multiplier(table: Table, hand: Hand | None) -> int | None:
    if table.kind != Table.Kind.COIN or hand is None or hand.number == 1:
        return None
    return Hand.objects.filter(table=table, number=hand.number - 1).values_list("multiplier", flat=True).first()

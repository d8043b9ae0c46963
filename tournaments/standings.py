"""The arithmetic of a tournament, pure (no database): the seating from the committed seed, places at a
table and across tables with their tie-breaks, who goes on, the final ranking and the prizes
(docs/design.md#tournaments). Every rule is here once, so the services and the tests read the same."""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One entrant's round: `order` is the registration order (earlier is smaller)."""

    entry: int
    table: int
    points: int
    wins: int
    order: int


def key(r: Result) -> tuple:
    """The tie-breaks, in order: more points in the round, then more hands won in it, then the earlier
    registration."""
    return (-r.points, -r.wins, r.order)


def seat_order(seed: str, round_no: int, entries: list[int]) -> list[int]:
    """The entries in the order the seed draws them for this round: SHA-256 of "<seed>:<round>" as a
    big-endian integer seeds Python's random.Random, which shuffles the entry ids sorted ascending.
    Anyone with the revealed seed and the entry ids can redo it."""
    digest = hashlib.sha256(f"{seed}:{round_no}".encode("ascii")).digest()
    order = sorted(entries)
    random.Random(int.from_bytes(digest, "big")).shuffle(order)
    return order


def tables_of(order: list[int], size: int, address_of: dict[int, str | None]) -> list[list[int]]:
    """Deal the drawn order onto len/size tables, never two entrants of one address at a table when the
    address has no more entrants than there are tables (registration keeps one per address, so it
    never has): the entrants sharing an address, the largest group first (a tie: the one drawn first),
    then each entrant without a shared address in drawn order, each go to the table with the fewest
    entrants (the lowest index on a tie) that has none of their group. That keeps the tables within one
    entrant of each other, so no group is ever left without a table. Each table seats its entrants in
    drawn order."""
    count = len(order) // size
    tables: list[list[int]] = [[] for _ in range(count)]
    drawn = {entry: i for i, entry in enumerate(order)}
    groups: dict = {}
    for entry in order:
        groups.setdefault(address_of.get(entry) or ("alone", entry), []).append(entry)
    for members in sorted(groups.values(), key=lambda g: (-len(g), drawn[g[0]])):
        used: set[int] = set()
        for entry in members:
            room = [i for i, t in enumerate(tables) if len(t) < size]
            target = min([i for i in room if i not in used] or room, key=lambda i: (len(tables[i]), i))
            tables[target].append(entry)
            used.add(target)
    return [sorted(t, key=drawn.__getitem__) for t in tables]


def places(results: list[Result]) -> dict[int, int]:
    """Each entrant's place at its table (1 = best), by the tie-breaks."""
    out: dict[int, int] = {}
    for table in {r.table for r in results}:
        for place, r in enumerate(sorted((r for r in results if r.table == table), key=key), 1):
            out[r.entry] = place
    return out


def next_size(entrants: int, size: int, per_table: int) -> int:
    """How many go on from a round of `entrants`: per_table from each table, cut to a multiple of the
    table size, never fewer than one table (the final)."""
    going = (entrants // size) * per_table
    return max(size, going // size * size)


def goers(results: list[Result], size: int, per_table: int, by_places: bool) -> list[int]:
    """Who goes on, best first. By points: the best next_size across all tables. By places: the best
    per_table of each table, the weakest of them cut (or the best of the others added) to next_size."""
    target = next_size(len(results), size, per_table)
    ranked = sorted(results, key=key)
    if not by_places:
        return [r.entry for r in ranked[:target]]
    place = places(results)
    first = [r for r in ranked if place[r.entry] <= per_table]
    rest = [r for r in ranked if place[r.entry] > per_table]
    return [r.entry for r in (first + rest)[:target]]


def final_ranking(rounds: list[list[Result]], going_on: list[set[int]]) -> list[int]:
    """The entries from first to last: the final table (the last round) by the tie-breaks, then those
    out after each earlier round, the later round first, each group by its round's tie-breaks."""
    order = [r.entry for r in sorted(rounds[-1], key=key)]
    for results, on in zip(reversed(rounds[:-1]), reversed(going_on)):
        order += [r.entry for r in sorted(results, key=key) if r.entry not in on]
    return order


def prize_amounts(mode_share: bool, numbers: list[int], pool: int, house_cut: int) -> list[int]:
    """Coins by rank: fixed, or each share (percent, rounded down) of the pool less the house's cut
    (percent of the pool, rounded down). Whatever rounding leaves stays with the house."""
    if not mode_share:
        return list(numbers)
    net = pool - pool * house_cut // 100
    return [net * n // 100 for n in numbers]

"""The tournament's arithmetic (tournaments.standings), against hand-computed expectations: the seating
drawn from the seed and its addresses, places and their tie-breaks, who goes on by points and by
places, the final ranking, the prizes."""
from tournaments import standings
from tournaments.standings import Result


def r(entry, table, points, wins=0):
    return Result(entry=entry, table=table, points=points, wins=wins, order=entry)


def test_the_seat_order_is_the_seeds_and_anyone_can_redo_it():
    a = standings.seat_order("ab" * 16, 1, [5, 3, 9, 1])
    assert sorted(a) == [1, 3, 5, 9]
    assert a == standings.seat_order("ab" * 16, 1, [1, 3, 5, 9])  # the entries' order given is irrelevant
    other = {tuple(standings.seat_order("ab" * 16, n, list(range(1, 10)))) for n in range(1, 6)}
    assert len(other) > 1  # each round draws anew


def test_tables_never_seat_one_address_twice_when_they_can_avoid_it():
    order = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    address = {1: "10.0.0.1", 2: "10.0.0.1", 3: "10.0.0.1", 4: "10.0.0.2", 5: "10.0.0.2", 6: None, 7: None}
    tables = standings.tables_of(order, 3, address)
    assert sorted(sum(tables, [])) == order and all(len(t) == 3 for t in tables)
    for t in tables:
        shared = [address.get(e) for e in t if address.get(e)]
        assert len(shared) == len(set(shared)), tables
    # fewest seated first: 1, 2, 3 each open a table
    assert [t[0] for t in tables] == [1, 2, 3]


def test_tables_keep_addresses_apart_whatever_the_draw():
    """A draw that once put two of one address together (filling a table early with others): 3 of A,
    3 of B, 3 without an address, in every order the seed may draw."""
    address = {1: "A", 2: "A", 3: "A", 4: "B", 5: "B", 6: "B"}
    for round_no in range(300):
        order = standings.seat_order("cd" * 16, round_no, list(range(1, 10)))
        tables = standings.tables_of(order, 3, address)
        assert sorted(sum(tables, [])) == list(range(1, 10)) and all(len(t) == 3 for t in tables)
        for t in tables:
            known = [address[e] for e in t if e in address]
            assert len(known) == len(set(known)), (order, tables)
            assert t == sorted(t, key=order.index)  # seated in drawn order
    # the order the greedy seating of the first version failed on
    tables = standings.tables_of([7, 1, 8, 9, 2, 3, 4, 5, 6], 3, address)
    assert all(len({address.get(e) for e in t if e in address}) == sum(e in address for e in t) for t in tables)


def test_places_break_ties_by_hands_won_then_registration():
    results = [r(1, 10, 20, 1), r(2, 10, 20, 2), r(3, 10, -40), r(4, 11, 0), r(5, 11, 0), r(6, 11, 0)]
    assert standings.places(results) == {2: 1, 1: 2, 3: 3, 4: 1, 5: 2, 6: 3}


def test_next_size_shrinks_by_tables_to_one_final_table():
    assert [standings.next_size(9, 3, 2), standings.next_size(6, 3, 2), standings.next_size(9, 3, 1)] == [6, 3, 3]
    assert [standings.next_size(12, 3, 1), standings.next_size(12, 3, 2)] == [3, 6]


def test_goers_by_points_across_tables():
    # table A: 1 +30, 2 +10, 3 -40; table B: 4 +50, 5 -20, 6 -30; table C: 7 +10 (2 wins), 8 0, 9 -10
    results = [r(1, 1, 30), r(2, 1, 10), r(3, 1, -40), r(4, 2, 50), r(5, 2, -20), r(6, 2, -30),
               r(7, 3, 10, 2), r(8, 3, 0), r(9, 3, -10)]
    # 2 per table → 6 go on: 4 (50), 1 (30), 7 (10, two wins), 2 (10), 8 (0), 9 (-10)
    assert standings.goers(results, 3, 2, by_places=False) == [4, 1, 7, 2, 8, 9]
    # by places, 1 per table: the three table winners, best first
    assert standings.goers(results, 3, 1, by_places=True) == [4, 1, 7]
    # by places, 2 per table: the first two of each table, the weakest of them cut to 6 (none here)
    assert standings.goers(results, 3, 2, by_places=True) == [4, 1, 7, 2, 8, 5]


def test_final_ranking_puts_later_rounds_first_and_orders_each_by_its_round():
    round1 = [r(e, 1 + (e - 1) // 3, p) for e, p in zip(range(1, 10), [30, 10, -40, 50, -20, -30, 10, 0, -10])]
    on1 = {4, 1, 7, 2, 8, 9}
    round2 = [r(4, 4, 5), r(1, 4, 5, 1), r(7, 4, -10), r(2, 5, 20), r(8, 5, -5), r(9, 5, -15)]
    on2 = {2, 1, 4}
    final = [r(2, 6, -10), r(1, 6, 30), r(4, 6, -20)]
    assert standings.final_ranking([round1, round2, final], [on1, on2]) == [1, 2, 4, 8, 7, 9, 5, 6, 3]


def test_prizes_fixed_or_shares_of_the_pool_after_the_cut():
    assert standings.prize_amounts(False, [300, 100], 0, 0) == [300, 100]
    # 500 coins, 10 % cut → 450; 50/30/20 % → 225, 135, 90
    assert standings.prize_amounts(True, [50, 30, 20], 500, 10) == [225, 135, 90]
    # rounding down: 7 × 100 = 700, 5 % cut = 35 → 665; 33 % → 219
    assert standings.prize_amounts(True, [33], 700, 5) == [219]

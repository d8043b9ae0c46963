"""The games app: three people playing Paohuzi at a table, in layers that import only downwards
(tests/test_import_boundaries.py holds the table and fails on an upward import, naming it):

    games.rules      the engine, pure Python, entered through `games.rules` only
    game data        games.models, selectors, reads (this process's latest read of each table),
                     events (the channel layer's events, typed, with their audience),
                     notify (events after commit), room_hooks (apps above hear of private
                     rooms' changes: clubs), errors, reasons, bots, hints, breakdown,
                     hand_columns, fairness, templatetags, and games.clock.deadlines (what is due when)
    money            the money app: ledger, settlement, coin rules of the tiers, relief, sign-in,
                     daily tasks, grants, levels, audit
    games.play       the round: the deal, each decision, a hand's end and its settlement
    games.rooms      rooms and seating: private rooms, quick match, seats, tier moves
    games.clock      applying what is due: the tick, the per-process table timer, the sweeper
    games.live       live play: the websockets, the sockets of a table, fan-out, frames
    games.pages      pages: views, forms, the how-to, the calculator, the fair-deal check; admin

Identity (accounts.models: the User) sits below the game data; accounts' pages at the top.
"""

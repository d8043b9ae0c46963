"""Tournaments (比赛场): the admin's plans (sit-and-go: starts when N have registered; scheduled: a start
time, a registration window and a minimum), each plan's tournaments with their entries, rounds and
tables, the seating seed's commitment, the fees, refunds and prizes through the ledger, the ranking
(docs/design.md#tournaments).

Layer: above the clock (its own clock is a hook the sweeper calls: games.clock.sweeper.hook_add, so the
clock never imports it), below the pages. May import: games.rooms (a round's tables are private
series, games.rooms.series_open), games.play (the next hand of a table, games.play.hand_next), money
(the ledger), the game data, accounts' models and throttles, clubs (a club's free points tournament:
its plan's club, its members, clubs.live_events to tell its lobby; clubs' own layer never imports
tournaments, only its live lobby and pages, which sit above both). Never games.live or games.pages; games and
money never import it. Its own views, urls and admin are the pages layer.
"""

"""One clock (docs/design.md#timers-deadlines-and-the-sweeper). `deadlines`: what is due when — the
deadlines a move or a deal sets, and when a table's next step is due (the game data's layer: play and
rooms import it, and it imports only the models and the engine). `tick`: apply what is due at a table
through play's and rooms' services. `timer`: this process's one timer per watched table. `sweeper`:
the loop (`manage.py run_timers`) for tables nobody watches.

May import (tick, timer, sweeper): games.rooms, games.play, money, the game data, the engine's public
API. Never games.live or games.pages. This module imports nothing, so that importing
games.clock.deadlines from below loads no tick.
"""

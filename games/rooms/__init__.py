"""Rooms and seating: private rooms, quick match, joining a seat, bots filling seats, leaving a table,
moving to another coin room (seating). Services, as in games.play: atomic, publish after commit, in
its lock order.

May import: games.play (a full table starts its hand), money (the coin rules of the tiers),
games.clock.deadlines, the game data and the engine's public API. Never games.clock's tick,
games.live or games.pages.
"""
from games.rooms.seating import (INVITE_LENGTH, PLANNED_HANDS, bots_fill, private_create, private_options_check,
                                 quick_match, seat_join, series_open,
                                 table_leave, tier_move, TURN_TIMERS)

__all__ = ["INVITE_LENGTH", "PLANNED_HANDS", "bots_fill", "private_create", "private_options_check", "quick_match",
           "seat_join", "series_open", "table_leave", "tier_move", "TURN_TIMERS"]

"""The round (docs/design.md#one-move-end-to-end): the deal, each decision, the end of a hand and its
settlement, auto-play, the next hand, a private room's dissolve vote or close (hands); the fair deal's seeds
(fair); whose pages are open at a table (presence); sharing a finished hand's replay (replays); the
locks and the reads a service takes (tables); row writes (rows).

Services (docs/design.md#services-and-selectors): with money's, rooms' and accounts', the only code that
changes data; one function per use case, keyword-only and atomic, in the shape check, then do, then
notify (after commit, games.notify). Reads live in games.selectors, never here.

Lock order, kept by every service so two never wait on each other in a circle: the person's user row
(seating: quick match, joining, a tier move; a relief grant, a reward, an admin's grant), then the
room tier (quick match), then the table row, then its hand row, then ledger accounts by primary key,
then the person's daily task counts.

May import: money (a hand's settlement, experience and daily tasks), games.clock.deadlines, the game
data and the engine's public API. Never games.rooms, the clock's tick, games.live or games.pages.
"""
from games.play.fair import client_seed_set
from games.play.hands import (action_submit, autoplay_set, dissolve_forbidden, dissolve_forget, dissolve_guard_add, dissolve_vote, draw_dealer, hand_next,
                              next_ready, room_close)
from games.play.presence import seat_presence
from games.play.replays import analysis_request, replay_share

__all__ = ["action_submit", "analysis_request", "autoplay_set", "client_seed_set", "dissolve_forbidden", "dissolve_forget",
           "dissolve_guard_add", "dissolve_vote", "draw_dealer", "hand_next", "next_ready",
           "replay_share", "room_close", "seat_presence"]

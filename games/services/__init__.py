"""The only code that changes game data (docs/design.md#services-and-selectors): one function per use case,
keyword-only and atomic, in the shape check, then do, then notify (after commit).

One module per concern: ledger (coins as an append-only ledger), rooms (private rooms, quick match,
seats, tiers), play (the deal, each decision, the end of a hand, auto-play, the next hand, dissolving),
clock (what is due when a deadline passes), presence (whose pages are open at a table), replays (sharing one), progress (experience, levels and daily tasks), rewards
(the sign-in bonus, task rewards, admin grants), notify (events after commit) and errors. Reads live
in games.selectors, never here; nothing here imports views, consumers or fragments.

Lock order, kept by every service so two never wait on each other in a circle: the person's user row
(seating: quick match, joining, a tier move; a relief grant, a reward, an admin's grant), then the
room tier (quick match), then the table row, then its hand row, then ledger accounts by primary key,
then the person's daily task counts.
"""
from .clock import table_tick
from .errors import DuplicateSettlement, LedgerError, Refused, Stale
from .fair import client_seed_set
from .ledger import HOUSE_USERNAME, house_account, ledger_settle, publish_coins
from .play import action_submit, autoplay_set, dissolve_vote, draw_dealer, next_ready
from .notify import person_changed
from .presence import seat_presence
from .replays import replay_share
from .progress import experience_add
from .rooms import (INVITE_LENGTH, PLANNED_HANDS, bots_fill, private_create, quick_match, seat_join, table_leave,
                    tier_move)

__all__ = [
    "DuplicateSettlement", "HOUSE_USERNAME", "INVITE_LENGTH", "LedgerError", "PLANNED_HANDS", "Refused", "Stale",
    "action_submit", "autoplay_set", "bots_fill", "client_seed_set", "dissolve_vote", "draw_dealer", "experience_add",
    "house_account", "ledger_settle", "next_ready", "person_changed", "private_create", "publish_coins", "quick_match",
    "replay_share", "seat_join", "seat_presence", "table_leave", "table_tick", "tier_move",
]

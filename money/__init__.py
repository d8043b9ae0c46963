"""Money (docs/design.md#money-is-a-ledger): the coin ledger and a hand's settlement (ledger, settlement), the
coin rules of the room tiers (tiers), coins the house pays outside a hand — the relief grant (relief),
the daily sign-in, daily task rewards and an admin's grants (rewards) — experience, levels and daily
task counts (progress, levels), the pages' money reads (selectors), the audit (audit, `manage.py
ledger_check`), their models and admin.

May import: the game data (games.models, games.selectors, games.notify, games.errors) and accounts'
User. Never games.play, games.rooms, games.clock's tick, games.live or games.pages: they call money,
never the other way. Nothing is imported here: this is a Django app, loaded before its models.
"""

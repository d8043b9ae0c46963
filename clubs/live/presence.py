"""Who has a club's lobby open: one entry per socket in Django's cache (Redis when scaled, so every
process sees every socket), each with its expiry, changed under the cache lock games.live.socket_limits
uses. A socket renews its entry every third of CLUB_PRESENCE_SECONDS; an entry not renewed (its process
died) expires, and the next change of the list drops it. Each change says whether the set of people
online changed, so the lobby is told (clubs.live_events) only then.
"""
from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

from games.live.socket_limits import locked


def _key(club_id: int) -> str:
    return f"club-online:{club_id}"


def _people(entries: dict) -> set[int]:
    return {user_id for user_id, _expires in entries.values()}


def _fresh(entries: dict, now: float) -> dict:
    return {channel: entry for channel, entry in entries.items() if entry[1] > now}


def _change(club_id: int, channel: str, user_id: int | None) -> bool:
    """Put the socket's entry (renewed), or take it off (`user_id` None); whether the people changed."""
    key, now, seconds = _key(club_id), time.time(), settings.CLUB_PRESENCE_SECONDS
    with locked(key):
        entries = cache.get(key, {})
        before = _people(entries)
        entries = _fresh(entries, now)
        if user_id is None:
            entries.pop(channel, None)
        else:
            entries[channel] = (user_id, now + seconds)
        cache.set(key, entries, 2 * seconds) if entries else cache.delete(key)
    return _people(entries) != before


def arrive(club_id: int, user_id: int, channel: str) -> bool:
    return _change(club_id, channel, user_id)


def renew(club_id: int, user_id: int, channel: str) -> bool:
    return _change(club_id, channel, user_id)


def depart(club_id: int, channel: str) -> bool:
    return _change(club_id, channel, None)


def online(club_id: int) -> set[int]:
    """The people with the lobby open now (entries past their expiry do not count)."""
    return _people(_fresh(cache.get(_key(club_id), {}), time.time()))

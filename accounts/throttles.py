"""Limits per account and per address, so one bad client cannot lock others out or farm coins: log-in
failures (then a growing wait), guest accounts a day, invite-code look-ups a minute, club joins an hour.

Counters live in Django's cache (settings.CACHES): with REDIS_URL, Redis counts for every process; the
embedded default's in-memory cache counts per process (one Daphne process, so the same)."""
from __future__ import annotations

import ipaddress
import math
import time

from django.conf import settings
from django.core.cache import cache

DAY = 24 * 60 * 60
MINUTE = 60
HOUR = 60 * MINUTE
MAX_DOUBLINGS = 20  # the wait stops growing long before this: LOGIN_WAIT_MAX_SECONDS caps it


def client_ip(request) -> str:
    """The client's address: CLIENT_IP_HEADER's first entry behind a proxy that sets it, else the peer."""
    header = settings.CLIENT_IP_HEADER
    return _first(request.META.get(header, "") if header else "", request.META.get("REMOTE_ADDR", ""))


def socket_ip(scope) -> str:
    """client_ip for a websocket's ASGI scope (its headers by name: HTTP_X_REAL_IP is x-real-ip)."""
    header = settings.CLIENT_IP_HEADER.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
    forwarded = dict(scope.get("headers", [])).get(header, b"").decode("latin-1") if header else ""
    return _first(forwarded, (scope.get("client") or ("",))[0])


def _first(forwarded: str, peer: str) -> str:
    return forwarded.split(",")[0].strip() or peer or ""


def seat_address(request) -> str | None:
    """The client's address as an IP address, for the same-address check of seating; None when the
    peer or the proxy's header gives something else."""
    try:
        return str(ipaddress.ip_address(client_ip(request)))
    except ValueError:
        return None


def spend(kind: str, ip: str, limit: int, seconds: int) -> bool:
    """Count one more `kind` from this address in a window of `seconds`; False once beyond `limit`."""
    return _count(f"throttle:{kind}:{ip}", seconds) <= limit


def invite_lookup(ip: str) -> bool:
    """One more check of a private room's invite code from this address (its join link, the lobby's code
    box, its watch page or socket), so codes cannot be guessed by trying them; False beyond
    INVITE_LOOKUPS_PER_IP_PER_MINUTE."""
    return spend("invite", ip, settings.INVITE_LOOKUPS_PER_IP_PER_MINUTE, MINUTE)


def club_join(user_id: int, ip: str) -> bool:
    """One more club join (by number or link) from this person and this address, so club numbers cannot
    be tried in bulk nor requests flooded; False beyond CLUB_JOINS_PER_USER_PER_HOUR or
    CLUB_JOINS_PER_IP_PER_HOUR."""
    person = spend("club-user", str(user_id), settings.CLUB_JOINS_PER_USER_PER_HOUR, HOUR)
    return spend("club-ip", ip, settings.CLUB_JOINS_PER_IP_PER_HOUR, HOUR) and person


def _count(key: str, seconds: int) -> int:
    """Add one to the counter (atomic in the cache), which starts at its first use and ends after `seconds`."""
    cache.add(key, 0, seconds)
    try:
        return cache.incr(key)
    except ValueError:  # it ended between add and incr
        cache.set(key, 1, seconds)
        return 1


def _login_counters(username: str, ip: str) -> dict[str, int]:
    """Failure counter keys → the failures each allows: the account's, and the address's."""
    return {f"login:user:{username.casefold()}": settings.LOGIN_FAILURES_ALLOWED,
            f"login:ip:{ip}": settings.LOGIN_FAILURES_ALLOWED_PER_IP}


def login_wait(username: str, ip: str) -> int:
    """Seconds before this account, or anyone from this address, may try to log in again; 0: now."""
    until = max(cache.get(f"{key}:until", 0) for key in _login_counters(username, ip))
    return max(0, math.ceil(until - time.time()))


def login_failed(username: str, ip: str) -> None:
    """One more failure; from the allowed number on, each failure waits twice as long as the last."""
    for key, allowed in _login_counters(username, ip).items():
        failures = _count(key, DAY)
        if failures >= allowed:
            wait = min(settings.LOGIN_WAIT_SECONDS * 2 ** min(failures - allowed, MAX_DOUBLINGS),
                       settings.LOGIN_WAIT_MAX_SECONDS)
            cache.set(f"{key}:until", time.time() + wait, wait)


def login_succeeded(username: str) -> None:
    """The account's failures are forgotten (the address's are not: it may be guessing many accounts)."""
    key = f"login:user:{username.casefold()}"
    cache.delete_many([key, f"{key}:until"])

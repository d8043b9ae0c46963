"""The websocket's edge: a socket is accepted only from this site's own pages, and every refusal is
logged (Channels refuses silently); a path no route takes is closed calmly (NotFoundConsumer).

Channels' AllowedHostsOriginValidator compares the Origin's host alone (http://localhost:9999 passed).
Here the Origin's scheme, host and port must be the socket's own (its Host header; http for ws, https
for wss) with that host in ALLOWED_HOSTS, or the Origin must be one of CSRF_TRUSTED_ORIGINS (a site
behind a proxy that ends TLS: the browser says https, the socket arrives as ws).
"""
import logging

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.urls import re_path

logger = logging.getLogger("paohuzi.websocket")


def origin_allowed(scope) -> bool:
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin-1").rstrip("/")
    if not origin:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    host = headers.get(b"host", b"").decode("latin-1")
    own = f"{'https' if scope.get('scheme') == 'wss' else 'http'}://{host}"
    domain, _port = split_domain_port(host)
    return bool(host) and origin == own and validate_host(domain, settings.ALLOWED_HOSTS)


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            origin = dict(scope.get("headers", [])).get(b"origin", b"").decode("latin-1")
            logger.warning("websocket refused: origin %r is not this site's own", origin or None)
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


def AllowedHostsOriginValidator(application):  # noqa: N802 - same name as the one it stands in for
    """Accept a websocket only from this site's own origin (see the module), and log refusals."""
    return SameOriginValidator(application)


NOT_FOUND = 4404  # no socket lives at this path: the page does not reconnect
NOT_FOUND_LOG_EVERY = 1000  # one WARNING for the first unrouted socket, then one per this many


class NotFoundConsumer(AsyncWebsocketConsumer):
    """The last websocket route, for every path no other route takes (Channels' router raises there:
    a 500 and a traceback per handshake). Accepted, then closed with NOT_FOUND, and counted: one log
    line per NOT_FOUND_LOG_EVERY, so a scan cannot flood the log."""

    unrouted = 0  # this process's count

    async def connect(self):
        cls = NotFoundConsumer
        cls.unrouted += 1
        if (cls.unrouted - 1) % NOT_FOUND_LOG_EVERY == 0:
            logger.warning("websocket to an unrouted path %r: %d so far in this process",
                           self.scope.get("path", ""), cls.unrouted)
        await self.accept()
        await self.close(code=NOT_FOUND)


def not_found_route():
    """The catch-all route that ends the site's websocket routes (see NotFoundConsumer)."""
    return re_path(r"", NotFoundConsumer.as_asgi())

"""Pages compressed with gzip (Django's GZipMiddleware), except those that carry a secret BREACH could read.

BREACH reads a secret out of a compressed page over TLS when the page also repeats text an attacker
chooses (every page repeats its own query in the language form's `next`): the compressed size shrinks
when a guess matches. Django's middleware pads each response with up to 100 random bytes, which slows
the attack but does not stop it. So:
- compressed: pages whose only secret is the CSRF token, which Django masks afresh for every response
  (nothing stays the same to guess), and pages without one;
- left as they are (`@uncompressed`): the table page (the seat's own cards; a private room's invite
  code), a private room's join, standings and watch pages (its invite code), a replay (a hand only its
  players may see), and the lobby while it lists the person's private rooms (their invite codes).
Websocket frames never pass through here: Daphne offers no permessage-deflate, so they stay plain too
(they carry the hand). Static files are compressed ahead of time (paohuzi_site.static_storage) and
served by WhiteNoise, above this middleware.
"""
from __future__ import annotations

from functools import wraps

from django.middleware.gzip import GZipMiddleware


def uncompressed(view):
    """A view whose pages carry a secret that is not masked per response: never compressed."""
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        return keep_uncompressed(view(request, *args, **kwargs))
    return wrapper


def keep_uncompressed(response):
    """Mark one response as carrying such a secret (for a view that only sometimes shows one)."""
    response.carries_secret = True
    return response


class SecretAwareGZipMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        if getattr(response, "carries_secret", False):
            return response
        return super().process_response(request, response)

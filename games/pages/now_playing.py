"""The lobby's "now playing" list, which refreshes by itself: the lobby shows it as a plain list (no
JavaScript needed) and htmx polls this fragment every POLL_SECONDS. Every visitor of a language gets
the same list, so a poll is answered from a render kept CACHE_SECONDS in the cache: many open lobbies
cost one query per language every few seconds, not one per visitor."""
from __future__ import annotations

from django.core.cache import cache
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.http import require_GET

from games import selectors

POLL_SECONDS = 10
CACHE_SECONDS = 5


def render() -> str:
    """The list as it is now (the lobby page: what it shows is never older than the page)."""
    return render_to_string("games/_now_playing.html", {"now_playing": selectors.now_playing(),
                                                        "poll": POLL_SECONDS})


@require_GET
def fragment(request):
    key = f"now-playing:{translation.get_language()}"
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, CACHE_SECONDS)
    return HttpResponse(html)

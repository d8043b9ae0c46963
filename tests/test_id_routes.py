"""Every route that takes a row id, found by walking the URL patterns (pages, the admin, websockets),
takes it through the bounded <id:…> converter: an id the database cannot hold (10^30) is a 404, on
SQLite and PostgreSQL alike, never an overflow in the query (a 500). A new id route with <int:…> fails
the first test."""
from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter
from django.urls.resolvers import RoutePattern

from games.live.routing import websocket_urlpatterns
from paohuzi_site.ids import RowId

HUGE = str(10 ** 30)


def _walk(patterns, prefix=""):
    """(route text, pattern) of every endpoint, with the prefixes of the includes above it."""
    for p in patterns:
        text = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, text)
        elif isinstance(p, URLPattern):
            yield text, p


def _converters(patterns) -> dict[str, dict]:
    found = {}
    for text, p in _walk(patterns):
        if isinstance(p.pattern, RoutePattern):
            found[text] = p.pattern.converters
    return found


PAGES = _converters(get_resolver().url_patterns)
SOCKETS = _converters(websocket_urlpatterns)
ID_ROUTES = sorted(text for text, conv in PAGES.items()
                   if any(isinstance(c, (RowId, IntConverter)) for c in conv.values()))


def test_no_route_takes_an_unbounded_int():
    unbounded = [text for text, conv in {**PAGES, **SOCKETS}.items()
                 if any(isinstance(c, IntConverter) for c in conv.values())]
    assert not unbounded, f"use <id:…> for a row id: {unbounded}"
    assert "tables/<id:table_id>/" in ID_ROUTES and any(r.startswith("accounts/tasks/") for r in ID_ROUTES)
    assert all(any(isinstance(c, RowId) for c in conv.values()) for conv in SOCKETS.values())


def _huge_path(route: str) -> str:
    """The route with every <…> parameter 10^30 (a longer id than any database holds)."""
    import re

    return "/" + re.sub(r"<[^>]+>", HUGE, route)


@pytest.mark.django_db
@pytest.mark.parametrize("route", ID_ROUTES)
@pytest.mark.parametrize("method", ["get", "post"])
def test_an_id_the_database_cannot_hold_is_a_404_on_every_id_route(client, make_user, route, method):
    client.force_login(make_user("ann"))
    response = getattr(client, method)(_huge_path(route))
    assert response.status_code == 404, (route, response.status_code)


ADMIN_OBJECT_ROUTES = sorted(text for text, conv in PAGES.items() if text.startswith("admin/") and "object_id" in conv)


def test_the_walk_finds_the_admins_object_pages():
    assert {"admin/games/hand/<path:object_id>/change/", "admin/games/variant/<path:object_id>/try/",
            "admin/accounts/user/<path:object_id>/grant/"} <= set(ADMIN_OBJECT_ROUTES)


@pytest.mark.django_db
@pytest.mark.parametrize("route", ADMIN_OBJECT_ROUTES)
def test_the_admins_object_pages_take_an_id_out_of_range_calmly(admin_client, route):
    """The admin's <path:object_id> is its own: a huge id is its calm "does not exist" (a redirect to
    the list), a 404, or the 403 of a read-only record's delete page, never a 500."""
    response = admin_client.get(_huge_path(route))
    assert response.status_code in (302, 403, 404), (route, response.status_code)

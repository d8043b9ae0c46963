"""Safe defaults: `make serve` without DEBUG=1 serves with DEBUG off, static files still come (WhiteNoise);
a missing page or a server error shows the site's own page in the visitor's language, with a way back to
the lobby; an id too long for the database is a 404 (on a socket: 4404, no route), not a 500."""
import logging
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import include, path
from django.utils import translation

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.django_db


def test_make_serve_turns_debug_off_unless_debug_is_set():
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^serve: export DEBUG \?= 0$", makefile, re.MULTILINE)


def test_static_files_are_served_with_debug_off(client, settings):
    assert settings.DEBUG is False
    response = client.get("/static/css/site.css")
    assert response.status_code == 200 and b"".join(response.streaming_content)


@pytest.mark.parametrize("language, text", [("en", "Page not found"), ("zh-hans", None)])
def test_a_missing_page_is_the_sites_own_404_in_the_visitors_language(client, language, text):
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode()
    assert response.status_code == 404
    assert 'href="/play/"' in body and f'lang="{language}"' in body
    if text:
        assert text in body


@pytest.mark.parametrize("url", ["/tables/123456789012345678901/", "/tables/99999999999999999999/standings/",
                                 "/hands/12345678901234567890/replay/", "/tables/999999999999999999/"])
def test_a_table_or_hand_id_out_of_range_is_a_404(client, make_user, url):
    client.force_login(make_user("ann"))
    assert client.get(url).status_code == 404


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path, closed", [("/ws/table/99999999999999999999/", 4404),
                                          ("/ws/watch/99999999999999999999/", 4404),
                                          ("/ws/table/9223372036854775808/", 4404), ("/ws/watch/0/", 4403)])
async def test_a_table_socket_with_an_id_out_of_range_is_refused_for_good_and_logs_nothing(make_user, path, closed,
                                                                                           caplog):
    """A socket's 404: an id longer than the database holds is no route (4404), an id it holds but no
    table has is refused (4403); the page retries neither, and nothing reads an id the database cannot
    hold (1013, which the page retries for ever, and a traceback in the log)."""
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from paohuzi_site.asgi import sockets

    comm = WebsocketCommunicator(sockets, path)
    comm.scope["user"] = await sync_to_async(make_user)("ann")
    with caplog.at_level(logging.WARNING):
        connected, code = await comm.connect()
        if connected:  # the unrouted path's consumer accepts, then closes
            code = (await comm.receive_output(timeout=5))["code"]
    assert code == closed
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await comm.disconnect()


def broken(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", broken), path("", include("paohuzi_site.urls"))]


@pytest.mark.urls("tests.test_safe_defaults")
def test_a_server_error_is_the_sites_own_500_page_with_a_link_to_the_lobby():
    with translation.override("en"):
        response = Client(raise_request_exception=False).get("/broken/", HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in body and 'href="/play/"' in body and 'lang="en"' in body


def test_the_limits_count_in_redis_with_redis_url_else_in_the_process():
    from paohuzi_site.settings.base import caches_from_env

    assert caches_from_env({})["default"]["BACKEND"].endswith("LocMemCache")
    redis = caches_from_env({"REDIS_URL": "redis://127.0.0.1:6379/0"})["default"]
    assert redis["BACKEND"].endswith("RedisCache") and redis["LOCATION"] == "redis://127.0.0.1:6379/0"

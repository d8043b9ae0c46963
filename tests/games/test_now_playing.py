"""The lobby's "now playing" list refreshes by itself (issue 13): htmx polls a small fragment, answered
from a render cached a few seconds; without JavaScript the lobby shows the same list, plain."""
import re

import pytest
from django.urls import reverse

from games.pages import now_playing
from games.models import Table

from .tablekit import deal_seed  # noqa: F401
from .test_spectators import coin_table  # noqa: F401


def _section(html: str) -> str:
    return re.search(r'<section class="panel" id="now-playing".*?</section>', html, re.S).group(0)


@pytest.mark.django_db
def test_the_lobby_carries_the_poll_around_a_plain_list(coin_table, client):
    table, _ = coin_table
    section = _section(client.get(reverse("games:lobby")).content.decode())
    opening = section.split(">", 1)[0]
    assert f'hx-get="{reverse("games:now_playing")}"' in opening and 'hx-trigger="every 10s"' in opening
    assert 'hx-swap="outerHTML"' in opening and " hidden" not in opening
    assert f'<a href="/tables/{table.pk}/watch/" class="watch-link">观战</a>' in section  # a link, no script
    assert "ann" in section and "bob" in section and "cyd" in section


@pytest.mark.django_db
def test_with_no_table_in_play_the_list_is_there_hidden_so_a_poll_can_fill_it(defaults, client):
    opening = _section(client.get(reverse("games:lobby")).content.decode()).split(">", 1)[0]
    assert " hidden" in opening and "hx-trigger" in opening


@pytest.mark.django_db
def test_the_fragment_is_the_list_alone_and_polls_are_answered_from_the_cache(
        coin_table, client, django_assert_num_queries):
    table, _ = coin_table
    first = client.get(reverse("games:now_playing"))
    assert first.status_code == 200
    html = first.content.decode()
    assert html.lstrip().startswith('<section class="panel" id="now-playing"') and "<html" not in html
    assert f"/tables/{table.pk}/watch/" in html
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    with django_assert_num_queries(0):  # another visitor's poll within CACHE_SECONDS: no query
        assert client.get(reverse("games:now_playing")).content.decode() == html
    assert f"/tables/{table.pk}/watch/" not in now_playing.render()  # the page itself shows it as it is now


@pytest.mark.django_db
def test_the_fragment_follows_the_language_and_answers_only_gets(coin_table, client, settings):
    chinese = client.get(reverse("games:now_playing")).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(reverse("games:now_playing")).content.decode()
    assert "正在进行" in chinese and "Now playing" in english and "Watch</a>" in english
    assert client.post(reverse("games:now_playing")).status_code == 405

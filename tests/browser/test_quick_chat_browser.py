"""In a real browser (issue 22): a quick-chat phrase said by one seat shows as a bubble by that seat on the
other player's page and on a spectator's, a viewer who turned the chat off sees none (and it stays off
after a reload), and on a phone the open picker covers neither the hand nor the decision bar."""
from __future__ import annotations

import re

import pytest

from .serverkit import guest_at_quick_match, save_failure, served, server_env

HURRY, NICE = "快点吧，等得花都谢了", "你的牌打得太好了"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Two people quick-match one coin table (bots take the third seat after 4 s); each page from its own
    address, as the tier refuses one address twice; one say a second per seat."""
    env = server_env(tmp_path_factory.mktemp("chat") / "db.sqlite3", QUICK_MATCH_BOT_WAIT="4",
                     CLIENT_IP_HEADER="HTTP_X_REAL_IP", CHAT_SECONDS="1", DEAL_WAIT_SECONDS="0")
    with served("chat-server", env) as daphne:
        yield daphne.base


def _open(browser, size, address):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN",
                                  extra_http_headers={"X-Real-IP": address})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def _bubble_by(page, name: str) -> str:
    """The text of the bubble by the seat of the player called `name` ("" when none)."""
    return page.evaluate("""name => {
        const b = [...document.querySelectorAll('.chat-bubble')].find(b => b.parentNode.querySelector('.seat .name').textContent === name);
        return b ? b.textContent : "";
    }""", name)


def test_a_phrase_shows_by_the_sayers_seat_for_the_others_and_a_spectator_and_mute_hides_it(server, browser):
    sayer, other = _open(browser, (360, 740), "10.0.1.1"), _open(browser, (390, 844), "10.0.1.2")
    watcher = _open(browser, (1280, 800), "10.0.1.3")
    pages = (sayer, other, watcher)
    try:
        guest_at_quick_match(sayer, server)
        guest_at_quick_match(other, server)
        assert sayer.url == other.url  # one table, the third seat a bot's
        table_id = re.search(r"/tables/(\d+)/", sayer.url).group(1)
        watcher.goto(f"{server}/tables/{table_id}/watch/")
        for page in pages:
            page.wait_for_selector("#stock-count")
            page.wait_for_function("document.getElementById('table-live').dataset.connection === 'open'")
        name = sayer.inner_text(".slot.me .seat .name")

        sayer.click("#chat-button")
        choices = sayer.locator("#chat-choices").bounding_box()
        hand = sayer.locator("#my-hand").bounding_box()
        assert choices["y"] + choices["height"] <= hand["y"]  # the open picker stays above the hand
        sayer.click(f'.chat-choice:has-text("{HURRY}")')
        for page in pages:  # the sayer's own page too
            page.wait_for_function("() => document.querySelector('.chat-bubble')")
            assert _bubble_by(page, name) == HURRY
        assert not sayer.locator("#chat-choices").is_visible()  # the picker closed after the say

        other.click("#chat-toggle")
        assert other.inner_text("#chat-toggle") == "聊天：关"
        assert not other.locator(".chat-bubble").count()  # turning it off takes the bubble shown away
        sayer.wait_for_function("() => !document.querySelector('.chat-choice').disabled")  # one say a second
        sayer.click("#chat-button")
        sayer.click(f'.chat-choice:has-text("{NICE}")')
        watcher.wait_for_function(f"() => [...document.querySelectorAll('.chat-bubble')].some(b => b.textContent === '{NICE}')")
        other.wait_for_timeout(300)
        assert not other.locator(".chat-bubble").count()  # muted: nothing shown by anybody's seat
        watcher.wait_for_function("() => !document.querySelector('.chat-bubble')", timeout=5000)  # gone after ~3 s

        other.reload()
        other.wait_for_selector("#chat-toggle")
        assert other.inner_text("#chat-toggle") == "聊天：关"  # remembered in this browser
        assert other.get_attribute("#chat-toggle", "aria-pressed") == "false"
    except BaseException:
        for n, page in enumerate(pages):
            save_failure(page, f"quick-chat-{n}")
        raise
    finally:
        for page in pages:
            page.context.close()

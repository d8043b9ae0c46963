"""Inviting friends (issue 22.10 and its room options), in chromium: the owner chooses 封顶 and 底分 on the
create form, copies the invite link with one tap ("已复制", the link on the clipboard) and shares it
where the browser can (the button is hidden where it cannot); a friend who is not signed in sees the
room's rules card on the join page and is seated with one tap. Screenshots of each page go to
test-artifacts/ at the size the test ran."""
from __future__ import annotations

import re

import pytest

from .serverkit import ARTIFACTS, guest_in_lobby, save_failure, served, server_env

SIZES = [(360, 740), (1280, 800)]
# A stand-in for the system share sheet, where chromium has none: records what the page asked to share.
SHARE_STUB = "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served("room-invite-server", server_env(tmp_path_factory.mktemp("invite") / "db.sqlite3")) as daphne:
        yield daphne.base


def _context(browser, size, **options):
    return browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN", **options)


def _room_with_options(page, base: str, size) -> str:
    """The owner, a guest, creates a changde room with 封顶 50 and 底分 2; returns the table's URL."""
    guest_in_lobby(page, base)
    page.select_option("#id_variant", label="常德全名堂")
    options = page.locator("fieldset.room-options:visible")
    assert options.count() == 1 and "常德全名堂" in options.inner_text()
    options.get_by_label("封顶").fill("50")
    options.get_by_label("底分").fill("2")
    page.locator("#private-form").screenshot(path=ARTIFACTS / f"room-options-form-{size[0]}.png")
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    page.wait_for_selector("#invite-copy")
    return page.url


@pytest.mark.parametrize("size", SIZES)
def test_copy_share_and_a_guests_one_tap_join_with_the_rules_card(site, browser, size):
    owner = _context(browser, size, permissions=["clipboard-read", "clipboard-write"])
    friend = _context(browser, size)
    page = owner.new_page()
    guest = friend.new_page()
    try:
        table_url = _room_with_options(page, site, size)
        link = page.input_value("#invite-link")
        assert not page.is_visible("#invite-share")  # no navigator.share here: no dead button
        page.click("#invite-copy")
        page.wait_for_function("document.getElementById('invite-copy').textContent === '已复制'")
        assert page.evaluate("navigator.clipboard.readText()") == link
        page.wait_for_function("document.getElementById('invite-copy').textContent === '复制链接'", timeout=4000)
        page.click("#rules-card-button")
        card = page.inner_text("#rules-card")
        assert "封顶" in card and "50" in card and "底分" in card
        page.screenshot(path=ARTIFACTS / f"room-invite-table-{size[0]}.png")

        page.add_init_script(SHARE_STUB)
        page.reload()
        page.wait_for_selector("#invite-share", state="visible")
        page.locator("#actions .invite").screenshot(path=ARTIFACTS / f"room-invite-share-{size[0]}.png")
        page.click("#invite-share")
        assert page.evaluate("window.shared.url") == link

        guest.goto(link)
        card = guest.inner_text("#rules-card")
        for words in ("房间规则", "常德全名堂", "局数", "8", "人数", "3", "封顶", "50", "底分", "2", "最低胡息", "15"):
            assert words in card, words
        guest.screenshot(path=ARTIFACTS / f"room-join-{size[0]}.png", full_page=True)
        guest.click("#play-as-guest")  # the one tap: account and seat
        guest.wait_for_url(table_url)
        guest.wait_for_selector("#invite-code")
        assert guest.locator(".seat").count() >= 2 and "游客" in guest.inner_text("#messages")
    except BaseException:
        save_failure(page, f"room-invite-owner-{size[0]}")
        save_failure(guest, f"room-invite-guest-{size[0]}")
        raise
    finally:
        owner.close()
        friend.close()

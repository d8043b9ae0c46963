"""In a real browser (issue 22, item 8): two friends make a private room with no turn timer, play hand 1
with no countdown, a proposal to dissolve shows its 同意/继续打 above the fixed decision bar on both
phones (360×740 and 390×844), and hand 2 is dealt only when both have tapped 准备, each page naming who
is not ready yet meanwhile."""
from __future__ import annotations

import time

import pytest

from .serverkit import ARTIFACTS, click_move, guest_in_lobby, offered_move, save_failure, served, server_env

HOST_SIZE, FRIEND_SIZE = (360, 740), (390, 844)
BUDGET = 120  # seconds for the hand's taps


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    env = server_env(tmp_path_factory.mktemp("friends") / "db.sqlite3", TURN_SECONDS="5")  # a coin room's
    with served("friends-ready-server", env) as daphne:  # 5 s: the room's "none" must not fall back to it
        yield daphne.base


def _open(browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def _shot(page, name: str) -> None:
    page.screenshot(path=ARTIFACTS / f"friends-{name}.png")


def _in_view_above_bar(page, selector: str) -> None:
    """The button is on screen, above the decision bar when one is shown, and nothing covers it."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    bar = page.locator("#action-bar")
    if bar.count():
        assert box["y"] + box["height"] <= bar.bounding_box()["y"], (selector, box, bar.bounding_box())
    assert page.evaluate("""s => { const b = document.querySelector(s).getBoundingClientRect();
        return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2).closest(s) !== null; }""", selector)


def _wait_for_bar(pages, page) -> None:
    """Play on (the other page's moves) until `page` has the decision bar."""
    deadline = time.monotonic() + BUDGET
    while not page.locator("#action-bar").count():
        assert time.monotonic() < deadline, "the decision bar did not come up"
        for other in pages:
            if other is not page and (button := offered_move(other)):
                click_move(other, button)
        page.wait_for_timeout(100)


def _vote_above_bar(pages, proposer, voter, name: str) -> None:
    """While `voter` must decide (its bar up), `proposer` proposes to dissolve; the voter's 同意 and
    继续打 are in view above the bar; the voter keeps playing."""
    _wait_for_bar(pages, voter)
    proposer.click("#dissolve-propose")
    voter.wait_for_selector("#dissolve-vote #dissolve-yes")
    assert voter.locator("#action-bar").count()
    for selector in ("#dissolve-yes", "#dissolve-no"):
        _in_view_above_bar(voter, selector)
    _shot(voter, name)
    voter.click("#dissolve-no")
    voter.wait_for_selector("#dissolve-refused")
    proposer.wait_for_selector("#dissolve-refused")


def test_friends_without_a_timer_ready_up_for_hand_two(server, browser):
    host, friend = _open(browser, HOST_SIZE), _open(browser, FRIEND_SIZE)
    pages = (host, friend)
    try:
        guest_in_lobby(host, server)
        host.select_option("#id_player_count", "2")
        host.select_option("#id_turn_seconds", "0")
        host.click("#create-room")
        host.wait_for_url("**/tables/*/")
        link = host.input_value("#invite-link")
        guest_in_lobby(friend, server)
        friend.goto(link)
        assert friend.inner_text("#join-timer") == "出牌限时：不限时"
        _shot(friend, "join")
        friend.click("#join-seat")
        friend.wait_for_url("**/tables/*/")
        for page in pages:
            page.wait_for_selector("#my-hand .card")
            page.wait_for_function("document.getElementById('table-live').dataset.connection === 'open'")
            assert page.inner_text("#room-timer") == "不限时"

        _vote_above_bar(pages, friend, host, "vote-360")
        _vote_above_bar(pages, host, friend, "vote-390")
        deadline = time.monotonic() + BUDGET
        while not host.locator("#result:not(.hidden) #next-hand").count():
            assert time.monotonic() < deadline, "hand 1 did not end in time"
            assert not host.locator(".turn-clock").count() and not friend.locator(".turn-clock").count()
            for page in pages:
                if button := offered_move(page):
                    click_move(page, button)
            host.wait_for_timeout(60)
        assert "第 1 局" in host.inner_text("#table-info")

        names = [page.inner_text(".slot.me .seat .name") for page in pages]
        friend.wait_for_selector("#result:not(.hidden) #next-hand")
        for page in pages:
            assert page.inner_text("#next-hand") == "准备"
            assert not page.locator("#result .countdown").count()  # no clock deals a friends' hand
        host.click("#next-hand")
        host.wait_for_selector("#result:has-text('等待其他玩家准备')")
        for page in pages:  # who the table waits for, on both pages
            page.wait_for_function("n => document.getElementById('not-ready')?.textContent.endsWith(n)", arg=names[1])
            assert names[0] not in page.inner_text("#not-ready")
        _shot(friend, "not-ready-390")
        _shot(host, "waiting-360")
        friend.click("#next-hand")
        for page in pages:
            page.wait_for_selector("#result.hidden", state="attached")
            page.wait_for_function("document.getElementById('table-info').textContent.includes('第 2 局')")
            page.wait_for_selector("#my-hand .card")
        _shot(host, "hand-2-360")
    except BaseException:
        for n, page in enumerate(pages):
            save_failure(page, f"friends-ready-{n}")
        raise
    finally:
        for page in pages:
            page.context.close()

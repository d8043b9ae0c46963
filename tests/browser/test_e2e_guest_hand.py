"""End to end in a real browser (issue 5): a newcomer opens the site, plays as a guest, quick-matches and
finishes a whole hand against bots by clicking only; the result panel shows the score.

The site runs as a real Daphne process on a free loopback port, on a fresh SQLite file (migrated first)
and the in-memory channel layer, with bots that fill seats and move at once. Playwright drives Debian's
`chromium` (.ci/run installs it with fonts-noto-cjk). On failure a screenshot, the page's HTML and the
server's log go to test-artifacts/.

The player clicks only what the page offers: 胡 when it is there, then 碰, then 过 (pass), else a card of
the hand (a discard). A drawn hand (荒庄) shows no score, so the player clicks "next hand" and plays on
until somebody wins, within the time budget.
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, sync_playwright

from .serverkit import (ARTIFACTS, click_move, guest_at_quick_match, launch_chromium, offered_move, save_failure, served,
                        server_env)

BUDGET = 50  # seconds for the hands, after the server is up
MAX_HANDS = 6  # a drawn hand has no score: play on, at most this many hands


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The site served by Daphne on a free port; yields its base URL, stops the process afterwards."""
    with served("e2e-server", server_env(tmp_path_factory.mktemp("e2e") / "db.sqlite3")) as daphne:
        yield daphne.base


@pytest.fixture
def page(server):
    with sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="zh-CN")
            page.set_default_timeout(10_000)
            yield page
        finally:
            browser.close()


def test_guest_quick_matches_and_finishes_a_hand_against_bots(server, page):
    try:
        guest_at_quick_match(page, server)
        page.wait_for_selector("#my-hand", state="attached")
        hands = _play_until_a_win(page)
        score = page.locator("#result #score")
        assert score.is_visible()
        assert int(page.inner_text("#score-huxi")) >= 15  # R7.2 (changde)
        assert int(page.inner_text("#score-base")) >= 1  # R8.3
        changes = [int(t) for t in page.locator("#result-players td.change").all_inner_texts()]
        assert len(changes) == 3 and sum(changes) == 0 and max(changes) > 0  # R8.4: the winner is paid
        page.screenshot(path=ARTIFACTS / "e2e-result.png", full_page=True)
        print(f"won hand after {hands} hand(s)")
    except BaseException:
        save_failure(page, "e2e-failure")
        raise


def _play_until_a_win(page: Page) -> int:
    """Click through hands until the result panel shows a winner; returns how many hands it took."""
    deadline = time.monotonic() + BUDGET
    for hand in range(1, MAX_HANDS + 1):
        _play_one_hand(page, deadline)
        if page.locator("#result #score").count():
            return hand
        page.click("#next-hand")
        page.wait_for_selector("#result.hidden", state="attached",
                               timeout=max(1.0, deadline - time.monotonic()) * 1000)
    raise AssertionError(f"{MAX_HANDS} hands in a row were drawn")


def _play_one_hand(page: Page, deadline: float) -> None:
    """Click legal moves until the result panel appears."""
    while not page.locator("#result:not(.hidden) #result-players").count():
        if time.monotonic() > deadline:
            raise AssertionError(f"no result within {BUDGET} s")
        button = offered_move(page)
        if button:
            click_move(page, button)
        page.wait_for_timeout(100)

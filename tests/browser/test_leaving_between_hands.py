"""Leaving a coin table between hands (issue 22.4), in chromium against Daphne and the deadline sweeper:
a guest who goes to the lobby, goes back, or closes the tab while the next hand counts down is not dealt
in (it was, and auto-play lost 8 coins for them): the deal frees the seat, the table left to bots ends
and leaves the lobby's "now playing", and the guest's return to it says why they have no seat."""
from __future__ import annotations

import time

import pytest

from .phonekit import PHONE, guest_at_table, play_until
from .serverkit import ARTIFACTS, Process, served, server_env

NEXT_HAND_WAIT = 6


@pytest.fixture(scope="module")
def daphne(tmp_path_factory):
    env = server_env(tmp_path_factory.mktemp("leaving") / "db.sqlite3", QUICK_MATCH_BOT_WAIT="0.3",
                     TURN_SECONDS="120", NEXT_HAND_WAIT=str(NEXT_HAND_WAIT))
    with served("leaving-server", env) as server:
        sweeper = Process("leaving-timers", env, ["manage.py", "run_timers", "--loop", "--interval", "0.5"])
        sweeper.start()
        try:
            yield server
        finally:
            sweeper.stop()


@pytest.mark.parametrize("how", ["lobby-link", "back-button", "closed-tab"])
def test_leaving_during_the_countdown_frees_the_seat_and_the_bot_table_ends(daphne, browser, how):
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, locale="zh-CN")
    try:
        page = guest_at_table(context, daphne.base)
        path = page.url.removeprefix(daphne.base)
        play_until(page, lambda: page.locator("#result:not(.hidden) #result-lobby").count() > 0, win=True)
        if how == "lobby-link":
            page.click("#result-lobby")
        elif how == "back-button":
            page.go_back()
        else:
            page.close()
            page = context.new_page()  # another page of the site: not the table's
            page.goto(daphne.base + "/play/")
        page.wait_for_url("**/play/")
        assert path + "watch/" in page.content()  # in play while the next hand counts down
        deadline = time.monotonic() + NEXT_HAND_WAIT + 10
        # The deal comes by the sweeper: nobody is at the table. Wait for a lobby whose <main> names the
        # table nowhere: neither in now playing (its ".../watch/" link) nor among the guest's tables.
        while path in page.inner_html("main"):
            assert time.monotonic() < deadline, "the abandoned table is still in now playing or the guest's tables"
            page.wait_for_timeout(500)
            page.goto(daphne.base + "/play/")
        page.goto(daphne.base + path)
        page.wait_for_selector("#unseated-left")  # the return says why, with the way to play on
        page.screenshot(path=ARTIFACTS / f"left-{how}.png")
    finally:
        context.close()

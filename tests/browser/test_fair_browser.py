"""R2, commit–reveal in a real browser: the table shows the next hand's commitment while it waits, the
page's fair.js sends a client seed that the deal then uses, and after the hand the result panel reveals
the server seed whose link re-deals the hand on /fair/ with a matching commitment.

The site runs in Daphne on a fresh SQLite file (tests/browser/serverkit.py); bots fill the seats after 3 s,
long enough for the page to connect and send its seed."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from .serverkit import ARTIFACTS, click_move, guest_at_quick_match, offered_move, save_failure, served, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("fair") / "db.sqlite3"
    with served("fair-server", server_env(db, QUICK_MATCH_BOT_WAIT="3")) as daphne:
        yield daphne.base, db


def _first_hand(db: Path) -> tuple[str, list[str]]:
    with sqlite3.connect(db) as conn:
        commitment_seed, clients = conn.execute(
            "SELECT server_seed, client_seeds FROM games_hand ORDER BY id LIMIT 1").fetchone()
    return commitment_seed, json.loads(clients)


@pytest.mark.parametrize("width,height", [(360, 740)])
def test_r2_the_browser_seeds_the_deal_and_the_revealed_seed_re_deals_it(server, browser, width, height):
    base, db = server
    page = browser.new_page(viewport={"width": width, "height": height}, locale="zh-CN")
    page.set_default_timeout(10_000)
    try:
        guest_at_quick_match(page, base)
        page.wait_for_function("() => (document.querySelector('[data-fair-mine]') || {}).textContent")
        promised = page.get_attribute("#fair-commitment", "data-fair-next")
        mine = page.text_content("[data-fair-mine]")
        assert len(promised) == 64 and len(mine) == 32
        page.click("#fair-commitment summary")
        page.screenshot(path=ARTIFACTS / f"fair-waiting-{width}.png", full_page=True)
        page.wait_for_selector("#my-hand .card", state="attached", timeout=15_000)  # the bots came: the deal
        server_seed, clients = _first_hand(db)
        assert clients[0] == mine and clients[1:] == ["", ""]  # the browser's seed; bots have none
        deadline = time.monotonic() + 60
        while not page.locator("#result:not(.hidden) #fair-revealed").count():
            assert time.monotonic() < deadline, "the hand did not end"
            button = offered_move(page)
            if button:
                click_move(page, button)
            page.wait_for_timeout(100)
        assert page.text_content("#fair-server-seed") == server_seed
        page.click("#fair-revealed summary")
        page.screenshot(path=ARTIFACTS / f"fair-revealed-{width}.png", full_page=True)
        page.click("#fair-check-link")
        page.wait_for_selector("#fair-ok")
        assert promised in page.input_value("#id_commitment")
        assert page.locator("#fair-deck li").count() == 80
        page.screenshot(path=ARTIFACTS / f"fair-check-{width}.png", full_page=True)
    except BaseException:
        save_failure(page, "fair-failure")
        raise
    finally:
        page.close()

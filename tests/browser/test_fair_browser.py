"""R2, commit–reveal in a real browser: the table shows the next hand's commitment while it waits, the
page's fair.js sends a client seed that the deal then uses, and after the hand the result panel reveals
the server seed whose link re-deals the hand on /fair/ with a matching commitment. The person whose join
fills a private room (and so deals) sees the commitment on the join page, and their seed is the deal's;
the person whose quick match fills a coin table is dealt DEAL_WAIT_SECONDS later, after their table page
showed the commitment and sent its seed.

The site runs in Daphne on a fresh SQLite file (tests/browser/serverkit.py); bots fill the seats after 3 s,
long enough for the page to connect and send its seed."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from .serverkit import (ARTIFACTS, click_move, guest_at_quick_match, guest_in_lobby, offered_move, save_failure,
                        served, server_env)


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


def _hand_of_code(db: Path, code: str) -> tuple[str, list[str]]:
    with sqlite3.connect(db) as conn:
        server_seed, clients = conn.execute(
            "SELECT h.server_seed, h.client_seeds FROM games_hand h JOIN games_table t ON t.id = h.table_id"
            " WHERE t.invite_code = ?", (code,)).fetchone()
    return server_seed, json.loads(clients)


def test_r2_the_joiner_whose_join_deals_saw_the_commitment_and_seeded_the_deal(server, browser):
    from games.rules import commitment_of

    base, db = server
    owner, joiner = (browser.new_page(locale="zh-CN") for _ in range(2))
    try:
        guest_in_lobby(owner, base)
        with sqlite3.connect(db) as conn:
            changde = conn.execute("SELECT id FROM games_variant WHERE slug = 'changde'").fetchone()[0]
        owner.select_option("#id_variant", str(changde))
        owner.select_option("#id_player_count", "2")
        owner.click("#create-room")
        owner.wait_for_url("**/tables/*/")
        code = owner.inner_text("#invite-code").strip()
        guest_in_lobby(joiner, base)
        joiner.goto(f"{base}/join/{code}/")
        joiner.wait_for_function("() => (document.querySelector('[data-fair-mine]') || {}).textContent")
        promised = joiner.get_attribute("#fair-commitment", "data-fair-next")
        mine = joiner.text_content("[data-fair-mine]")
        assert len(promised) == 64 and len(mine) == 32  # shown before the cards, the seed chosen after it
        joiner.click("#join-seat")
        joiner.wait_for_selector("#my-hand .card", state="attached")
        server_seed, clients = _hand_of_code(db, code)
        assert commitment_of(server_seed) == promised and clients[1] == mine
    except BaseException:
        save_failure(joiner, "fair-join-failure")
        raise
    finally:
        owner.close()
        joiner.close()


@pytest.fixture(scope="module")
def matching_server(tmp_path_factory):
    """Three people quick-match one coin table: bots only after a minute, the deal 4 s after the last
    person sits; each page comes from its own address (X-Real-IP), as the tier refuses one address twice."""
    db = tmp_path_factory.mktemp("fair-match") / "db.sqlite3"
    env = server_env(db, QUICK_MATCH_BOT_WAIT="60", DEAL_WAIT_SECONDS="4", CLIENT_IP_HEADER="HTTP_X_REAL_IP")
    with served("fair-match-server", env) as daphne:
        yield daphne.base, db


def test_r2_the_quick_match_that_fills_a_coin_table_shows_the_commitment_and_seeds_the_deal(matching_server,
                                                                                            browser):
    from games.rules import commitment_of

    base, db = matching_server
    pages = [browser.new_page(locale="zh-CN", extra_http_headers={"X-Real-IP": f"10.0.0.{n}"}) for n in (1, 2, 3)]
    joiner = pages[2]
    try:
        for page in pages[:2]:
            guest_at_quick_match(page, base)
        guest_in_lobby(joiner, base)
        joiner.click("#quick-match")
        joiner.wait_for_url("**/tables/*/")
        joiner.wait_for_function("() => (document.querySelector('[data-fair-mine]') || {}).textContent")
        promised = joiner.get_attribute("#fair-commitment", "data-fair-next")
        mine = joiner.text_content("[data-fair-mine]")
        assert joiner.locator("#my-hand .card").count() == 0  # the commitment and seed before the cards …
        assert joiner.text_content("#dealing-note") == "座位已满：正在发牌…"
        joiner.wait_for_selector("#my-hand .card", state="attached", timeout=15_000)  # … then the deal
        table_id = joiner.url.rstrip("/").rsplit("/", 1)[1]
        with sqlite3.connect(db) as conn:
            server_seed, clients = conn.execute(
                "SELECT server_seed, client_seeds FROM games_hand WHERE table_id = ?", (table_id,)).fetchone()
        clients = json.loads(clients)
        assert commitment_of(server_seed) == promised and clients[2] == mine and all(clients)
    except BaseException:
        save_failure(joiner, "fair-match-failure")
        raise
    finally:
        for page in pages:
            page.close()

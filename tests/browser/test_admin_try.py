"""The admin's "try it" box in a real browser: on a variant's change page it is as wide as the form (it
was squeezed to 0 px beside the page's floated main column, one character per line), and scoring a
hand in it shows the result in Chinese (R8 breakdown). Screenshots: /tmp/admin_try_<width>.png.

The site runs as serverkit.server_env sets it: a real Daphne process on a fresh SQLite file, driven by
Debian's chromium through Playwright.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from .serverkit import Daphne, manage, migrate, save_failure, server_env

ADMIN = ("try-admin", "a-long-pass-123")
# Table peng 贰 and wei 捌, a self-drawn 十: 21 hu-xi, grade 3, +1 for the self-draw (R8.1, R8.3).
HAND = {"groups": "碰 贰贰贰\nwei 捌捌捌", "hand": "一二三四五六七八九十十壹贰叁", "card": "十", "source": "own_draw"}


@pytest.fixture(scope="module")
def server(tmp_path_factory, request):
    """The site with the preset variants (the data migration) and an admin account; stopped at the end."""
    env = server_env(tmp_path_factory.mktemp("admin-try") / "db.sqlite3",
                     ADMIN_USERNAME=ADMIN[0], ADMIN_PASSWORD=ADMIN[1])
    migrate(env)
    manage(env, "ensure_admin")
    daphne = Daphne("admin-try-server", env)
    request.addfinalizer(daphne.stop)
    daphne.start()
    return daphne.base


def _variant_page(browser, server: str, width: int, height: int) -> Page:
    """A logged-in admin on the changde variant's change page, at this window size."""
    page = browser.new_page(viewport={"width": width, "height": height}, locale="zh-CN")
    page.set_default_timeout(10_000)
    page.goto(server + "/admin/login/")
    page.fill("#id_username", ADMIN[0])
    page.fill("#id_password", ADMIN[1])
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
    page.goto(server + "/admin/games/variant/?q=changde")
    page.click("#result_list tbody tr a[href*='/change/']")
    page.wait_for_selector("#try-it")
    return page


def _score_a_hand(page: Page) -> str:
    page.fill("#try-it textarea[name=groups]", HAND["groups"])
    page.fill("#try-it input[name=hand]", HAND["hand"])
    page.fill("#try-it input[name=card]", HAND["card"])
    page.select_option("#try-it select[name=source]", HAND["source"])
    page.click("#try-it input[type=submit]")
    page.wait_for_selector("#try-result .try-win")
    return page.inner_text("#try-result")


@pytest.mark.parametrize("width, height, min_width", [(1280, 800, 300), (360, 740, 280)])
def test_admin_try_box_is_wide_and_scores_in_chinese(server, browser, width, height, min_width):
    page = _variant_page(browser, server, width, height)
    shot = Path(f"/tmp/admin_try_{width}.png")
    try:
        box = page.locator("#try-it").bounding_box()
        assert box["width"] > min_width, box
        hand_box = page.locator("#try-it input[name=hand]").bounding_box()
        assert hand_box["x"] + hand_box["width"] <= width, hand_box  # the inputs fit the window
        result = _score_a_hand(page)
        assert "胡牌：底数 4，21 胡息。" in result
        for says in ("偎", "碰", "胡息", "等", "自摸", "平胡", "3 等 + 1 自摸 = 底 4"):  # the result panel's words
            assert says in result, (says, result)
        page.evaluate("document.querySelector('#try-result').scrollIntoView()")
        page.screenshot(path=shot)  # what the admin sees: the result, as wide as the window allows
    except BaseException:
        save_failure(page, f"admin-try-{width}-failure")
        raise

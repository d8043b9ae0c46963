"""Calling in bots of a chosen level (issue 25), in chromium: a waiting private room's owner sees one
button per level (简单 / 普通 / 困难机器人), taps 困难机器人, and the table names each bot with its level
(机器人 2（困难）). Screenshots at 360×740 and 1280×800 go to test-artifacts/."""
from __future__ import annotations

import re

import pytest

from .serverkit import ARTIFACTS, guest_in_lobby, save_failure, served, server_env

SIZES = [(360, 740), (1280, 800)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served("bot-levels-server", server_env(tmp_path_factory.mktemp("botlevels") / "db.sqlite3")) as daphne:
        yield daphne.base


@pytest.mark.parametrize("size", SIZES)
def test_the_owner_calls_in_hard_bots_and_the_table_names_their_level(site, browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN")
    page = context.new_page()
    try:
        guest_in_lobby(page, site)
        page.click("#create-room")
        page.wait_for_url(re.compile(r".*/tables/\d+/$"))
        page.wait_for_selector("#fill-bots-hard")
        buttons = page.locator("#actions .fill-bots button")
        assert buttons.all_inner_texts() == ["简单机器人", "普通机器人", "困难机器人"]
        for i in range(3):
            box = buttons.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0]  # nothing cut off
        page.screenshot(path=ARTIFACTS / f"bot-levels-buttons-{size[0]}.png")
        page.click("#fill-bots-hard")
        page.wait_for_function("document.body.innerText.includes('（困难）')")
        text = page.inner_text("body")
        assert "机器人 2（困难）" in text and "机器人 3（困难）" in text
        assert not re.search(r"\b(hard|easy|normal)\b", text)  # no English on the Chinese page
        page.screenshot(path=ARTIFACTS / f"bot-levels-table-{size[0]}.png")
    except BaseException:
        save_failure(page, f"bot-levels-{size[0]}")
        raise
    finally:
        context.close()

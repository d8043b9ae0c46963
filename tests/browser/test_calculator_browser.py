"""The hand calculator in a real browser, on a phone (360×740) and a desktop: a player taps the cards of
a hand and the winning card with the picker, picks the source, and the result comes in place (htmx, no
reload) with the address updated, so that reloading the link shows the same calculation.
Screenshots: test-artifacts/calculator-<width>.png."""
from __future__ import annotations

import pytest

from .serverkit import ARTIFACTS, save_failure, served, server_env

HAND = "壹壹壹叁叁叁一二三二七十四五六七八九伍陆"  # 18 hu-xi with 柒 from another's draw: base 2 (changde)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served("calculator-server", server_env(tmp_path_factory.mktemp("calculator") / "db.sqlite3")) as daphne:
        yield daphne.base


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_tapping_cards_scores_the_hand_in_place_and_the_link_reproduces_it(server, browser, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, locale="zh-CN")
    page.set_default_timeout(10_000)
    try:
        page.goto(server + "/calculator/")
        page.evaluate("window.stayed = true")  # gone if the page reloads
        page.select_option("select[name=variant]", "changde")
        picker = page.locator("#card-picker")
        assert picker.is_visible()
        for card in HAND + "九":  # one card too many, taken back with ⌫
            picker.locator(f"button[data-card='{card}']").click()
        picker.locator("button[data-back]").click()
        assert page.input_value("input[name=hand]") == HAND
        page.click("input[name=card]")
        picker.locator("button[data-card='柒']").click()
        page.select_option("select[name=source]", "other_draw")
        page.wait_for_selector("#calc-win")
        assert "底数 2" in page.inner_text("#calc-win") and page.evaluate("window.stayed") is True
        assert "hand=" in page.url and "source=other_draw" in page.url  # the address is the calculation
        page.screenshot(path=ARTIFACTS / f"calculator-{width}.png", full_page=True)
        shown = page.inner_text("#calc-result")
        page.goto(page.url)
        assert page.inner_text("#calc-result") == shown
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1  # nothing sticks out
    except BaseException:
        save_failure(page, f"calculator-failure-{width}")
        raise
    finally:
        page.close()

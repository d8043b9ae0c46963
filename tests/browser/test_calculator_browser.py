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


GROUPED_HAND = "二七十贰柒拾壹壹壹四五六叁肆"  # with 碰 贰贰贰 and 吃 七八九 on the table and 伍: 18 hu-xi, base 6
TAPS_44 = """() => [...document.querySelectorAll('#group-picker button, #card-picker button')]
  .filter(b => b.getClientRects().length).map(b => b.getBoundingClientRect())
  .filter(r => r.width < 44 || r.height < 44).length"""


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_groups_are_built_by_tapping_checked_by_the_engine_and_removed_with_their_chip(server, browser, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, locale="zh-CN")
    page.set_default_timeout(10_000)
    try:
        page.goto(server + "/calculator/")
        page.select_option("select[name=variant]", "changde")
        cards, groups = page.locator("#card-picker"), page.locator("#group-picker")
        assert groups.is_visible() and not page.locator("textarea[name=groups]").is_visible()  # chips instead

        def tap(text):
            for card in text:
                cards.locator(f"button[data-card='{card}']").click()

        def group(kind, text):
            groups.locator(f"button[data-kind='{kind}']").click()
            tap(text)

        tap(GROUPED_HAND)
        group("peng", "贰贰贰")
        page.wait_for_selector("#group-chips li:nth-child(1)")
        group("chi", "七八九")
        page.wait_for_selector("#group-chips li:nth-child(2)")
        assert page.locator("#group-chips").inner_text().split() == ["碰", "贰贰贰", "×", "吃", "七八九", "×"]
        assert page.input_value("input[name=hand]") == GROUPED_HAND  # the group's cards went to the group
        page.click("input[name=card]")
        tap("伍")
        page.select_option("select[name=source]", "other_draw")
        page.wait_for_selector("#calc-win")
        assert "底数 6" in page.inner_text("#calc-win") and "groups=" in page.url
        assert page.evaluate(TAPS_44) == 0
        page.screenshot(path=ARTIFACTS / f"calculator-groups-{width}.png", full_page=True)

        group("peng", "贰贰叁")  # not a peng: refused, nothing added
        page.wait_for_selector("#group-error:visible")
        assert page.inner_text("#group-error") == "第 3 组：贰贰叁 不是碰。"
        tap("贰贰贰")  # the kind is still chosen: a fifth 贰 (one in hand, three on the table)
        page.wait_for_function("document.getElementById('group-error').textContent.includes('共有 7 张贰')")
        assert page.locator("#group-chips li").count() == 2
        page.screenshot(path=ARTIFACTS / f"calculator-group-refused-{width}.png", full_page=True)

        page.locator("#group-chips li", has_text="七八九").locator("button.chip-remove").click()
        page.wait_for_selector("#calc-nowin")  # without the chi the holdings do not win
        assert page.input_value("textarea[name=groups]") == "碰 贰贰贰" and page.locator("#group-chips li").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    except BaseException:
        save_failure(page, f"calculator-groups-failure-{width}")
        raise
    finally:
        page.close()


def test_without_javascript_the_groups_are_typed(server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="zh-CN", java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(server + "/calculator/")
        assert not page.locator("#group-picker").is_visible() and page.locator("textarea[name=groups]").is_visible()
        page.select_option("select[name=variant]", "changde")
        page.fill("input[name=hand]", GROUPED_HAND)
        page.fill("textarea[name=groups]", "碰 贰贰贰\n吃 七八九")
        page.fill("input[name=card]", "伍")
        page.select_option("select[name=source]", "other_draw")
        page.click("#calc-submit")
        assert "底数 6" in page.inner_text("#calc-win")
    finally:
        context.close()

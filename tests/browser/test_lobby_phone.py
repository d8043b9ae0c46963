"""The lobby on a phone (360×740) and a desktop (1280×800), issue 22 item 6: quick match is in view
without scrolling, above the daily sign-in and tasks; room names and buttons keep to one line; a room the
player cannot enter says why, in the player's language."""
import pytest

from .phonekit import DESKTOP, PHONE
from .serverkit import guest_in_lobby

SHOTS = "/work/wt/table2-shots"
# The number of lines an element's text takes: its text's line boxes, one rect per line.
LINES = """e => { const r = document.createRange(); r.selectNodeContents(e);
  return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x740", "1280x800"])
def test_the_lobby_puts_quick_match_first_keeps_names_on_a_line_and_says_why_a_room_is_closed(
        daphne, browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN")
    page = context.new_page()
    try:
        guest_in_lobby(page, daphne.base)
        page.wait_for_selector("#daily")
        quick = page.locator("#quick-match").bounding_box()
        assert quick["y"] + quick["height"] <= size[1], quick
        assert quick["y"] < page.locator("#daily").bounding_box()["y"]
        assert all(n <= 1 for n in page.locator("#tiers th").evaluate_all(f"els => els.map({LINES})"))
        rows = page.locator("#tiers tbody tr")
        assert rows.count() == 6
        for n in range(rows.count()):
            row = rows.nth(n)
            name = row.locator("td").first
            assert name.evaluate(LINES) == 1, name.inner_text()
            sit = row.locator("button")
            if sit.count():
                assert sit.evaluate(LINES) == 1, sit.inner_text()
            else:
                assert "需要" in row.locator(".why").inner_text() and "金币" in row.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        page.screenshot(path=f"{SHOTS}/lobby-{size[0]}x{size[1]}.png")
    finally:
        context.close()

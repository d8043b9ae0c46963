"""The lobby on a phone (360×740) and a desktop (1280×800), in Chinese and in English (issue 22 items 6
and 11): quick match is in view without scrolling, above the daily sign-in and tasks; nothing is wider
than the screen or its table; headings, a Chinese room name and the buttons keep to one line (not 天/门/山
a line each), an English room name to two at most, broken between words (on a phone each English room
takes two lines: its name above its numbers); the rooms are named in the page's language; a room the
player cannot enter says why, in the player's language. Screenshots: shots/lobby-<language>-<size>.png."""
from pathlib import Path

import pytest

from .phonekit import DESKTOP, PHONE
from .serverkit import guest_in_lobby

SHOTS = Path(__file__).resolve().parents[2] / "shots"
# The number of lines an element's text takes: its text's line boxes, one rect per line.
LINES = """e => { const r = document.createRange(); r.selectNodeContents(e);
  return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"""
# Whether a word of the element's text is broken over two lines: a word's first and last letters' tops.
BROKEN_WORD = """e => { const text = e.firstChild, words = [...text.data.matchAll(/\\S+/g)];
  const top = i => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
                     return Math.round(r.getBoundingClientRect().top); };
  return words.some(w => top(w.index) !== top(w.index + w[0].length - 1)); }"""
LANGUAGES = {"zh-CN": {"rooms": ["天门山", "岳麓山", "桃花源", "黄龙洞", "石燕湖", "洞庭湖"], "name_lines": 1,
                       "why": ("需要", "金币")},
             "en-US": {"rooms": ["Tianmen Mountain", "Yuelu Mountain", "Peach Blossom Spring", "Yellow Dragon Cave",
                                 "Shiyan Lake", "Dongting Lake"], "name_lines": 2, "why": ("Needs", "coins")}}


@pytest.mark.parametrize("locale", LANGUAGES, ids=["zh", "en"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x740", "1280x800"])
def test_the_lobby_puts_quick_match_first_keeps_names_whole_and_says_why_a_room_is_closed(
        daphne, browser, size, locale):
    expect = LANGUAGES[locale]
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    page = context.new_page()
    try:
        guest_in_lobby(page, daphne.base)
        page.wait_for_selector("#daily")
        page.screenshot(path=SHOTS / f"lobby-{locale[:2]}-{size[0]}x{size[1]}.png")
        assert page.evaluate("document.documentElement.scrollWidth") == size[0]
        quick = page.locator("#quick-match")
        box = quick.bounding_box()
        assert box["y"] + box["height"] <= size[1], box
        assert box["y"] < page.locator("#daily").bounding_box()["y"]
        assert quick.inner_text().endswith(expect["rooms"][0]) and quick.evaluate(LINES) == 1
        assert all(n <= 1 for n in page.locator("#tiers th").evaluate_all(f"els => els.map({LINES})"))
        rows = page.locator("#tiers tbody tr")
        assert rows.count() == 6
        for n in range(rows.count()):
            row = rows.nth(n)
            name = row.locator("td").first
            assert name.inner_text() == expect["rooms"][n]
            assert name.evaluate(LINES) <= expect["name_lines"] and not name.evaluate(BROKEN_WORD), name.inner_text()
            sit = row.locator("button")
            if sit.count():
                assert sit.evaluate(LINES) == 1, sit.inner_text()
            else:
                assert all(word in row.locator(".why").inner_text() for word in expect["why"])
        table, main = page.locator("#tiers").bounding_box(), page.locator("main h1").bounding_box()
        assert table["x"] >= main["x"] and table["x"] + table["width"] <= main["x"] + main["width"] + 0.5, table
    finally:
        context.close()

"""How 胡息 becomes 等 at the table (issue 22.7), in chromium on a phone: a won hand's result panel
says the rule (R8.1) and works it for this hand's hu-xi — "25 胡息：1 + (25 − 15) ÷ 3，舍去余数，= 4 等" —
and that line is on the screen, not under the decision bar. A drawn hand goes on to the next."""
from __future__ import annotations

import re

from .phonekit import PHONE, play_until
from .serverkit import ARTIFACTS

LINE = re.compile(r"(\d+) 胡息：1 \+ \((\d+) − (\d+)\) ÷ (\d+)，舍去余数，= (\d+) 等")


def test_a_won_hands_result_works_out_its_grade_from_its_hu_xi(table):
    page = table(PHONE)

    def won() -> bool:
        shown = page.locator("#result:not(.hidden)")
        if shown.count() and not shown.locator("#score").count() and shown.locator("#next-hand").count():
            page.click("#result #next-hand")  # a drawn hand (R7): no grade to explain
            return False
        return shown.locator("#score-grade-rule").count() > 0

    play_until(page, won, win=True)
    rule = page.inner_text("#score-grade-rule")
    assert re.fullmatch(r"等：\d+ 胡息为 1 等，之后每多 \d+ 胡息加 1 等。", rule), rule
    huxi, grade = int(page.inner_text("#score-huxi")), int(page.inner_text("#score-grade").split()[0])
    if page.locator("#score-grade-line").count():  # the hu-xi reached the rule's start
        line = LINE.fullmatch(page.inner_text("#score-grade-line"))
        assert line, page.inner_text("#score-grade-line")
        h, again, start, step, said = map(int, line.groups())
        assert h == again == huxi and said == grade == 1 + (h - start) // step
    else:
        assert grade == 1
    page.locator("#score-grade-rule").scroll_into_view_if_needed()
    box = page.locator("#score-grade-rule").bounding_box()
    bar = page.locator("#action-bar")
    bottom = bar.bounding_box()["y"] if bar.count() and bar.is_visible() else PHONE[1]
    assert 0 <= box["y"] and box["y"] + box["height"] <= bottom + 0.5, (box, bottom)
    page.screenshot(path=ARTIFACTS / "result-grade-explained-360.png")

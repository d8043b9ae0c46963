"""The replay's analysis (issue 25), in chromium: a guest who played a hand asks for the hard bot's
analysis on its replay; the box shows its progress while the sweeper computes it, then a table of
each decision (the move played, the hard bot's, the estimates), in Chinese, scrolling inside its box
on a phone. Screenshots at 360×740 and 1280×800 go to test-artifacts/."""
from __future__ import annotations

import pytest

from .phonekit import PHONE, play_until
from .serverkit import ARTIFACTS, manage


@pytest.mark.parametrize("size", [PHONE, (1280, 800)])
def test_the_analysis_shows_its_progress_then_each_decision(table, daphne, size):
    page = table(size)
    play_until(page, lambda: page.locator("#result:not(.hidden) #replay-link").count() > 0, win=True)
    page.click("#replay-link")
    page.wait_for_selector("#replay-board")
    page.click("#analysis-ask")
    page.wait_for_selector("#analysis-progress")
    assert "分析中" in page.inner_text("#analysis-progress")
    page.locator("#replay-analysis").screenshot(path=ARTIFACTS / f"replay-analysis-progress-{size[0]}.png")
    manage({**daphne.env, "BOT_WORKERS": "0"}, "run_timers")  # one sweep, the analysis in its own process
    page.wait_for_selector("#analysis-table", timeout=10_000)
    box = page.inner_text("#replay-analysis")
    assert "困难机器人" in box and "之前" in box and "之后" in box
    assert not any(word in box for word in ("discard", "pass", "hard", "before"))  # no English here
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]  # the table scrolls in its box
    page.locator("#replay-analysis").scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"replay-analysis-{size[0]}.png")

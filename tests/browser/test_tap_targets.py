"""Tap targets off the table (issue 22.9), on a phone (360×740): the language select, every checkbox and
field, the replay's step links and its move list, the calculator's card picker and the profile's replay
links are at least 44×44 px (they were 19, 13, 22 and ~32 px). Text links inside a sentence are left
out (WCAG 2.5.8's inline exception)."""
from __future__ import annotations

from .phonekit import PHONE, play_until
from .serverkit import ARTIFACTS

TARGETS = ("select, textarea, input:not([type=hidden]), button, summary, .brand, .site-header nav a, "
           ".replay-nav a, .replay-moves a, .card-picker .pick, #recent-hands a, #coin-history a, .watch-link")
SMALL = """s => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length
    && getComputedStyle(e).visibility !== 'hidden' && !e.closest('details:not([open]) > :not(summary)'))
  .map(e => { const r = e.getBoundingClientRect();
              return [e.id || e.name || e.textContent.trim().slice(0, 12) || e.tagName, r.width, r.height]; })
  .filter(([_, w, h]) => w < 43.5 || h < 43.5)"""


def test_the_sites_controls_off_the_table_are_44_px_tap_targets(table):
    page = table(PHONE)
    play_until(page, lambda: page.locator("#result:not(.hidden) #replay-link").count() > 0, win=True)
    replay, base = page.get_attribute("#replay-link", "href"), page.url.split("/tables/")[0]
    for url in ("/", "/play/", "/accounts/profile/", "/calculator/", replay, replay + "?step=2"):
        page.goto(base + url)
        if page.locator("#replay-moves").count():
            page.click("#replay-moves summary")  # its move list open: every step a target
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0], url
        small = page.evaluate(SMALL, TARGETS)
        assert not small, (url, small)
    page.goto(page.url.split("?")[0] + "?step=2")
    page.screenshot(path=ARTIFACTS / "taps-replay.png", full_page=True)

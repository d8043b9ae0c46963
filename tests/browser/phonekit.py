"""What the table's browser tests share (test_phone_table, test_table_motion): a guest's page at a
quick-match table against fast bots, and playing it by taps until a wanted position comes up."""
from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .serverkit import guest_at_quick_match

PHONE, DESKTOP = (360, 740), (1280, 800)
BUDGET = 45  # seconds of play to reach a wanted position


def guest_at_table(context, base: str) -> Page:
    """A new guest's page in this browser context at a quick-match table, its hand dealt and live."""
    page = context.new_page()
    page.set_default_timeout(10_000)
    guest_at_quick_match(page, base)
    page.wait_for_selector("#my-hand .card[data-key]")
    page.wait_for_function("document.getElementById('table-live').dataset.connection === 'open'")
    return page


def discard_two_taps(page: Page) -> bool:
    """Discard the hand's last card by two taps (the first only chooses it); False when none may go."""
    card = page.locator("#my-hand form.discard button.card").last
    if not card.count():
        return False
    handle = card.element_handle()
    try:
        handle.click(timeout=1000)
        handle.click(timeout=1000)
        page.wait_for_function("b => !b.isConnected", arg=handle, timeout=3000)
    except PlaywrightError:  # swapped out meanwhile
        pass
    return True


def play_until(page: Page, reached, *, win: bool = False) -> None:
    """Pass on claims (hu when `win`, and then stay on the result panel), discard by two taps, next
    hand after a drawn one, until `reached()`; fails after BUDGET seconds."""
    deadline = time.monotonic() + BUDGET
    while not reached():
        assert time.monotonic() < deadline, "the wanted position did not come up in time"
        wanted = ("#act-hu", "#act-pass") if win else ("#act-pass", "#result:not(.hidden) #next-hand")
        offered = [s for s in wanted if page.locator(s).count()]
        try:
            if offered:
                page.click(offered[0], timeout=1000)
            else:
                discard_two_taps(page)
        except PlaywrightError:  # swapped out by an update meanwhile
            pass
        page.wait_for_timeout(120)


def my_discard(page: Page) -> bool:
    return page.locator("#my-hand form.discard button.card").count() > 0


def faces(page: Page) -> list[str]:
    """The different faces of the cards the player may discard now."""
    return list(dict.fromkeys(page.locator("#my-hand form.discard button.card").all_inner_texts()))


def columns(page: Page) -> list[str]:
    """The hand's columns as the player sees them, each its cards' faces."""
    return page.evaluate("[...document.querySelectorAll('#my-hand .column')].map(c => c.innerText.replace(/\\s/g, ''))")

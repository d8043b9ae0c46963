"""Sharing a replay (issue 22.5), in chromium: a guest who played a hand against bots sends its replay
link to a friend. Before sharing, the friend's page says why it does not open (it was a bare "page not
found"); the share button asks first, makes this hand's replay public, and then the link opens for the
friend, who has no account."""
from __future__ import annotations

from .phonekit import PHONE, play_until
from .serverkit import ARTIFACTS


def test_the_share_button_asks_then_makes_the_replay_public_and_the_friends_link_opens(table, browser):
    page = table(PHONE)
    play_until(page, lambda: page.locator("#result:not(.hidden) #replay-link").count() > 0, win=True)
    page.click("#replay-link")
    page.wait_for_selector("#replay-board")
    link = page.input_value("#replay-share-link")
    friend = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, locale="zh-CN").new_page()
    try:
        friend.goto(link)
        assert "回放不公开" in friend.inner_text("main") and "分享给朋友" in friend.inner_text("#replay-private")
        assert not friend.locator("#replay-board").count()
        friend.screenshot(path=ARTIFACTS / "replay-private.png")
        assert not page.is_visible("#replay-share-confirm")  # asked first: the button is behind the question
        page.click("#replay-make-public summary")
        assert "任何人拿到链接" in page.inner_text("#replay-make-public")
        page.screenshot(path=ARTIFACTS / "replay-share-ask.png")
        page.click("#replay-share-confirm")
        page.wait_for_selector("#messages")
        assert "现在公开了" in page.inner_text("#messages")
        assert not page.locator("#replay-make-public").count() and "任何人" in page.inner_text("#replay-share-status")
        friend.goto(link)
        friend.wait_for_selector("#replay-board")
        friend.click("#replay-next")  # and it plays for them
        friend.wait_for_selector("#replay-prev")
    finally:
        friend.context.close()

"""The economy's pages on a phone (360×740) and a desktop (1280×800): the sign-in and task buttons and
the coin history's page links — and every button, header link and table link of these pages — are 44 px
tap targets, nothing overflows sideways; all with JavaScript
off, as the sign-in, the task rewards, the coin history and the leaderboards are plain forms and links."""
import pytest

from .phonekit import DESKTOP, PHONE
from .serverkit import guest_in_lobby, manage

SEED = """
from money.models import DailyTask, TaskProgress
from accounts.models import User
from django.utils import timezone
from money import ledger
guest = User.objects.filter(is_guest=True).latest("pk")
for n in range(25):
    ledger.ledger_settle(f"seed:{guest.pk}:{n}", {guest: 10, ledger.house_account(): -10})
task = DailyTask.objects.get(kind="win")
TaskProgress.objects.create(user=guest, task=task, day=timezone.localdate(), count=task.hands)
"""
SITE_TARGETS = ".site-header nav a, .site-header nav .link, .button, #recent-hands a, #coin-history a"
TARGETS = "els => els.filter(e => e.offsetParent).map(e => [e.textContent.trim(), e.getBoundingClientRect().height])"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["360x740", "1280x800"])
def test_the_economys_buttons_are_tap_targets_and_the_pages_fit(daphne, browser, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN",
                                  java_script_enabled=False)
    page = context.new_page()
    try:
        guest_in_lobby(page, daphne.base)
        manage(daphne.env, "shell", "-c", SEED)
        page.reload()
        controls = page.locator("#signin-claim, #daily-tasks .button")
        assert controls.count() == 2
        assert all(h >= 44 for _t, h in controls.evaluate_all(TARGETS)), controls.evaluate_all(TARGETS)
        page.click("#signin-claim")
        page.wait_for_selector("#signin-done")
        page.click("#daily-tasks .button")
        page.wait_for_selector("#daily-tasks .claimed")
        page.goto(daphne.base + "/accounts/profile/")
        links = page.locator("#coin-history-pages a")
        assert links.count() == 1 and all(h >= 44 for _t, h in links.evaluate_all(TARGETS))
        for url in ("/play/", "/accounts/profile/", "/accounts/profile/?page=2", "/leaderboard/"):
            page.goto(daphne.base + url)
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], url
            small = [t for t in page.locator(SITE_TARGETS).evaluate_all(TARGETS) if t[1] < 44]
            assert not small, (url, small)
        assert page.locator("#board-today, #board-week, #board-levels, #board-hands").count() == 4
    finally:
        context.close()

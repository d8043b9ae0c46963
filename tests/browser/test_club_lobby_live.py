"""The club lobby live in Chromium (issue 23): three members on the lobby, the owner on a phone (360×740),
a friend on a desktop (1280×800), another on a phone; all three show in each page's members online; one
friend taps the rule set (a table opens) and the other taps it too (a seat taken): the owner's page,
never reloaded, shows the table appear, then both names at it, and the friends gone from its members
online as they leave the lobby for the table; the server stops: the page says the connection was lost
within 1 s, and once the server is back it reconnects and shows what changed meanwhile; a member
removed while on the lobby is closed at once and told why, in Chinese. Screenshots in test-artifacts/ for looking at."""
from __future__ import annotations

import subprocess
import sys

import pytest

from .phonekit import DESKTOP, PHONE
from . import test_club_lobby as club_lobby
from .serverkit import ARTIFACTS, ROOT, lost_spy, save_failure
from .test_club_lobby import signed_up

pytestmark = pytest.mark.browser


LOST_SPY = lost_spy("club-live")


def shot(page, name: str) -> None:
    club_lobby.shot(page, name, ARTIFACTS)


def on_lobby(page, base: str, number: str) -> None:
    page.goto(f"{base}/clubs/{number}/")
    page.wait_for_selector("#club-live[data-connection=open]")


def online_count(page, n: int) -> None:
    page.wait_for_function("n => document.querySelector('#club-online h2').textContent.includes(`（${n}）`)", arg=n)


def test_a_members_tap_shows_on_the_others_lobby_without_a_reload(daphne, browser):
    base = daphne.base
    owner = signed_up(browser, base, "圈主", PHONE)
    friend = signed_up(browser, base, "阿链", DESKTOP)
    other = signed_up(browser, base, "小号", PHONE)
    pages = (owner, friend, other)
    try:
        number = club_lobby.club_created(owner, base)
        for page in (friend, other):
            page.goto(f"{base}/clubs/join/{number}/")
            page.click("#club-invite-join")
            page.wait_for_url(f"**/clubs/{number}/")

        for page in pages:
            on_lobby(page, base, number)
        for page in pages:  # each page hears the others arrive
            online_count(page, 3)
            assert all(name in page.inner_text("#club-online") for name in ("圈主", "阿链", "小号"))
        owner.evaluate("window.notReloaded = true")
        shot(owner, "club-live-online")
        shot(friend, "club-live-online")

        friend.click("#club-rule-sets button")  # a table opens, the friend at it
        friend.wait_for_url("**/tables/*/")
        owner.wait_for_function("() => document.getElementById('club-waiting').textContent.includes('阿链')")
        online_count(owner, 2)
        other.wait_for_function("() => document.getElementById('club-waiting').textContent.includes('阿链')")
        other.click("#club-rule-sets button")  # the other takes a seat at the same table
        other.wait_for_url("**/tables/*/")
        assert other.url == friend.url
        owner.wait_for_function("() => document.getElementById('club-waiting').textContent.includes('小号')")
        online_count(owner, 1)
        waiting = owner.inner_text("#club-waiting")
        assert "阿链" in waiting and "小号" in waiting and "空位" in waiting
        assert owner.evaluate("window.notReloaded") is True  # pushed, never reloaded
        assert "在线成员（1）" in owner.inner_text("#club-online") and "阿链" not in owner.inner_text("#club-online")
        shot(owner, "club-live-seat-taken")

        friend.goto(f"{base}/clubs/{number}/")  # the desktop's view of the lobby, with the table waiting
        friend.wait_for_selector("#club-live[data-connection=open]")
        online_count(friend, 2)
        shot(friend, "club-live-seat-taken")
        owner.click("#club-rule-sets button")  # the owner fills it: it starts, and the friend's page shows it
        owner.wait_for_url("**/tables/*/")
        friend.wait_for_function("() => document.getElementById('club-playing').textContent.includes('第 1/8 局')")
        shot(friend, "club-live-playing")

        friend.evaluate(LOST_SPY)  # the server goes away: the page says so promptly
        daphne.stop()
        friend.wait_for_selector("#flash.offline", timeout=3000)
        assert friend.evaluate("window.saidAt - window.lostAt") < 1000
        assert "与亲友圈的连接已断开" in friend.inner_text("#flash")
        shot(friend, "club-live-offline")
        edit = (f"from clubs.models import Club\n"
                f"Club.objects.filter(number='{number}').update(announcement='改到九点')")  # meanwhile
        subprocess.run([sys.executable, "manage.py", "shell", "-c", edit], cwd=ROOT, env=daphne.env, check=True,
                       timeout=120)
        daphne.start()  # back: the reconnect brings every fragment again, the new announcement with them
        friend.wait_for_selector("#club-live[data-connection=open]", timeout=10_000)
        friend.wait_for_function("() => document.getElementById('club-announcement').textContent.includes('改到九点')")
        assert not friend.locator("#flash.offline").count()

        other.goto(f"{base}/clubs/{number}/")  # 小号 on the lobby (phone) is removed by the owner:
        other.wait_for_selector("#club-live[data-connection=open]")
        owner.goto(f"{base}/clubs/{number}/manage/")
        owner.on("dialog", lambda dialog: dialog.accept())
        owner.locator("#club-members form.club-row", has_text="小号").locator("button[value=remove]").click()
        owner.wait_for_url("**/manage/")
        other.wait_for_selector("#club-live[data-connection=ended]")  # closed at once, not reconnecting
        assert "你已不再是这个亲友圈的成员" in other.inner_text("#flash")
        assert other.locator("#club-rule-sets button").first.is_disabled()
        assert other.locator("#club-leave").is_disabled()
        shot(other, "club-live-removed")
        assert other.goto(f"{base}/clubs/{number}/").status == 404
    except BaseException:
        for n, page in enumerate(pages):
            save_failure(page, f"club-lobby-live-{n}")
        raise
    finally:
        for page in pages:
            page.context.close()

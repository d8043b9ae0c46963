"""Clubs in Chromium (issue 23), the issue's scenario on a phone (360×740) and a desktop (1280×800) at
once: the owner (phone) creates a club from the lobby and gives it a rule set; one friend (desktop)
joins by the invite link, straight in; the owner turns approval on, and the other friend (phone) joins
by the club's number and is approved; one taps the rule set, the others tap the same, the table fills
and starts; the two friends switch on auto-play (托管), the owner plays each move (a hu whenever
offered), and the series plays its 8 hands to its end (a drawn hand scores nothing: the totals may all
be 0, and then nobody is the winner); the club's records and standings and each one's own records
show it; disabled by the admin, its lobby says so; the own records still show the series once the
owner dissolves the club. Every page fits its width; the lobby (waiting, playing, after, disabled),
the records and the own records are saved for looking at (shots/)."""
from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .phonekit import DESKTOP, PHONE
from .serverkit import ROOT, click_move, offered_move, save_failure, served, server_env

SHOTS = Path(__file__).resolve().parents[2] / "shots"
HANDS = 8


@pytest.fixture(scope="module")
def daphne(tmp_path_factory):
    """Auto-play and bots at once, no claim window: a series of 8 hands in a few minutes."""
    env = server_env(tmp_path_factory.mktemp("clubs") / "db.sqlite3", BOT_DELAY="0", CLAIM_WINDOW_SECONDS="0",
                     TURN_SECONDS="120", NEXT_HAND_WAIT="120")
    with served("club_lobby-server", env) as server:
        yield server


def signed_up(browser, base: str, name: str, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "a-long-pass-123")
    page.fill("input[name=password2]", "a-long-pass-123")
    page.click("form button[type=submit]")
    page.wait_for_load_state()
    return page


def fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def shot(page, name: str, folder: Path = SHOTS) -> None:
    fits(page)
    folder.mkdir(exist_ok=True)
    size = page.viewport_size
    page.screenshot(path=str(folder / f"{name}-{size['width']}x{size['height']}.png"), full_page=True)


def tap(page, base: str, number: str) -> str:
    page.goto(f"{base}/clubs/{number}/")
    page.click("#club-rule-sets button")
    page.wait_for_url("**/tables/*/")
    return re.search(r"/tables/(\d+)/", page.url).group(1)


def admin_sets(daphne, number: str, *, disabled: bool) -> None:
    """What the admin's action does (clubs.ending.club_disable), run in the served site's database; and
    back again (the admin's "enable")."""
    change = "ending.club_disable(club=club)" if disabled else "Club.objects.filter(pk=club.pk).update(disabled=False)"
    code = (f"from clubs.models import Club\nfrom clubs import ending\n"
            f"club = Club.objects.get(number='{number}')\n{change}")
    subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=daphne.env, check=True,
                   timeout=120)


def play_hand(page, n: int) -> None:
    """The page's player makes each move offered (hu first) until hand n's result shows."""
    over = ("n => document.getElementById('table-info').textContent.includes(`第 ${n} 局`)"
            " && !!document.querySelector('#result:not(.hidden)')")
    deadline = time.monotonic() + 180
    while not page.evaluate(over, n):
        assert time.monotonic() < deadline, f"hand {n} did not end"
        button = offered_move(page)
        if button is None or not click_move(page, button):
            page.wait_for_timeout(100)


def club_created(owner, base: str) -> str:
    """The owner creates 常来跑胡子 from the lobby (no approval needed) with the default rule set: its number."""
    owner.goto(base + "/play/")
    owner.click("#lobby-clubs-link")
    owner.fill("#club-create-form input[name=name]", "常来跑胡子")
    owner.fill("#club-create-form textarea[name=announcement]", "每晚八点开桌")
    owner.uncheck("#club-create-form input[name=needs_approval]")
    owner.click("#club-create-button")
    owner.wait_for_url("**/manage/")
    owner.click("#rule-set-add")
    owner.wait_for_selector("#club-rule-set-list .club-row")
    return owner.url.rstrip("/").split("/")[-2]


def test_a_club_from_creation_to_a_finished_series_in_its_records(daphne, browser):
    base = daphne.base
    owner = signed_up(browser, base, "圈主", PHONE)
    by_link = signed_up(browser, base, "阿链", DESKTOP)
    by_number = signed_up(browser, base, "小号", PHONE)
    pages = (owner, by_link, by_number)
    try:
        number = club_created(owner, base)
        owner.goto(f"{base}/clubs/{number}/")
        invite = owner.inner_text("#club-invite-link")

        by_link.goto(invite)  # the invite link: a button, then straight in
        by_link.click("#club-invite-join")
        by_link.wait_for_url(f"**/clubs/{number}/")
        assert "每晚八点开桌" in by_link.inner_text("#club-announcement")
        assert "只计积分，不用金币" in by_link.inner_text("#club-rule-sets")

        owner.goto(f"{base}/clubs/{number}/manage/")
        owner.check("#club-edit input[name=needs_approval]")
        owner.click("#club-save")
        owner.wait_for_url("**/manage/")
        by_number.goto(base + "/clubs/")
        by_number.fill("#club-join-form input[name=number]", number)
        by_number.click("#club-join-button")
        by_number.wait_for_url("**/clubs/")
        assert "等待管理员审核" in by_number.inner_text("#messages")
        assert by_number.goto(f"{base}/clubs/{number}/").status == 404  # not yet a member
        owner.goto(f"{base}/clubs/{number}/manage/")
        assert "小号" in owner.inner_text("#club-requests")
        owner.click("#club-requests button[value=approve]")
        owner.wait_for_url("**/manage/")
        assert "小号" in owner.inner_text("#club-members")

        table = tap(by_link, base, number)  # one taps: a table opens, waiting
        owner.goto(f"{base}/clubs/{number}/")
        assert "阿链" in owner.inner_text("#club-waiting")
        shot(owner, "club-lobby-waiting")
        assert tap(owner, base, number) == table  # the others tap the same rule set: the same table
        assert tap(by_number, base, number) == table  # the third seat: it starts by itself
        for page in (by_link, by_number):
            page.wait_for_selector("#auto-play")
            page.click("#auto-play")
            page.wait_for_selector("#im-back")

        for n in range(1, HANDS + 1):  # the owner's "next hand" deals the next: the others are on auto-play
            play_hand(owner, n)
            if n == 1:  # the friends' seats play on by themselves: they look at the lobby meanwhile
                for page in (by_link, by_number):
                    page.goto(f"{base}/clubs/{number}/")
                    assert "8 局" in page.inner_text("#club-playing") and "小号" in page.inner_text("#club-playing")
                    shot(page, "club-lobby-playing")
            if n < HANDS:
                owner.click("#next-hand")
        owner.wait_for_selector("#standings-link", timeout=120_000)

        by_link.goto(f"{base}/clubs/{number}/")
        assert "没有进行中的牌桌" in by_link.inner_text("#club-playing")  # the table is over: nothing playing
        shot(by_link, "club-lobby-after")
        for page in (owner, by_link):
            page.goto(f"{base}/clubs/{number}/records/")
            series = page.inner_text("#club-series")
            assert all(f"{name}：" in series for name in ("圈主", "阿链", "小号"))
            assert page.locator("#club-series a[href*='/replay']").count() == HANDS
            for board in ("#standings-today", "#standings-week"):  # each player: one series
                rows = page.locator(f"{board} tbody tr")
                assert rows.count() == 3 and all(rows.nth(i).locator("td").last.inner_text() == "1" for i in range(3))
            shot(page, "club-records")
        by_number.goto(base + "/clubs/")
        by_number.click("#my-club-records-link")
        assert "常来跑胡子" in by_number.inner_text("#my-club-series")
        assert by_number.locator("#my-club-series a[href*='/replay']").count() == HANDS
        shot(by_number, "club-my-records")

        admin_sets(daphne, number, disabled=True)  # the admin disables it: its lobby says so, no tap
        for page in (by_link, by_number):
            page.goto(f"{base}/clubs/{number}/")
            assert "已停用" in page.inner_text("#club-disabled") and not page.locator("#club-rule-sets").count()
            shot(page, "club-lobby-disabled")
        admin_sets(daphne, number, disabled=False)

        owner.goto(f"{base}/clubs/{number}/manage/")  # the owner dissolves the club: its records stay each one's
        owner.once("dialog", lambda dialog: dialog.accept())
        owner.click("#club-dissolve")
        owner.wait_for_url("**/clubs/")
        assert by_link.goto(f"{base}/clubs/{number}/").status == 404
        by_link.goto(base + "/clubs/records/")
        assert "常来跑胡子" in by_link.inner_text("#my-club-series")
        shot(by_link, "club-my-records-dissolved")
    except BaseException:
        for n, page in enumerate(pages):
            save_failure(page, f"club-lobby-{n}")
        raise
    finally:
        for page in pages:
            page.context.close()

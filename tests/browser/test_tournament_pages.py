"""Tournaments in Chromium, on a phone (360×740, Chinese) and a desktop (1280×800, English): the desktop
has the tournament's page open while the phone registers from the lobby (the message says so), and sees
the count move without a reload (the page's socket); the desktop, from the same address, is refused in
English; the sweeper's tournaments hook fills the places with bots and seats the final
table; the phone's tournament page shows the table with its watch link and the table page its round,
rank and points; the phone plays the final's hand and the desktop's open page shows the table over
without a reload; the hook ends the tournament: the final ranking with its prizes, the profile's list. At the table no
dissolve button shows, and the hand's result fetches the round/rank/points line anew. A scheduled
tournament's countdown ticks in the lobby; a club's owner opens a club tournament from the manage page,
and a member sees it in the club lobby. Every page fits its width; each is saved for looking at (shots/)."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from .phonekit import DESKTOP, PHONE
from .serverkit import ROOT, served, server_env
from .test_club_lobby import club_created, play_hand, shot, signed_up


@pytest.fixture(scope="module")
def daphne(tmp_path_factory):
    env = server_env(tmp_path_factory.mktemp("tournaments") / "db.sqlite3", BOT_DELAY="0", CLAIM_WINDOW_SECONDS="0",
                     TURN_SECONDS="120", NEXT_HAND_WAIT="120", TOURNAMENT_BREAK_SECONDS="0")
    with served("tournament_pages-server", env) as server:
        yield server


def both_sizes(page, name: str) -> None:
    """The same page at the desktop's size too, then back to the phone's."""
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    shot(page, name)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def manage(daphne, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=daphne.env, check=True, timeout=120)


PLAN = ("from games.models import Variant\nfrom tournaments.models import Plan\nfrom tournaments import services\n"
        "v = next(v for v in Variant.objects.filter(active=True) if '3' in v.player_counts)\n"
        "p = Plan(name='三人快赛', name_en='Three quick', variant=v, entrants=3, entry_fee=100, prizes='70,30',"
        " house_cut=10, hands_per_round=1, bots_after_seconds=0)\n"
        "p.full_clean(); p.save(); services.plan_open(plan=p)\n")


def test_register_refuse_and_sit_at_the_final_table(daphne, browser):
    manage(daphne, "shell", "-c", PLAN)
    other = daphne.base.replace("127.0.0.1", "localhost")
    desktop = signed_up(browser, other, "Ann", DESKTOP)
    desktop.context.add_cookies([{"name": "django_language", "value": "en", "url": other}])
    desktop.goto(other + "/play/")
    desktop.click("#lobby-tournaments a")  # the tournament's page, open while the phone registers
    desktop.wait_for_selector("#tournament-live")
    assert "0/3 entrants" in desktop.inner_text("#tournament-state")
    phone = signed_up(browser, daphne.base, "阿红", PHONE)
    phone.goto(daphne.base + "/play/")
    phone.locator("#lobby-tournaments").scroll_into_view_if_needed()
    assert "三人快赛" in phone.inner_text("#lobby-tournaments")
    phone.click("#lobby-tournaments button[id^=register-]")
    phone.wait_for_load_state()
    assert "报名成功" in phone.inner_text("body") and "1/3" in phone.inner_text("#lobby-tournaments")
    shot(phone, "tournament-lobby-registered")

    desktop.wait_for_function(  # pushed over the page's socket, no reload
        "document.querySelector('#tournament-state').innerText.includes('1/3 entrants')")
    desktop.click("#tournament-button")
    desktop.wait_for_load_state()
    assert "one entrant per address" in desktop.inner_text("body")
    shot(desktop, "tournament-refused-en")

    manage(daphne, "run_timers")  # the hook: bots take the places, the final table is dealt
    phone.click("#lobby-tournaments a")
    phone.wait_for_load_state()
    assert "决赛桌" in phone.inner_text("#tournament-round") and phone.locator("#tournament-round a").count() == 1
    shot(phone, "tournament-page")
    desktop.reload()
    assert "Final table" in desktop.inner_text("#tournament-round") and "Watch" in desktop.inner_text("#tournament-round")
    shot(desktop, "tournament-page-en")
    phone.goto(daphne.base + "/play/")
    link = phone.locator("#my-tables a").first
    link.click()
    phone.wait_for_selector("#tournament-line")
    assert "决赛桌" in phone.inner_text("#tournament-line") and "共 3 人" in phone.inner_text("#tournament-line")
    assert phone.locator("#dissolve-propose").count() == 0  # a tournament's table is not dissolved
    shot(phone, "tournament-table")
    both_sizes(phone, "tournament-table")

    before = desktop.inner_text("#tournament-round")
    with phone.expect_response("**/line/") as line:  # the hand's result: the line fetched anew
        play_hand(phone, 1)  # the final's one hand, played by the phone against two bots
    assert line.value.ok and phone.locator("#result-dissolve").count() == 0
    phone.wait_for_selector("#tournament-line")
    shot(phone, "tournament-table-hand-over")
    desktop.wait_for_function(  # the table's end moves the desktop's open page: pushed, no reload
        "document.querySelector('#tournament-round').innerText.includes(' over')")
    assert desktop.inner_text("#tournament-round") != before
    shot(desktop, "tournament-page-hand-over-en")
    manage(daphne, "run_timers")  # the hook: the final's end, the ranking, the prizes
    phone.goto(daphne.base + "/tournaments/" + desktop.url.rstrip("/").split("/")[-1] + "/")
    ranking = phone.inner_text("#tournament-ranking")
    rank = ranking.splitlines()[1:].index(next(line for line in ranking.splitlines() if "阿红" in line)) + 1
    prize = {1: "阿红 · 63 金币", 2: "阿红 · 27 金币"}.get(rank, "阿红")  # one fee, 100 − 10 % = 90: 70 %, 30 %;
    assert ranking.startswith("最终排名") and prize in ranking  # a bot's prize stays with the house
    shot(phone, "tournament-final")
    phone.goto(daphne.base + "/accounts/profile/")
    assert "三人快赛" in phone.inner_text("#my-tournaments") and "名" in phone.inner_text("#my-tournaments")
    shot(phone, "tournament-profile")


SCHEDULED = ("from datetime import timedelta\nfrom django.utils import timezone\nfrom games.models import Variant\n"
             "from tournaments.models import Plan\nfrom tournaments import services\n"
             "v = next(v for v in Variant.objects.filter(active=True) if '3' in v.player_counts)\n"
             "now = timezone.now()\n"
             "p = Plan(name='晚间定时赛', name_en='Evening', kind='scheduled', variant=v, entrants=9, entry_fee=0,"
             " prize_mode='fixed', prizes='', hands_per_round=1, registration_opens_at=now,"
             " starts_at=now + timedelta(hours=2), min_entrants=3)\n"
             "p.full_clean(); p.save(); services.plan_open(plan=p)\n")


def test_the_countdown_ticks_and_a_club_runs_its_own_tournament(daphne, browser):
    manage(daphne, "shell", "-c", SCHEDULED)
    other = daphne.base.replace("127.0.0.1", "localhost")
    owner = signed_up(browser, daphne.base, "圈主阿明", PHONE)
    owner.goto(daphne.base + "/play/")
    countdown = owner.locator("#lobby-tournaments .tournament-countdown")
    first = countdown.inner_text()
    assert re.fullmatch(r"1:59:\d\d后开赛", first), first
    owner.wait_for_function("t => document.querySelector('#lobby-tournaments .tournament-countdown').innerText !== t",
                            arg=first)  # it ticks
    countdown.scroll_into_view_if_needed()
    shot(owner, "tournament-lobby-countdown")

    number = club_created(owner, daphne.base)
    owner.locator("#club-tournament").scroll_into_view_if_needed()
    shot(owner, "club-manage-tournament")
    both_sizes(owner, "club-manage-tournament")
    owner.fill("#club-tournament-form input[name=tournament-name]", "周末积分赛")
    owner.select_option("#club-tournament-form select[name=tournament-entrants]", "3")
    owner.click("#club-tournament-open")
    owner.wait_for_url("**/tournaments/*/")
    assert "周末积分赛" in owner.inner_text("h1") and "0/3" in owner.inner_text("#tournament-state")
    owner.click("#tournament-button")
    owner.wait_for_load_state()
    assert "报名成功" in owner.inner_text("body")
    shot(owner, "club-tournament-page")
    both_sizes(owner, "club-tournament-page")

    member = signed_up(browser, other, "Bob", DESKTOP)
    member.context.add_cookies([{"name": "django_language", "value": "en", "url": other}])
    member.goto(f"{other}/clubs/join/{number}/")
    member.click("#club-invite-join")
    member.wait_for_url(f"**/clubs/{number}/")
    panel = member.inner_text("#club-tournaments")
    assert "Club tournaments" in panel and "周末积分赛" in panel and "1/3 entrants" in panel and "points only" in panel
    member.wait_for_timeout(500)  # the socket's first frame replaces the section
    member.evaluate("document.querySelector('#club-tournaments').scrollIntoView()")
    shot(member, "club-lobby-tournament-en")
    owner.click("#tournament-button")  # the owner gives the place up: the member's club lobby is told
    owner.wait_for_load_state()
    member.wait_for_function("document.querySelector('#club-tournaments').innerText.includes('0/3 entrants')")
    owner.click("#tournament-button")
    owner.wait_for_load_state()
    member.wait_for_function("document.querySelector('#club-tournaments').innerText.includes('1/3 entrants')")
    member.click("#club-tournaments a")
    member.wait_for_selector("#tournament-live")
    member.click("#tournament-button")  # the same address as the owner's: one entrant per address
    member.wait_for_load_state()
    assert "one entrant per address" in member.inner_text("body")
    owner.goto(f"{daphne.base}/clubs/{number}/")
    owner.wait_for_timeout(500)  # the socket's first frame replaces the section
    owner.evaluate("document.querySelector('#club-tournaments').scrollIntoView()")
    assert "1/3" in owner.inner_text("#club-tournaments") and "只比积分" in owner.inner_text("#club-tournaments")
    shot(owner, "club-lobby-tournament")
    member.goto(other + "/play/")
    assert "周末积分赛" not in member.inner_text("#lobby-tournaments")  # not the site's
    assert re.search(r"starts in 1:59:\d\d", member.inner_text("#lobby-tournaments"))
    shot(member, "tournament-lobby-countdown-en")

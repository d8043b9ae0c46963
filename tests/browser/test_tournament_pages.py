"""Tournaments in Chromium, on a phone (360×740, Chinese) and a desktop (1280×800, English): the desktop
has the tournament's page open while the phone registers from the lobby (the message says so), and sees
the count move without a reload (the page's socket); the desktop, from the same address, is refused in
English; the sweeper's tournaments hook fills the places with bots and seats the final
table; the phone's tournament page shows the table with its watch link and the table page its round,
rank and points; the phone plays the final's hand and the desktop's open page shows the table over
without a reload; the hook ends the tournament: the final ranking with its prizes, the profile's list. Every page fits its width; each is saved for looking at (shots/)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from .phonekit import DESKTOP, PHONE
from .serverkit import ROOT, served, server_env
from .test_club_lobby import play_hand, shot, signed_up


@pytest.fixture(scope="module")
def daphne(tmp_path_factory):
    env = server_env(tmp_path_factory.mktemp("tournaments") / "db.sqlite3", BOT_DELAY="0", CLAIM_WINDOW_SECONDS="0",
                     TURN_SECONDS="120", NEXT_HAND_WAIT="120", TOURNAMENT_BREAK_SECONDS="0")
    with served("tournament_pages-server", env) as server:
        yield server


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
    shot(phone, "tournament-table")

    before = desktop.inner_text("#tournament-round")
    play_hand(phone, 1)  # the final's one hand, played by the phone against two bots
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

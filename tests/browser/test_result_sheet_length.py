"""The result sheet on a phone (issue 22.3, review of 78124e2): its length depends on the hand — the
winner's split (up to 7 groups, a pair and loose cards), its patterns, every player's groups and hand,
the notes (level up, a cap, a move to another room) — and the longest one must stay within 1.5 screens
at 360×740, nothing cut: the sheet, as games/_result.html renders the longest result we can build,
measured in Chromium with the site's stylesheet. Screenshots: test-artifacts/result-sheet-longest-*.png."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from .phonekit import PHONE
from .serverkit import ARTIFACTS

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text(encoding="utf-8")
SPLIT = [("peng", "伍伍伍"), ("wei", "捌捌捌"), ("ti", "拾拾拾拾"), ("pao", "六六六六"), ("sentence", "一二三"),
         ("sentence", "贰柒拾"), ("jiao", "四四肆"), ("jiang", "玖玖")]
# Each player's cards as long as a hand gets (21 or 20 dealt, with what they claimed): the winner's four
# groups on the table and the rest of the hand, a loser's three groups and eleven cards, one who never
# claimed: twenty cards in hand.
PLAYERS = [("机器人 1 号的长名字", [("ti", "拾拾拾拾"), ("pao", "六六六六"), ("peng", "伍伍伍"), ("sentence", "一二三")],
            "贰柒拾四四肆玖", 630000),
           ("游客 12345", [("pao", "七七七七"), ("peng", "八八八"), ("sentence", "壹贰叁")], "一二三四五九十捌捌玖玖", -315000),
           ("机器人 3", [], "一一二三四五五六七八九十壹叁肆伍陆陆柒捌", -315000)]


def _longest(coins: bool) -> dict:
    breakdown = {
        "card": "伍", "self_draw": True, "groups": [{"kind": k, "cards": c, "huxi": 9} for k, c in SPLIT],
        "rest": "七", "huxi": 54, "grade": 14, "doubled": True, "bonus": 1, "bonus_first": True,
        "patterns": [["红胡", 2], ["真点胡", 4], ["对对胡", 5], ["大", 8], ["海底", 2]], "fan": 21,
        "base": 315, "uncapped": 315, "cap": 0, "variant": "changde", "grade_rule": {"start": 15, "step": 3, "huxi": 108},
        "pay": {"coins": coins, "multiplier": 2000, "due": 630000}}
    players = [{"name": name, "groups": [{"kind": k, "cards": c} for k, c in groups], "hand": hand, "change": change,
                "total": 12345, "out": False, "me": name == "游客 12345",
                "title": {"level": 9, "title": "大学士", "colour": "#b8860b", "ink": "#000000"}}
               for name, groups, hand, change in PLAYERS]
    capped = [{"cap": "hand", "name": "游客 12345", "paid": 300000, "due": 630000, "short": 330000}]
    return {"show": True, "status": "playing", "players": players, "winner": "机器人 1 号的长名字", "won": True,
            "dissolved": False, "table": 1, "coins": coins, "multiplier": 2000, "next_at": "2026-01-01T00:00:00Z",
            "hand_id": 7, "watching": False, "ready": False, "not_ready": [] if coins else ["游客 12345"],
            "vote_open": False, "fill_at": None, "dealing": False, "level_up": {"level": 9, "title": "大学士"},
            "move": {"way": "down", "coins": 1200, "entry": 2500, "tier": "天门山"} if coins else None,
            "fair": {"server_seed": "ab" * 32, "commitment": "cd" * 32, "client_seeds": ["x" * 16] * 3, "link": "/fair/"},
            "breakdown": breakdown, "capped": capped if coins else []}


def _page(result_html: str) -> str:
    return (f'<!doctype html><html lang="zh-Hans"><head><meta name="viewport" content="width=device-width">'
            f'<style>{CSS}</style></head><body class="game"><header class="site-header"><a class="brand">跑胡子</a>'
            f'</header><main>{result_html}</main></body></html>')


@pytest.mark.parametrize("coins", [True, False], ids=["coin-room", "private-room"])
def test_the_longest_result_sheet_fits_in_one_and_a_half_phone_screens_with_nothing_cut(browser, coins):
    with translation.override("zh-hans"):
        html = render_to_string("games/_result.html", {"d": _longest(coins)})
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    try:
        page.set_content(_page(html))
        sheet = page.locator("#result")
        height = page.evaluate("document.getElementById('result').scrollHeight")
        name = f"result-sheet-longest-{'coins' if coins else 'private'}"
        page.screenshot(path=ARTIFACTS / f"{name}.png")
        page.add_style_tag(content="#result { position: static !important; overflow: visible !important; }")
        page.screenshot(path=ARTIFACTS / f"{name}-whole.png", full_page=True)
        print(name, height)
        assert height <= 1.5 * PHONE[1], height
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]  # nothing sticks out
        assert sheet.inner_text().count("拾拾拾拾") >= 1 and "红胡 2 番" in sheet.inner_text()
    finally:
        page.close()

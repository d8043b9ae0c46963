"""Motion, banner, sound and touch at the table (issue 10), in Debian's chromium against a real Daphne: a
guest plays a quick-match table against fast bots on a 360×740 phone.

- Each card travels from where it came (table.js, FLIP with the Web Animations API): a discard from the
  hand to the shown card, a passed-on card into a pile, a claim into the table groups; under 250 ms; none
  at all under prefers-reduced-motion.
- A forced move (ti, pao, wei) shows the banner with the log's own row.
- Sound: your turn plays a tone (an oscillator started: spied on); the mute switch is kept across a
  reload, and muted nothing sounds.
- A touch drag moves a card to another column.
Screenshot: test-artifacts/phone-travel.png (a discard half-way).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from .phonekit import columns, discard_two_taps, my_discard, play_until
from .serverkit import ARTIFACTS

# Spies, before the page's own scripts: every travel table.js starts (and the animation, to hold it for
# a screenshot), every banner shown, every oscillator started.
SPIES = """
window.__travels = []; window.__anims = []; window.__banners = []; window.__tones = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const a = animate.call(this, frames, options);
  if (options && options.id === "travel") {
    const where = this.closest(".table-info") ? "shown" : this.closest(".groups") ? "groups"
                : this.closest(".pile") ? "pile" : "other";
    window.__travels.push({where, from: frames[0].transform, duration: options.duration,
                           running: this.getAnimations().length});
    window.__anims.push(a);
  }
  return a;
};
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__tones.push([this.type, this.frequency.value]);
  return start.apply(this, args);
};
document.addEventListener("DOMContentLoaded", () => {
  const banner = document.getElementById("banner");
  if (banner) new MutationObserver(() => {
    if (banner.classList.contains("on")) window.__banners.push(banner.textContent.trim());
  }).observe(banner, {attributes: true, attributeFilter: ["class"]});
});
"""
FORCED = "#event-log-list li.move-ti, #event-log-list li.move-pao, #event-log-list li.move-wei, #event-log-list li.move-chouwei"


def _travels(page: Page) -> list[dict]:
    return page.evaluate("window.__travels")


def _offset(travel: dict) -> tuple[float, float]:
    x, y = re.match(r"translate\((-?[\d.e-]+)px, (-?[\d.e-]+)px\)", travel["from"]).groups()
    return float(x), float(y)


def test_a_discard_travels_from_the_hand_to_the_shown_card_and_cards_travel_on(table):
    page = table(spies=SPIES)
    play_until(page, lambda: my_discard(page))
    page.evaluate("window.__travels = []; window.__anims = []")
    assert discard_two_taps(page)
    page.wait_for_function("window.__travels.some(t => t.where === 'shown')")
    shown = next(t for t in _travels(page) if t["where"] == "shown")
    assert shown["running"] >= 1 and shown["duration"] <= 250
    _dx, dy = _offset(shown)
    assert dy > 50, shown  # it set off from the hand, below the shown card
    # half-way, held for the screenshot, then let go
    page.evaluate("window.scrollTo(0, 0); window.__anims.forEach(a => { a.pause(); a.currentTime = 100; })")
    page.screenshot(path=ARTIFACTS / "phone-travel.png")
    page.evaluate("window.__anims.forEach(a => a.finish())")
    # the game goes on: a discard passed on lands in a pile; a claim or a forced move in the table groups
    play_until(page, lambda: {"pile", "groups"} <= {t["where"] for t in _travels(page)})
    assert all(t["duration"] <= 250 and t["running"] >= 1 for t in _travels(page))
    assert all(_offset(t) != (0, 0) for t in _travels(page) if t["where"] == "groups")


def test_under_reduced_motion_no_card_travels(table):
    page = table(spies=SPIES, reduced_motion="reduce")
    play_until(page, lambda: my_discard(page))
    hand = page.get_attribute("#my-hand", "data-cards")
    assert discard_two_taps(page)
    page.wait_for_function("h => document.getElementById('my-hand').dataset.cards !== h", arg=hand)
    play_until(page, lambda: my_discard(page))  # the bots' moves, passed-on cards, a draw or two
    assert _travels(page) == []
    assert page.evaluate("document.getAnimations().length") == 0


def test_a_forced_move_shows_the_banner_with_the_logs_row(table):
    page = table(spies=SPIES)
    play_until(page, lambda: page.evaluate("window.__banners.length") > 0)
    banner = page.evaluate("window.__banners[0]")
    forced = [t.strip() for t in page.locator(FORCED).all_text_contents()]
    assert banner in forced, (banner, forced)
    assert re.search(r"[提跑偎]", banner)  # the move's name, in Chinese


def test_your_turn_sounds_and_muted_it_does_not_across_a_reload(table):
    page = table(spies=SPIES)
    page.click("#event-log h2")  # a first tap lets the page's audio start (the browser's rule)
    page.evaluate("window.__tones = []")
    play_until(page, lambda: page.evaluate("window.__tones.some(t => t[0] === 'sine' && t[1] === 660)"))
    # A bot may end the hand meanwhile, and its result panel covers the toggle: the page's own turn to
    # discard comes next (nobody else moves until it discards).
    play_until(page, lambda: my_discard(page))
    page.click("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    page.reload()
    page.wait_for_function("document.getElementById('table-live').dataset.connection === 'open'")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"  # remembered
    page.click("#event-log h2")
    play_until(page, lambda: my_discard(page))
    discard_two_taps(page)
    page.wait_for_selector("#action-bar", state="detached")
    play_until(page, lambda: my_discard(page))  # a new turn: the bar came again
    assert page.evaluate("window.__tones") == []


def _touch_drag(page: Page, x: float, y: float, to_x: float, to_y: float, steps: int = 6) -> None:
    """A finger put down at (x, y), moved in steps to (to_x, to_y) and lifted (real touch input)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, steps + 1):
        point = {"x": x + (to_x - x) * step / steps, "y": y + (to_y - y) * step / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_touch_drag_moves_a_card_to_another_column(table):
    page = table(spies=SPIES, has_touch=True)
    play_until(page, lambda: my_discard(page) and page.locator("#my-hand .column").count() >= 3)
    card = page.locator("#my-hand .column").nth(0).locator(".card").first
    face, hand = card.inner_text(), page.get_attribute("#my-hand", "data-cards")
    start, end = card.bounding_box(), page.locator("#my-hand .column").last.bounding_box()
    _touch_drag(page, start["x"] + start["width"] / 2, start["y"] + 10,
                end["x"] + end["width"] / 2, end["y"] + 20)  # above the decision bar
    page.wait_for_timeout(150)
    arranged = columns(page)
    assert arranged[-1].endswith(face), arranged
    assert page.get_attribute("#my-hand", "data-cards") == hand  # moved, not discarded
    assert not page.locator("#my-hand .card.selected").count()  # and not chosen

"""In a real browser (issue 13): a spectator's page follows a coin table live while a guest plays it
(auto-play, against bots), the players see the spectator count, and the hand's replay plays itself to
the last move at 4×. The site runs as serverkit.server_env sets it (a real Daphne, fresh SQLite, fast bots)."""
from __future__ import annotations

import re

import pytest
from .serverkit import guest_at_quick_match, save_failure, served, server_env


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # BOT_DELAY: slow enough that the spectator sees the hand move by move
    env = server_env(tmp_path_factory.mktemp("watch") / "db.sqlite3", BOT_DELAY="0.3")
    with served("watch-server", env) as daphne:
        yield daphne.base


def _version(page) -> int:
    return int(page.get_attribute("#table-version", "data-version"))


def test_a_spectator_follows_the_table_live_and_the_replay_plays_to_the_end(server, browser):
    player = browser.new_context(viewport={"width": 1280, "height": 800}, locale="zh-CN").new_page()
    watcher = browser.new_context(viewport={"width": 360, "height": 740}, locale="zh-CN").new_page()
    for page in (player, watcher):
        page.set_default_timeout(15_000)
    try:
        guest_at_quick_match(player, server)
        table_id = re.search(r"/tables/(\d+)/", player.url).group(1)
        player.wait_for_selector("#stock-count")  # the bots sat down: the hand is dealt

        watcher.goto(server + "/play/")  # a visitor without an account finds it in "now playing"
        watcher.click(f'#now-playing a[href="/tables/{table_id}/watch/"]')
        watcher.wait_for_selector("#stock-count")
        assert not watcher.locator("#my-hand, #actions").count()
        player.wait_for_function("() => !document.getElementById('watchers').hidden")
        assert "1" in player.inner_text("#watchers")

        if player.locator("#result:not(.hidden)").count():
            # The deal ended in a few moves (a bot's hu on an early draw) before the spectator came in: the
            # spectator follows the next one.
            player.click("#next-hand")
            player.wait_for_selector("#result.hidden", state="attached")
        seen = _version(watcher)
        player.click("#auto-play")  # the guest's moves are played for them: the hand runs by itself
        watcher.wait_for_function(f"() => +document.getElementById('table-version').dataset.version > {seen + 3}")
        assert watcher.locator("#event-log-list li").count() > 0
        watcher.wait_for_selector("#result:not(.hidden) #result-players", timeout=90_000)  # the end, live
        assert not watcher.locator("#next-hand, #replay-link").count()  # nothing to click for a spectator

        player.wait_for_selector("#result:not(.hidden) #replay-link", timeout=30_000)
        player.click("#replay-link")
        player.wait_for_selector("#replay-play")
        last = int(player.get_attribute("#replay-board", "data-last"))
        player.click("#replay-speed-4")
        player.click("#replay-play")
        player.wait_for_function(
            "() => document.getElementById('replay-board').dataset.step === document.getElementById('replay-board').dataset.last",
            timeout=max(30_000, last * 600))
        assert not player.locator("#replay-next").count()
        assert "on" in player.get_attribute("#replay-speed-4", "class")  # the same page all along: no reload
        assert player.inner_text("#replay-play") == "播放"  # stopped by itself at the end
        assert f"step={last}" in player.url  # each step is in the address: a link to share or reload
    except BaseException:
        save_failure(player, "watch-player-failure")
        save_failure(watcher, "watch-spectator-failure")
        raise

"""The replay's analysis (issue 25): asked for on the replay page, computed by the sweeper (never in the
request), shown with its progress while it runs, then per decision what the hard bot would have played
and its estimates; the row is its cache, and the analysis of a seeded hand is the engine's, stable."""
from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from games import bots, play
from games.clock import searches, sweeper
from games.models import ActionLog, HandAnalysis
from games.rules import HandState

from .tablekit import deal_seed, solo_bot_table, ticked_out  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(defaults, make_user, deal_seed):
    """A coin hand of one person on auto-play and two normal bots, played to its end."""
    table = solo_bot_table(make_user, deal_seed, "normal")
    hand = ticked_out(table, 300)
    assert hand.finished
    return table.seats.get(position=0).user, hand


def test_asked_on_the_replay_computed_by_the_sweeper_then_shown(client, finished, monkeypatch):
    user, hand = finished
    client.force_login(user)
    url = reverse("games:replay_analysis", args=[hand.pk])
    page = client.get(reverse("games:replay", args=[hand.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert 'id="analysis-ask"' in page and "分析这一局" in page
    monkeypatch.setattr(bots, "analyse_move", lambda *a, **k: pytest.fail("analysed in the request"))
    with translation.override("zh-hans"):
        asked = client.post(url).content.decode()
    job = HandAnalysis.objects.get(hand=hand)
    moves = ActionLog.objects.filter(hand=hand).count()
    assert (job.status, job.done, job.total) == ("pending", 0, moves)
    assert 'hx-trigger="every 1s"' in asked and f"分析中：0 / {moves} 个决策" in asked and 'id="analysis-bar"' in asked
    monkeypatch.undo()
    sweeper.sweep()  # BOT_WORKERS 0 in the tests: the sweeper computes it in its own process
    job.refresh_from_db()
    assert (job.status, job.done, len(job.moves)) == ("done", moves, moves)
    with translation.override("zh-hans"):
        shown = client.get(url).content.decode()
    assert "every 1s" not in shown and shown.count("<tr") == moves + 1 and "困难机器人" in shown
    assert "discard" not in shown and "pass" not in shown  # the moves' names translated
    client.post(url)
    assert HandAnalysis.objects.filter(hand=hand).count() == 1  # asked again: the same, cached row


def test_the_stored_analysis_is_the_engines_for_that_seeded_hand(finished):
    _user, hand = finished
    play.analysis_request(hand=hand)
    searches.analyses_step()
    stored = HandAnalysis.objects.get(hand=hand).moves
    dealt = HandState.from_json(hand.state)
    log = [(row.seat, row.action) for row in ActionLog.objects.filter(hand=hand).order_by("move_no")]
    again = bots.analyse(dealt.rules, int(hand.seed), hand.dealer, hand.table.player_count, log,
                         searches.ANALYSIS_SEARCH, held=dealt.held)
    assert stored == again
    assert all(m["before"] == m["after"] for m in stored if m["hard"] == m["played"])


def test_a_stranger_cannot_ask_for_a_private_hands_analysis(client, finished, make_user):
    _user, hand = finished
    client.force_login(make_user("stranger"))
    assert client.post(reverse("games:replay_analysis", args=[hand.pk])).status_code == 404
    assert not HandAnalysis.objects.exists()


def test_with_a_worker_the_sweeper_saves_the_decisions_done_so_far_and_never_waits(finished, settings):
    """BOT_WORKERS=1: the decisions go to a spawned worker; each step saves the ones done, in order."""
    import time

    settings.BOT_WORKERS = 1
    _user, hand = finished
    job = play.analysis_request(hand=hand)
    seen = []
    try:
        start = time.monotonic()
        while job.status != "done":
            assert time.monotonic() - start < 120
            step = time.monotonic()
            searches.analyses_step()
            assert time.monotonic() - step < 5  # the spawn and the replay, never a wait for the worker
            job.refresh_from_db()
            seen.append(job.done)
            time.sleep(0.2)
    finally:
        searches.shutdown()
    assert seen == sorted(seen) and len(job.moves) == job.total == ActionLog.objects.filter(hand=hand).count()
    assert [m["move_no"] for m in job.moves] == list(range(1, job.total + 1))

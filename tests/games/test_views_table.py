"""The table page's fragments: buttons only for legal actions, chi with bi as a tree of completable
choices (R6.3), a card discarded by clicking it (R6.5: never a kan card)."""
import re

import pytest

from games.live import fragment_html, fragments
from games import selectors
from games import play as games_play
from games import rooms
from games.models import Variant
from tests.rules.handkit import legal, play, start

from .tablekit import WIN_SEED, deal_seed, private_table  # noqa: F401

# docs/rules.md R6.3's worked example (as in tests/rules/test_r6_chi_bi.py): seat 1 may take the dealer's 二.
DEALER = "二七七十十五五六六八八九九柒柒捌捌玖玖拾叁"
EXAMPLE = "一二二三三四贰贰" + "五六八九壹叁肆伍陆捌玖拾"


def worked_example_legal() -> list[str]:
    state, _ = start(DEALER, EXAMPLE, "")
    state, _ = play(state, (0, "discard", "二"))
    return legal(state, 1)


def test_r6_3_chi_choices_form_a_tree_chi_group_then_the_bi_groups_that_complete_it():
    tree = {g["group"]: sorted(c["bis"] for c in g["choices"]) for g in fragments.chi_tree(worked_example_legal())}
    assert tree == {
        "一二三": sorted([["二二贰"], ["二三四", "二贰贰"]]),
        "二三四": sorted([["二二贰"], ["一二三", "二贰贰"]]),
        "二二贰": [["一二三"], ["二三四"]],
        "二贰贰": [["一二三", "二三四"]],
    }


def test_r6_3_the_actions_fragment_has_one_send_form_per_legal_action_and_nothing_else():
    legal_now = worked_example_legal()
    data = {"playing": True, "move_no": 7, "hu": False, "peng": "peng" in legal_now, "pass_": True,
            "chi": fragments.chi_tree(legal_now), "discard": False}
    html = fragments.render(fragment_html.actions, data, oob=True)
    sent = re.findall(r'name="action" value="([^"]+)"', html)
    assert sorted(sent) == sorted(legal_now)
    assert all(v == "7" for v in re.findall(r'name="move_no" value="([^"]+)"', html))
    assert html.startswith('<section id="actions"') and 'hx-swap-oob="true"' in html.split(">")[0]


@pytest.mark.django_db
def test_r6_5_only_the_seat_to_discard_gets_clickable_cards_and_never_a_kan_card(defaults, make_user, deal_seed):
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    table = private_table(users, variant=Variant.objects.get(slug="changde"))
    state = selectors.snapshot(table.pk, 0).state
    assert state.turn == 0  # the dealer discards first
    dealer = fragments.my_hand(selectors.snapshot(table.pk, 0))
    other = fragments.my_hand(selectors.snapshot(table.pk, 1))
    def cards(hand):
        return [c for column in hand["columns"] for c in column["cards"]]
    assert all(c["discard"] != c["kan"] for c in cards(dealer))
    assert not any(c["discard"] for c in cards(other))
    assert fragments.actions(selectors.snapshot(table.pk, 1))["pass_"] is False
    # the move number the page sends with a move lives in the one version element, not in the forms
    page_move_no = fragments.version(selectors.snapshot(table.pk, 0), None)["move_no"]
    assert selectors.current_hand(table).move_no == page_move_no


@pytest.mark.django_db
def test_result_panel_names_the_cards_held_hand_and_offers_next_hand_in_the_panel(defaults, make_user, deal_seed):
    """The end of a hand: the panel's column of remaining cards is 手牌 (not 局, a round), and the
    'next hand' button lives in the panel (once per page), gone once the player is ready."""
    from django.utils import translation

    from .tablekit import play_out

    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    table = private_table(users, variant=Variant.objects.get(slug="changde"))
    play_out(table, dict(enumerate(users)))
    with translation.override("zh-hans"):
        parts = fragments.render_all(selectors.snapshot(table.pk, 0))
        assert re.search(r"<th>手牌</th>", parts["result"]) and "<th>局</th>" not in parts["result"]
        assert 'id="next-hand"' in parts["result"] and 'id="next-hand"' not in parts["actions"]
        assert '<tr class="me">' in parts["result"]
        games_play.next_ready(table=table, user=users[0])
        ready = fragments.render_all(selectors.snapshot(table.pk, 0))["result"]
        assert 'id="next-hand"' not in ready and "等待其他玩家准备" in ready


@pytest.mark.django_db
def test_a_quick_match_table_waiting_for_players_counts_down_to_the_bots(defaults, make_user, client, settings):
    from django.urls import reverse
    from django.utils import translation

    settings.QUICK_MATCH_BOT_WAIT = 5
    user = make_user("solo")
    table = rooms.quick_match(user=user)
    with translation.override("zh-hans"):
        info = fragments.render_all(selectors.snapshot(table.pk, 0))["table-status"]
    assert "已入座 1 / 3" in info and "机器人补位倒计时" in info
    assert f'class="countdown" data-deadline="{table.fill_at.isoformat()}"' in info
    client.force_login(user)
    page = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert 'data-second="秒"' in page  # the countdown's unit, in the page's language
    assert 'data-offline="与牌桌的连接断开了' in page  # shown by table.js while the socket is away

"""The replay player (issue 13): htmx steps, a link per step and a move list without JavaScript, the
cards of each move, a share link; who may see a replay (players, admins, anyone once all allowed)."""
import re

import pytest
from django.urls import reverse

from games.models import Variant
from games.rules import cards as C

from .tablekit import DRAWN_SEED, WIN_SEED, deal_seed, play_out, private_table  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(defaults, make_user, deal_seed):
    """A private room's first hand, played out (WIN_SEED): (hand, the three players)."""
    deal_seed(WIN_SEED)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    table = private_table(users, variant=Variant.objects.get(slug="changde"))
    return play_out(table, {s.position: s.user for s in table.seats.all()}), users


def _allow(users, on=True):
    for user in users:
        user.public_replays = on
        user.save(update_fields=["public_replays"])


def test_a_replay_is_refused_to_a_stranger_unless_every_player_allowed_public_replays(played, client, make_user):
    hand, users = played
    url = reverse("games:replay", args=[hand.pk])
    _allow(users[:2])  # one player did not allow it
    assert client.get(url).status_code == 404  # nobody logged in
    client.force_login(make_user("stranger"))
    assert client.get(url).status_code == 404
    _allow(users[2:])
    page = client.get(url).content.decode()
    assert 'id="replay-board"' in page and "ann" in page and "bob" in page
    client.logout()
    assert client.get(url).status_code == 200  # a shared link works without an account


def test_a_shared_replay_shows_the_display_names_and_no_other_private_data(played, client, make_user):
    hand, users = played
    _allow(users)
    client.force_login(make_user("stranger"))
    page = client.get(reverse("games:replay", args=[hand.pk]), {"step": 999}).content.decode()
    assert hand.table.invite_code not in page  # the room's code would let a stranger watch or join it
    assert "积分" not in page and "金币" not in page.split("</header>")[1]  # no points, no coins of theirs
    assert "任何人拿到链接都能观看" in page
    client.force_login(users[0])
    assert hand.table.invite_code in client.get(reverse("games:replay", args=[hand.pk])).content.decode()


def test_the_player_steps_with_htmx_and_links_each_step_without_javascript(played, client):
    hand, users = played
    client.force_login(users[0])
    url = reverse("games:replay", args=[hand.pk])
    page = client.get(url).content.decode()
    last = int(re.search(r'data-last="(\d+)"', page).group(1))
    assert last == hand.move_no
    for n in range(last + 1):  # the move list: a link to every step
        assert f'href="?step={n}"' in page and f'id="replay-to-{n}"' in page
    assert f'value="http://testserver{url}"' in page  # the share link
    assert 'id="replay-play"' in page and 'data-speed="4"' in page
    step = client.get(url, {"step": 3}, headers={"HX-Request": "true"}).content.decode()
    assert step.startswith('<div id="replay-board"') and "<html" not in step and 'data-step="3"' in step
    assert 'hx-get="?step=4"' in step and 'hx-target="#replay-board"' in step


@pytest.mark.parametrize("seed", [WIN_SEED, DRAWN_SEED])
def test_each_step_shows_its_move_with_the_cards_a_peng_its_three(defaults, make_user, deal_seed, client, seed):
    deal_seed(seed)
    users = [make_user(n) for n in ("ann", "bob", "cyd")]
    table = private_table(users, variant=Variant.objects.get(slug="changde"))
    hand = play_out(table, {s.position: s.user for s in table.seats.all()})
    client.force_login(users[0])
    pengs = {e["n"]: e["cards"] for e in hand.events if e["move"] == "peng"}
    discards = {e["n"]: e["cards"] for e in hand.events if e["move"] == "discard"}
    assert pengs or seed == WIN_SEED
    for n, cards in [*pengs.items(), *list(discards.items())[:3]]:
        page = client.get(reverse("games:replay", args=[hand.pk]), {"step": n}).content.decode()
        line = re.search(r'id="replay-move">(.*?)</p>', page, re.S).group(1)
        faces = "".join(re.findall(r">(\w)</i>", line))
        assert cards in faces, (n, cards, line)
        if n in pengs:
            assert "碰" in line and len(C.parse(cards)) == 3


def test_the_profile_sets_public_replays_and_being_watched(client, make_user):
    user = make_user("ann")
    assert (user.public_replays, user.may_be_watched) == (False, True)  # the defaults
    client.force_login(user)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'id="watch-settings"' in page and 'name="public_replays"' in page and 'name="may_be_watched"' in page
    client.post(reverse("accounts:watch_settings"), {"public_replays": "on"})
    user.refresh_from_db()
    assert (user.public_replays, user.may_be_watched) == (True, False)


def test_a_friends_link_to_a_private_replay_says_why_it_does_not_open(played, client, make_user):
    """Issue 22.5: the friend got the bare "page not found"."""
    hand, users = played
    client.force_login(make_user("friend"))
    response = client.get(reverse("games:replay", args=[hand.pk]))
    assert response.status_code == 404
    page = response.content.decode()
    assert 'id="replay-private"' in page and "只有这局的玩家" in page and 'id="replay-board"' not in page


def test_sharing_asks_first_and_makes_the_replay_public_once_every_person_at_the_hand_agreed(played, client,
                                                                                            make_user):
    """Issue 22.5: the share button makes this hand's replay public (asked first on the page), but never
    against another person's settings: it says who keeps it private until they share or allow it."""
    hand, users = played
    url, share = reverse("games:replay", args=[hand.pk]), reverse("games:replay_share", args=[hand.pk])
    friend = make_user("friend")
    _allow(users[1:2])  # bob allows public replays; cyd does not
    client.force_login(users[0])
    page = client.get(url).content.decode()
    assert 'id="replay-make-public"' in page and 'id="replay-share-confirm"' in page  # behind a second step
    assert 'id="replay-others-private"' in page and "cyd" in page and "bob" not in page.split("replay-others-private")[1][:200]
    page = client.post(share, follow=True).content.decode()
    assert "还没有公开" in page and "cyd" in page
    assert set(hand.shared_by.all()) == {users[0]}
    client.force_login(friend)
    assert client.get(url).status_code == 404
    assert "只有这局的玩家" in client.post(share, follow=True).content.decode()  # a stranger cannot share it
    assert set(hand.shared_by.all()) == {users[0]}
    client.force_login(users[2])
    page = client.post(share, follow=True).content.decode()
    assert "现在公开了" in page and 'id="replay-make-public"' not in page
    client.force_login(friend)
    assert 'id="replay-board"' in client.get(url).content.decode()
    users[0].refresh_from_db()
    assert users[0].public_replays is False  # this hand only: the player's setting unchanged

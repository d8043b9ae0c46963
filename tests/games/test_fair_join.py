"""R2 for the person whose join fills a private room and so deals its first hand (issue 26): the join
page shows the deal's commitment, the join form carries the client seed the page's fair.js chose after
it, and that seed is the deal's; a malformed one is refused calmly and seats nobody."""
import re

import pytest
from django.urls import reverse

from games import rooms
from games.models import Seat, Variant
from games.rules import commitment_of, deal_seed_of

pytestmark = pytest.mark.django_db
NEXT = re.compile(r'data-fair-next="([0-9a-f]{64})"')
SEED = "5eed" * 8


@pytest.fixture
def room(defaults, make_user):
    """A three-seat private room waiting for its last person (ann owns it, bob sits)."""
    table = rooms.private_create(owner=make_user("ann"), variant=Variant.objects.get(slug="changde"),
                                 planned_hands=8, player_count=3)
    rooms.seat_join(table=table, user=make_user("bob"))
    return table


def test_r2_the_join_that_deals_uses_the_joiners_seed(room, make_user):
    rooms.seat_join(table=room, user=make_user("cyd"), client_seed=SEED.upper())
    hand = room.hands.get()
    assert hand.client_seeds[2] == SEED  # read as lowercase hex
    assert int(hand.seed) == deal_seed_of(hand.server_seed, hand.client_seeds)


def test_r2_the_join_page_shows_the_commitment_and_its_form_carries_the_seed(client, room, make_user):
    client.force_login(make_user("cyd"))
    url = reverse("games:join", args=[room.invite_code])
    page = client.get(url).content.decode()
    shown = NEXT.search(page).group(1)
    assert shown == room.next_commitment and 'name="client_seed"' in page and "js/fair.js" in page
    client.post(url, {"client_seed": SEED})
    hand = room.hands.get()
    assert commitment_of(hand.server_seed) == shown  # the deal kept the promise the joiner saw
    assert hand.client_seeds[2] == SEED


def test_r2_a_malformed_seed_at_the_join_is_refused_calmly(client, room, make_user):
    client.force_login(make_user("cyd"))
    url = reverse("games:join", args=[room.invite_code])
    page = client.post(url, {"client_seed": "not hex!"}, follow=True)
    assert page.status_code == 200 and 'id="join-seat"' in page.content.decode()
    assert not Seat.objects.filter(table=room, user__username="cyd").exists() and not room.hands.exists()

"""A private room's invite code reaches only people who have it (issue 26): table ids are sequential,
so a stranger's /tables/<id>/ names no code and seats nobody; every check of a code (the join link, the
code box, a private room's watch page and socket) counts against INVITE_LOOKUPS_PER_IP_PER_MINUTE."""
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.urls import reverse

from games import rooms
from games.models import Seat, Table, Variant

pytestmark = pytest.mark.django_db
LIMIT = 20


@pytest.fixture
def limit(settings):
    settings.INVITE_LOOKUPS_PER_IP_PER_MINUTE = LIMIT  # the shipped default (the test settings lift it)
    cache.clear()


@pytest.fixture
def waiting_room(defaults, make_user):
    """A waiting three-seat private room (friends may watch) with its owner and one friend seated."""
    owner, friend = make_user("ann"), make_user("bob")
    table = rooms.private_create(owner=owner, variant=Variant.objects.get(slug="changde"), planned_hands=8,
                                 player_count=3, watchable=True)
    rooms.seat_join(table=table, user=friend)
    return table, owner, friend


def test_a_strangers_table_page_of_a_waiting_private_room_names_no_code_and_seats_nobody(client, make_user,
                                                                                          waiting_room):
    table, _owner, _friend = waiting_room
    client.force_login(make_user("eve"))
    url = reverse("games:table", args=[table.pk])
    first = client.get(url)
    assert first.status_code == 302 and table.invite_code not in first["Location"]
    page = client.get(url, follow=True)
    assert table.invite_code not in page.content.decode() and "/join/" not in page.redirect_chain[-1][0]
    client.post(page.redirect_chain[-1][0])  # what the attack did next: post to where it was sent
    assert not Seat.objects.filter(table=table, user__username="eve").exists()
    assert Table.objects.get(pk=table.pk).status == Table.Status.WAITING


def test_the_owner_sees_the_invite_and_a_seated_friend_gets_the_table(client, waiting_room):
    table, owner, friend = waiting_room
    for person in (owner, friend):
        client.force_login(person)
        page = client.get(reverse("games:table", args=[table.pk]))
        assert page.status_code == 200 and 'id="my-hand"' in page.content.decode()
    client.force_login(owner)
    html = client.get(reverse("games:table", args=[table.pk])).content.decode()
    assert table.invite_code in html and reverse("games:join", args=[table.invite_code]) in html


def test_scanning_table_ids_reveals_no_code(client, make_user, defaults):
    owners = [make_user(f"owner{i}") for i in range(5)]
    tables = [rooms.private_create(owner=o, variant=Variant.objects.get(slug="changde"), planned_hands=8,
                                   player_count=3) for o in owners]
    client.force_login(make_user("eve"))
    seen = ""
    for t in Table.objects.order_by("pk"):
        response = client.get(reverse("games:table", args=[t.pk]), follow=True)
        seen += response.content.decode() + " ".join(url for url, _status in response.redirect_chain)
    assert not [t.invite_code for t in tables if t.invite_code in seen]


def test_a_private_rooms_watch_page_counts_as_an_invite_lookup(client, make_user, waiting_room, limit):
    table, _owner, _friend = waiting_room
    client.force_login(make_user("eve"))
    watch = reverse("games:watch", args=[table.pk])
    for guess in range(LIMIT):
        client.get(watch, {"code": f"WRONG{guess}"})
    refused = client.get(watch, {"code": table.invite_code}, follow=True)  # even the right code, now
    assert refused.redirect_chain[-1][0] == reverse("games:lobby")
    assert 'id="table-live"' not in refused.content.decode()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_private_rooms_watch_socket_counts_as_an_invite_lookup(waiting_room, limit):
    from paohuzi_site.asgi import sockets

    table, _owner, _friend = waiting_room

    async def watch(code: str):
        comm = WebsocketCommunicator(sockets, f"/ws/watch/{table.pk}/?code={code}")
        comm.scope["client"] = ("10.0.0.9", 5000)
        connected, _ = await comm.connect()
        await comm.disconnect()
        return connected

    assert await watch(table.invite_code)  # the link's socket opens
    for guess in range(LIMIT - 1):
        assert not await watch(f"WRONG{guess}")
    assert not await watch(table.invite_code)  # past the limit: refused, so guesses confirm nothing
    await database_sync_to_async(cache.clear)()

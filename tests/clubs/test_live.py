"""The club lobby live (/ws/clubs/<number>/, clubs.live): members only, each refusal with its close
code; a pushed out-of-band fragment for each kind of change (a table opened, a seat taken, a deal, the
next hand, a series ended, the announcement, the rule sets, a member online or offline); a removed
member's and a dissolved or disabled club's sockets closed at once, saying why in the page's language;
floods and the per-person cap; one read and one render per change per process; presence expiring."""
from __future__ import annotations

import asyncio
import re
import time

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs import ending, live_events, services
from clubs.live import fanout, presence
from clubs.live.routing import websocket_urlpatterns
from games import events
from games.models import Table
from games.play import next_ready
from tests.fanoutkit import count_reads_and_renders
from tests.games.tablekit import WIN_SEED, deal_seed, play_out  # noqa: F401 - deal_seed: a fixture

from .test_services import IP, three_player_variant

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
db = database_sync_to_async
ALL = ["club-announcement", "club-rule-sets", "club-waiting", "club-playing", "club-tournaments", "club-latest",
       "club-online"]


@pytest_asyncio.fixture(autouse=True)
async def close_the_sync_threads_connection():
    from django.db import connections

    def forget():
        connections.close_all()
        for alias in list(connections):  # SQLite's in-memory test database ignores close(): drop them
            try:
                del connections[alias]
            except AttributeError:  # this thread never opened it
                pass

    yield
    await db(forget)()


@pytest.fixture
def club(make_user, defaults):
    owner = make_user("owner")
    club = services.club_create(owner=owner, name="常来", announcement="周末见", needs_approval=False)
    services.rule_set_save(club=club, user=owner, variant=three_player_variant(), planned_hands=8, player_count=3)
    return club


@pytest.fixture
def members(club, make_user):
    out = []
    for name in ("bao", "chen", "du"):
        user = make_user(name)
        services.join(number=club.number, user=user, ip=IP)
        out.append(user)
    return out


async def connect(user, number, lang: str = "en", expect: bool = True):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/clubs/{number}/?lang={lang}")
    comm.scope["user"] = user
    connected, code = await comm.connect()
    assert connected, code
    if expect:
        assert ids(await comm.receive_from(timeout=5)) == ALL  # every fragment on (re)connect
    return comm


def ids(frame: str) -> list[str]:
    return re.findall(r'<section class="panel" id="([\w-]+)" hx-swap-oob="true"', frame)


def section(frame: str, fid: str) -> str | None:
    found = re.search(rf'<section class="panel" id="{fid}" hx-swap-oob="true".*?</section>', frame, re.S)
    return found.group(0) if found else None


async def shown(comm, wanted: dict[str, tuple], timeout: float = 5.0) -> dict[str, str]:
    """Frames until each wanted fragment's latest pushed version holds its needles: those versions."""
    deadline, latest = time.monotonic() + timeout, {}
    while not all(fid in latest and all(n in latest[fid] for n in needles) for fid, needles in wanted.items()):
        frame = await comm.receive_from(timeout=max(0.01, deadline - time.monotonic()))
        latest.update({fid: part for fid in wanted if (part := section(frame, fid))})
    return latest


async def pushed(comm, fid: str, *needles: str, timeout: float = 5.0) -> str:
    """The next pushed fragment `fid` that holds every needle (earlier versions of it are skipped)."""
    return (await shown(comm, {fid: needles}, timeout))[fid]


async def closed_with(comm, timeout: float = 5.0) -> tuple[int, str]:
    """(the close code, the frames before it)."""
    frames = ""
    while True:
        out = await comm.receive_output(timeout=timeout)
        if out["type"] == "websocket.close":
            return out.get("code"), frames
        frames += out.get("text", "")


async def test_a_member_gets_the_lobby_and_a_fragment_for_each_kind_of_change(club, members, deal_seed):
    deal_seed(WIN_SEED)
    owner, (b, c, d) = club.owner, members
    watcher = await connect(owner, club.number)
    rule_set = await db(club.rule_sets.select_related("variant").get)()
    table = await db(services.tap)(club=club, user=b, rule_set_id=rule_set.pk)  # a table opened
    assert "bao" in await pushed(watcher, "club-waiting", "bao", "8 hands")
    await db(services.tap)(club=club, user=c, rule_set_id=rule_set.pk)  # a seat taken
    await pushed(watcher, "club-waiting", "bao", "chen")
    await db(services.tap)(club=club, user=d, rule_set_id=rule_set.pk)  # the table fills and deals
    playing = await pushed(watcher, "club-playing", "hand 1 of 8", "bao", "chen", "du")
    assert "No table is waiting" in section(await db(fanout_frame)(club, owner), "club-waiting")
    by_seat = await db(lambda: {s.position: s.user for s in table.seats.select_related("user")})()
    await db(play_out)(table, by_seat)
    for user in (b, c, d):
        await db(next_ready)(table=table, user=user)
    await pushed(watcher, "club-playing", "hand 2 of 8")  # the next hand of the series
    await db(ending.tables_end)(club)  # the series ends (as when the club is dissolved, the table closes)
    ended = await shown(watcher, {"club-playing": ("No table is playing",),  # gone from play, onto the records
                                  "club-latest": ("bao", "chen", "du", "ended after 1 hand", "/replay")})
    assert "No finished series yet" not in ended["club-latest"]
    assert playing != await db(lambda: section(fanout_frame(club, owner), "club-playing"))()
    await db(services.club_edit)(club=club, user=owner, name="常来", announcement="今晚八点", needs_approval=False)
    assert "今晚八点" in await pushed(watcher, "club-announcement", "今晚八点")
    await db(services.rule_set_save)(club=club, user=owner, variant=rule_set.variant, planned_hands=16,
                                     player_count=3, rule_set=rule_set)
    await pushed(watcher, "club-rule-sets", "16 hands")
    await watcher.disconnect()


def fanout_frame(club, user) -> str:
    """The lobby as a new socket would get it (read anew)."""
    class Page:
        language, sent = "en", {}
    return fanout.frames(club.pk, [Page()])[0][1]


async def test_members_online_come_and_go(club, members):
    owner, b = club.owner, members[0]
    first = await connect(owner, club.number)
    second = await connect(b, club.number)
    part = await pushed(first, "club-online", "bao", "owner")
    assert "Members online (2)" in part
    await second.disconnect()
    assert "bao" not in await pushed(first, "club-online", "Members online (1)")
    await first.disconnect()
    assert await db(presence.online)(club.pk) == set()


async def test_strangers_unknown_numbers_and_the_logged_out_are_refused(club, make_user):
    from django.contrib.auth.models import AnonymousUser

    stranger = await db(make_user)("stranger")
    for user, number in ((stranger, club.number), (club.owner, "999999"), (club.owner, "12"),
                         (AnonymousUser(), club.number)):
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/clubs/{number}/")
        comm.scope["user"] = user
        connected, code = await comm.connect()
        assert not connected and code == 4403, (user, number)


async def test_a_removed_member_is_closed_at_once_and_told_why_in_their_language(club, members):
    owner, b = club.owner, members[0]
    mine, theirs = await connect(owner, club.number), await connect(b, club.number, lang="zh-hans")
    await pushed(mine, "club-online", "Members online (2)", "bao")
    await db(services.member_remove)(club=club, user=owner, member_id=b.pk)
    code, frames = await closed_with(theirs)
    assert code == 4403 and "你已不再是这个亲友圈的成员。" in frames
    assert "bao" not in await pushed(mine, "club-online", "Members online (1)")  # the others' stay open
    again = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/clubs/{club.number}/")
    again.scope["user"] = b
    assert await again.connect() == (False, 4403)
    await mine.disconnect()


async def test_a_member_who_leaves_is_closed_too(club, members):
    comm = await connect(members[1], club.number)
    await db(services.leave)(club=club, user=members[1])
    assert (await closed_with(comm))[0] == 4403


@pytest.mark.parametrize("how", ["dissolved", "disabled"])
async def test_a_dissolved_or_disabled_club_closes_every_socket(club, members, how):
    sockets = [await connect(club.owner, club.number), await connect(members[0], club.number, lang="zh-hans")]
    if how == "dissolved":
        await db(services.dissolve)(club=club, user=club.owner)
    else:
        await db(ending.club_disable)(club=club)
    (owner_code, owner_frames), (code, frames) = [await closed_with(s) for s in sockets]
    assert owner_code == code == 4410
    assert "This club has been closed." in owner_frames and "这个亲友圈已关闭。" in frames
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/clubs/{club.number}/")
    comm.scope["user"] = club.owner  # the owner's membership stays only when disabled: 4410 then, else 4403
    connected, _ = await comm.connect()
    assert connected == (how == "disabled")
    if connected:
        assert (await closed_with(comm))[0] == 4410


async def test_a_flood_is_told_once_then_closed(club, settings):
    settings.TABLE_MESSAGE_BURST, settings.TABLE_MESSAGES_PER_SECOND, settings.TABLE_FLOOD_DROPS = 3, 0.01, 5
    comm = await connect(club.owner, club.number)
    await comm.send_to(text_data='{"op": "sync"}')
    assert ids(await comm.receive_from(timeout=5)) == ALL  # a sync: every fragment again
    await comm.send_to(text_data='{"op": "sit"}')
    assert "does not understand" in await comm.receive_from(timeout=5)
    for _ in range(10):
        await comm.send_to(text_data='{"op": "sync"}')
    code, frames = await closed_with(comm)
    assert code == 4429 and frames.count("Too many clicks at once") == 1 and "too many messages" in frames


async def test_a_person_keeps_at_most_the_cap_of_sockets_at_one_lobby(club, settings):
    settings.CLUB_SOCKETS_PER_USER = 2
    oldest = await connect(club.owner, club.number)
    newer = [await connect(club.owner, club.number) for _ in range(2)]
    code, frames = await closed_with(oldest)
    assert code == 4409 and "open in another window" in frames
    for s in newer:
        assert await s.receive_nothing(timeout=0.2)
    for s in newer:
        await s.disconnect()


async def test_one_read_and_one_render_per_change_per_process(club, members, monkeypatch):
    """Four sockets in two languages: a change costs one read (a bounded number of queries) and one
    render per language, whatever the number of sockets."""
    sockets = [await connect(u, club.number, lang=lang)
               for u, lang in ((club.owner, "en"), (members[0], "en"), (members[1], "zh-hans"),
                               (members[2], "zh-hans"))]
    for s in sockets:  # the arrivals' presence changes
        while not await s.receive_nothing(timeout=0.2):
            await s.receive_from()
    reads, renders = count_reads_and_renders(monkeypatch, fanout)
    await db(services.club_edit)(club=club, user=club.owner, name="常来", announcement="新公告", needs_approval=False)
    for s in sockets:
        assert "新公告" in await pushed(s, "club-announcement", "新公告")
    assert len(reads) == 1 and reads[0] <= 11, reads  # the club's nine, its tournaments' two
    assert sorted(renders) == ["en", "zh-hans"]
    for s in sockets:  # only the changed fragment was sent
        assert await s.receive_nothing(timeout=0.2)
    for s in sockets:
        await s.disconnect()


async def test_a_burst_of_changes_joins_the_batch_waiting(club, monkeypatch):
    comm = await connect(club.owner, club.number)
    reads, real_read = [], fanout.read
    monkeypatch.setattr(fanout, "read", lambda club_id: reads.append(club_id) or real_read(club_id))
    layer = get_channel_layer()
    await asyncio.gather(*(layer.group_send(live_events.group(club.pk), events.message(live_events.change(club.pk)))
                           for _ in range(20)))  # a burst (moves at the club's tables)
    await asyncio.sleep(0.5)
    assert 1 <= len(reads) <= 2, reads
    await comm.disconnect()


async def test_presence_of_a_process_that_died_expires(club, settings):
    settings.CLUB_PRESENCE_SECONDS = 0.3
    assert await db(presence.arrive)(club.pk, 7, "dead-process-channel")
    assert await db(presence.online)(club.pk) == {7}
    await asyncio.sleep(0.4)
    assert await db(presence.online)(club.pk) == set()
    assert await db(presence.arrive)(club.pk, 8, "alive")  # the next change drops the stale entry
    assert set(p for p, _ in cache.get(f"club-online:{club.pk}").values()) == {8}


async def test_a_socket_renews_its_presence(club, settings):
    settings.CLUB_PRESENCE_SECONDS = 0.3
    comm = await connect(club.owner, club.number)
    await asyncio.sleep(0.6)  # past its first expiry: renewed every 0.1 s
    assert await db(presence.online)(club.pk) == {club.owner.pk}
    await comm.disconnect()


async def test_a_private_room_outside_clubs_is_looked_up_once(club, make_user, defaults):
    """games.room_hooks calls clubs for every counted change of a private room: a room of no club costs
    one query in a process, once."""
    from games.rooms import private_create

    user = await db(make_user)("solo")
    variant = await db(three_player_variant)()
    table = await db(private_create)(owner=user, variant=variant, planned_hands=8, player_count=3)

    def hook_queries():
        with CaptureQueriesContext(connection) as queries:
            live_events.table_changed(table.pk, 2)
        return len(queries)

    assert [await db(hook_queries)() for _ in range(3)] == [1, 0, 0]
    assert live_events._CLUB_OF[table.pk] is None


async def test_admin_edits_reach_the_lobby_and_a_member_deleted_inline_is_closed(club, members, client):
    """The admin's change form: the announcement edited shows on the lobby; a membership deleted inline
    closes that member's socket (clubs.admin sends what the services send)."""
    from django.urls import reverse

    from clubs.models import Membership

    boss = await db(type(club.owner).objects.create_superuser)("boss", "boss@example.com", "a-long-pass-123")
    watcher, gone = await connect(club.owner, club.number), await connect(members[0], club.number)

    def post():
        client.force_login(boss)
        rows = list(Membership.objects.filter(club=club).order_by("pk"))
        data = {"number": club.number, "name": club.name, "announcement": "管理员改了公告", "capacity": 500,
                "owner": club.owner_id, "needs_approval": "", "memberships-TOTAL_FORMS": len(rows),
                "memberships-INITIAL_FORMS": len(rows), "memberships-MIN_NUM_FORMS": 0,
                "memberships-MAX_NUM_FORMS": 1000, "join_requests-TOTAL_FORMS": 0,
                "join_requests-INITIAL_FORMS": 0, "join_requests-MIN_NUM_FORMS": 0,
                "join_requests-MAX_NUM_FORMS": 1000}
        for n, m in enumerate(rows):
            data.update({f"memberships-{n}-id": m.pk, f"memberships-{n}-club": club.pk,
                         f"memberships-{n}-user": m.user_id, f"memberships-{n}-role": m.role})
            if m.user_id == members[0].pk:
                data[f"memberships-{n}-DELETE"] = "on"
        return client.post(reverse("admin:clubs_club_change", args=[club.pk]), data)

    assert (await db(post)()).status_code == 302
    assert "管理员改了公告" in await pushed(watcher, "club-announcement", "管理员改了公告")
    assert (await closed_with(gone))[0] == 4403
    await watcher.disconnect()


async def test_the_site_routes_the_club_socket_before_the_catch_all():
    """paohuzi_site/asgi.py mounts clubs' route (games never imports clubs) ahead of the 4404 catch-all,
    behind the same origin check and session auth as the table's."""
    from paohuzi_site import asgi
    from clubs.live.consumers import ClubConsumer

    routes = asgi.sockets.routes
    found = [n for n, r in enumerate(routes) if getattr(r.callback, "consumer_class", None) is ClubConsumer]
    assert found and found[0] < len(routes) - 1 and str(routes[found[0]].pattern) == "ws/clubs/<str:number>/"


async def test_a_removed_member_is_sent_nothing_of_the_club_after_the_notice(club, members):
    """The removal's own change (the members online) is rendered for the others only: the removed
    member's socket hears its notice and the close, and no fragment after them."""
    owner, b = club.owner, members[0]
    mine, theirs = await connect(owner, club.number), await connect(b, club.number)
    await pushed(mine, "club-online", "Members online (2)")
    while not await theirs.receive_nothing(timeout=0.3):
        await theirs.receive_from()
    await db(services.member_remove)(club=club, user=owner, member_id=b.pk)
    code, frames = await closed_with(theirs)
    assert code == 4403 and frames.count("<div id=\"flash\"") == 1 and "<section" not in frames
    assert await theirs.receive_nothing(timeout=0.5)
    await pushed(mine, "club-online", "Members online (1)")
    await mine.disconnect()

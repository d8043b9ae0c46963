"""The tournament page's socket (/ws/tournament/<id>/): it sends the live part of the page at once, in
the page's language; a hand that ends at one of the round's tables moves the standings it pushes; a
round's end (the tournament's own event) is pushed too; an unknown tournament is closed with 4404."""
import asyncio

import pytest
from channels.db import database_sync_to_async as db
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from games.clock import sweeper
from tournaments import live, notify, selectors, services
from tournaments.models import Round

from tests.games.test_consumers import close_the_sync_threads_connection  # noqa: F401 - autouse: the
#   consumers' persistent connection in channels' database thread goes, so PostgreSQL can drop the database
from tests.fanoutkit import count_reads_and_renders
from .tourneykit import address, open_of, plan_make

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def application():
    from paohuzi_site.asgi import sockets
    return sockets


async def connect(path: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application(), path)
    connected, _code = await comm.connect()
    assert connected
    return comm


async def test_the_standings_move_as_hands_end_and_rounds_change(defaults, make_user, monkeypatch):
    monkeypatch.setattr(live, "REFRESH_SECONDS", 0.05)
    plan = await db(plan_make)(entrants=3, entry_fee=0, prize_mode="fixed", prizes="300", hands_per_round=2)
    tournament = await db(open_of)(plan)
    people = [await db(make_user)(n) for n in ("甲", "乙", "丙")]
    for i, user in enumerate(people):
        await db(services.register)(tournament=tournament, user=user, address=address(i))
    comm = await connect(f"/ws/tournament/{tournament.pk}/?lang=zh-hans")
    first = await comm.receive_from(timeout=5)
    assert 'id="tournament-live" hx-swap-oob="true"' in first and "决赛桌" in first and "0 分" in first
    english = await connect(f"/ws/tournament/{tournament.pk}/?lang=en")
    assert "Final table" in await english.receive_from(timeout=5)
    await english.disconnect()

    rnd = await db(Round.objects.get)(tournament=tournament)
    table = await db(lambda: rnd.seats.first().table)()
    now = timezone.now()
    for _ in range(400):  # play on until a hand scored points (or, every hand drawn, the tournament ended)
        now += timezone.timedelta(minutes=5)
        await db(sweeper.sweep)(now)
        await db(tournament.refresh_from_db)()
        scored = await db(lambda: any(h.scores and any(h.scores) for h in table.hands.filter(finished_at__isnull=False)))()
        if scored or tournament.state == "finished":
            break
    context = await db(selectors.page)(tournament)
    if tournament.state == "finished":
        expected = "最终排名"
    else:
        leader, points = context["standing"][0]
        expected = f"{leader.user} · {points} 分"
    frames = [await comm.receive_from(timeout=5)]
    while expected not in frames[-1] and len(frames) < 20:
        frames.append(await comm.receive_from(timeout=5))
    assert expected in frames[-1] and frames[-1] != first
    await comm.disconnect()


async def test_an_unknown_tournament_is_closed(defaults):
    comm = WebsocketCommunicator(application(), "/ws/tournament/999999/")
    connected, code = await comm.connect()
    assert not connected and code == 4404


async def test_one_read_and_one_render_per_language_per_change(defaults, make_user, monkeypatch):
    """Four sockets at one tournament, two languages: a registration is read once and rendered once per
    language (games.live.group_fanout), each socket sent the new live part; a socket whose page already
    holds it is sent nothing more."""
    plan = await db(plan_make)(entrants=3, entry_fee=0, prize_mode="fixed", prizes="300")
    tournament = await db(open_of)(plan)
    sockets = [await connect(f"/ws/tournament/{tournament.pk}/?lang={lang}")
               for lang in ("en", "en", "zh-hans", "zh-hans")]
    for s in sockets:
        assert "0/3" in await s.receive_from(timeout=5)
    reads, renders = count_reads_and_renders(monkeypatch, live)
    user = await db(make_user)("甲")
    await db(services.register)(tournament=tournament, user=user, address=address(0))
    for s in sockets:
        assert "1/3" in await s.receive_from(timeout=5)
    assert len(reads) == 1 and reads[0] <= 12, reads
    assert sorted(renders) == ["en", "zh-hans"]
    await db(notify.changed)(tournament.pk, after_commit=False)  # a change that shows nothing new
    await asyncio.sleep(0.3)
    for s in sockets:
        assert await s.receive_nothing(timeout=0.2)
    assert len(reads) == 2 and sorted(renders) == ["en", "en", "zh-hans", "zh-hans"]
    for s in sockets:
        await s.disconnect()


async def test_the_page_sends_nothing_that_matters_and_a_flood_is_closed(defaults, settings):
    settings.TABLE_MESSAGE_BURST, settings.TABLE_MESSAGES_PER_SECOND, settings.TABLE_FLOOD_DROPS = 3, 0.01, 5
    plan = await db(plan_make)(entrants=3, entry_fee=0, prize_mode="fixed", prizes="300")
    tournament = await db(open_of)(plan)
    comm = await connect(f"/ws/tournament/{tournament.pk}/?lang=en")
    await comm.receive_from(timeout=5)
    await comm.send_to(text_data='{"op": "sync"}')
    assert await comm.receive_nothing(timeout=0.2)  # ignored: nothing answered
    for _ in range(10):
        await comm.send_to(text_data='{"op": "sync"}')
    frames, out = [], await comm.receive_output(timeout=5)
    while out["type"] == "websocket.send":
        frames.append(out["text"])
        out = await comm.receive_output(timeout=5)
    assert out == {"type": "websocket.close", "code": 4429}
    assert "".join(frames).count("Too many clicks at once") == 1 and "too many messages" in frames[-1]


async def test_one_address_keeps_a_few_sockets(defaults, settings):
    settings.SPECTATOR_SOCKETS_PER_ADDRESS = 2
    plan = await db(plan_make)(entrants=3, entry_fee=0, prize_mode="fixed", prizes="300")
    tournament = await db(open_of)(plan)
    kept = [await connect(f"/ws/tournament/{tournament.pk}/?lang=en") for _ in range(2)]
    third = await connect(f"/ws/tournament/{tournament.pk}/?lang=en")
    assert "Too many tables are being watched" in await third.receive_from(timeout=5)
    assert (await third.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4408}
    await kept[0].disconnect()
    again = await connect(f"/ws/tournament/{tournament.pk}/?lang=en")
    assert "tournament-live" in await again.receive_from(timeout=5)
    for s in (kept[1], again):
        await s.disconnect()


async def test_a_clubs_tournament_socket_is_its_members_only(defaults, make_user):
    from clubs import services as club_services
    from tests.clubs.test_services import three_player_variant

    def opened():
        owner = make_user("owner")
        club = club_services.club_create(owner=owner, name="常来", announcement="", needs_approval=False)
        club_services.rule_set_save(club=club, user=owner, variant=three_player_variant(), planned_hands=8,
                                    player_count=3)
        rs = club.rule_sets.get()
        return owner, services.club_tournament_open(club=club, user=owner, rule_set_id=rs.pk, entrants=3, name="周赛")

    owner, tournament = await db(opened)()
    stranger = await db(make_user)("stranger")
    for user, allowed in ((None, False), (stranger, False), (owner, True)):
        comm = WebsocketCommunicator(application(), f"/ws/tournament/{tournament.pk}/?lang=en")
        if user is not None:
            comm.scope["user"] = user
        connected, code = await comm.connect()
        assert connected == allowed and (allowed or code == 4404)
        if allowed:
            assert "0/3" in await comm.receive_from(timeout=5)
            await comm.disconnect()

"""Claim privacy over the socket (R3, R7): a decision inside a held claim window reaches only the
sockets whose own view changed; the seats not asked receive nothing until the release."""
import re

import pytest

from games import bots
from games import play
from games.clock import tick
from games.models import Table

from .tablekit import WIN_SEED, deal_seed, state_of  # noqa: F401
from .test_consumers import close_the_sync_threads_connection, coin_table, connect, db, drain, until  # noqa: F401

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def held(settings):
    settings.CLAIM_WINDOW_SECONDS = 30  # the test releases by hand, before any timer would (and before
    #                                    the people's 60 s are up, which would put them on auto-play)


def _to_a_claim(table, seats) -> None:
    """Play (people's bot choices, releases at their time) until a person is asked on a held window
    in which private steps were made already (a release while someone is asked is one)."""
    for _ in range(300):
        state = state_of(table)
        hand = table.hands.order_by("-number").first()
        if state.awaiting_release and state.to_act and state.private_moves:
            return
        if state.awaiting_release:
            tick.table_tick(table_id=table.pk, now=hand.deadline)
        else:
            seat = state.to_act[0]
            play.action_submit(table=table, user=seats[seat], wire={
                "action": bots.choose_action(state, seat).text, "move_no": state.public_move_no})
    raise AssertionError("nobody was asked")


async def test_r7_held_window_a_decision_sends_no_frame_to_the_seats_not_asked(held, coin_table):
    table, seats = coin_table
    await db(_to_a_claim)(table, seats)
    state = await db(state_of)(table)
    asked = set(state.to_act)
    comms = {p: await connect(u, table.pk) for p, u in seats.items()}
    snapshots = {p: "".join(await drain(c, 0.05)) for p, c in comms.items()}
    seat = state.to_act[0]
    move_no = re.search(r'data-move-no="(\d+)"', snapshots[seat]).group(1)  # what the page sends back
    version = (await db(Table.objects.get)(pk=table.pk)).version
    action = bots.choose_action(state, seat)
    await comms[seat].send_json_to({"op": "act", "action": action.text, "move_no": move_no})
    await until(lambda: state_of(table).move_no > state.move_no)
    mine = "".join(await drain(comms[seat], 0.2))
    assert 'id="actions"' in mine and 'id="act-pass"' not in mine  # its buttons go at once
    for p in set(seats) - asked:
        assert await drain(comms[p], 0.1) == []  # not a byte: nothing tells them a claim was decided
    assert (await db(Table.objects.get)(pk=table.pk)).version == version
    for c in comms.values():
        await c.disconnect()

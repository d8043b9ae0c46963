"""R2, commit–reveal deals at a real table, through the socket: the commitment shown before the deal is
SHA-256 of the server seed revealed after the hand; the client seeds the browsers sent are the deal's;
re-dealing from the revealed seeds gives the hand; and no secret seed (the hand's server seed, its deal
seed, the table's next server seed) is in any frame, page or log record before its hand ends."""
from __future__ import annotations

import logging
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import bots, selectors
from games import rooms
from games.models import Hand, Seat, Table, Variant
from games.rules import commitment_of, deal_seed_of, deal_verify, replay, split_deck
from games.rules import cards as C

from .test_consumers import close_the_sync_threads_connection, connect, db, drain, receive_until, until  # noqa: F401
from .tablekit import state_of

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

NEXT = re.compile(r'data-fair-next="([0-9a-f]{64})"')


def pages(users, table) -> str:
    """The table page as each player loads it now, and the public pages around it."""
    html = ""
    for user in users:
        client = Client()
        client.force_login(user)
        html += client.get(reverse("games:table", args=[table.pk])).content.decode()
    return html + Client().get(reverse("games:fair")).content.decode()


def secrets_now(table) -> list[str]:
    """What must not be seen yet: the hand in play's server seed and deal seed (decimal and hex) and the
    table's next server seed."""
    table = Table.objects.get(pk=table.pk)
    hand = selectors.current_hand(table)
    out = [table.next_server_seed]
    if hand is not None and not hand.finished:
        out += [hand.server_seed, hand.seed, format(int(hand.seed), "x")]
    return out


async def play_out_over_sockets(table, comms) -> list[tuple[list[str], str]]:
    """Play the hand in play by the bots' choices, each move sent on the seat's socket; returns, per
    move, the secrets of that moment and the frames sent before the move was answered."""
    seen = []
    while True:
        hand = await db(selectors.current_hand)(table)
        if hand.finished:
            return seen
        state = await db(state_of)(table)
        seat = state.to_act[0]
        await comms[seat].send_json_to({"op": "act", "action": bots.choose_action(state, seat).text,
                                        "move_no": hand.move_no})
        await until(lambda: selectors.current_hand(table).move_no > hand.move_no)
        after = await db(selectors.current_hand)(table)
        if not after.finished:
            frames = []
            for c in comms.values():
                frames += await drain(c, 0.005)
            seen.append((await db(secrets_now)(table), "".join(frames)))


async def test_r2_commit_then_client_seeds_then_reveal_over_two_hands_and_no_secret_leaks(defaults, make_user,
                                                                                         caplog):
    caplog.set_level(logging.DEBUG)
    ann, bob, cyd = [await db(make_user)(n) for n in ("ann", "bob", "cyd")]
    variant = await db(Variant.objects.get)(slug="changde")
    table = await db(rooms.private_create)(owner=ann, variant=variant, planned_hands=8, player_count=3)
    await db(rooms.seat_join)(table=table, user=bob)
    comms = {0: await connect(ann, table.pk), 1: await connect(bob, table.pk)}
    first = [await c.receive_from(timeout=5) for c in comms.values()]
    shown = {NEXT.search(f).group(1) for f in first}  # the commitment before anyone sent a seed
    assert len(shown) == 1
    (promised,) = shown
    before_deal = await db(secrets_now)(table)
    assert not any(s in f for s in before_deal for f in first)
    await comms[0].send_json_to({"op": "seed", "seed": "a" * 32})
    await comms[1].send_json_to({"op": "seed", "seed": "B0" * 16})  # read as lowercase hex
    await until(lambda: Seat.objects.filter(table=table).exclude(client_seed="").count() == 2)
    await db(rooms.seat_join)(table=table, user=cyd)  # the last seat taken: the deal
    comms[2] = await connect(cyd, table.pk)
    hand1 = await db(selectors.current_hand)(table)
    assert hand1.commitment == promised and hand1.client_seeds == ["a" * 32, "b0" * 16, ""]
    assert await db(lambda: list(Seat.objects.filter(table=table).values_list("client_seed", flat=True)))() \
        == ["", "", ""]  # spent: the next deal needs seeds chosen after its own commitment

    table_now = await db(Table.objects.get)(pk=table.pk)
    shown_next = f'data-fair-next="{table_now.next_commitment}"'  # waited for: a busy database is slow to send
    frames = {p: [await receive_until(c, shown_next, timeout=10)] + await drain(c, 0.05) for p, c in comms.items()}
    nexts = {NEXT.findall("".join(fs))[-1] for fs in frames.values()}
    assert nexts == {table_now.next_commitment} != {promised}  # the next hand is committed to already
    for c in comms.values():  # what fair.js does on the new commitment: seeds for hand 2
        await c.send_json_to({"op": "seed", "seed": "c" * 64})
    checked = [(await db(secrets_now)(table), "".join(f for fs in frames.values() for f in fs)
                + await db(pages)([ann, bob, cyd], table))]
    checked += await play_out_over_sockets(table, comms)
    hand1 = await db(Hand.objects.get)(pk=hand1.pk)
    if hand1.move_no:  # (a hand won at the deal, R9.1, sent its result with the first frames)
        await receive_until(comms[0], f'id="fair-server-seed">{hand1.server_seed}<', timeout=10)
    final = await db(pages)([ann], table)  # the result panel reveals the seeds, with the link that checks them
    assert f'id="fair-server-seed">{hand1.server_seed}<' in final and promised in final
    assert "/fair/?server_seed=" + hand1.server_seed in final.replace("&amp;", "&")

    for c in comms.values():
        await c.send_json_to({"op": "next"})
    await until(lambda: selectors.current_hand(table).number == 2)
    hand2 = await db(selectors.current_hand)(table)
    assert hand2.commitment == table_now.next_commitment and hand2.client_seeds == ["c" * 64] * 3
    for c in comms.values():
        await drain(c, 0.05)
    checked.append((await db(secrets_now)(table), await db(pages)([ann, bob, cyd], table)))
    checked += await play_out_over_sockets(table, comms)
    for c in comms.values():
        await c.disconnect()

    assert len(checked) > 10
    for secret, seen in checked:
        assert all(len(s) >= 20 for s in secret)
        leaked = [s for s in secret if s in seen]
        assert not leaked, "a secret seed reached a frame or a page before its hand ended"
    every_secret = {s for secret, _ in checked for s in secret}
    logged = [r for r in caplog.records if any(s in r.getMessage() or s in (r.exc_text or "") for s in every_secret)]
    assert not logged and caplog.records is not None

    for hand in (hand1, await db(Hand.objects.get)(pk=hand2.pk)):  # the revealed seeds re-deal the hand
        assert commitment_of(hand.server_seed) == hand.commitment
        assert int(hand.seed) == deal_seed_of(hand.server_seed, hand.client_seeds)
        deck = deal_verify(hand.server_seed, hand.client_seeds, hand.commitment)
        rules = await db(lambda: table.variant.to_ruleset())()
        dealt = replay(rules, int(hand.seed), hand.dealer, 3, [])
        hands, stock, _ = split_deck(deck, dealer=hand.dealer, players=3)
        assert dealt.state.stock == tuple(stock[len(stock) - len(dealt.state.stock):])
        held = [C.counts(h) for h in hands]
        for seat in range(3):  # each seat's cards at the deal: in hand now, or laid down as a start ti
            laid = [k for g in dealt.state.tables[seat] for k in g.cards]
            assert [a + b for a, b in zip(dealt.state.hands[seat], C.counts(laid))] == held[seat]

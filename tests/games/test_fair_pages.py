"""R2, commit–reveal on the pages: /fair/ checks a revealed hand without JavaScript or an account (a GET
form), refuses a wrong commitment in Chinese; the socket's seed message is validated; the admin shows no
seed of a hand not over, and never the table's next server seed."""
from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from games.live import messages
from games import errors as games_errors
from games import play
from games import rooms
from games.models import Hand, Seat, Table, Variant
from games.rules import cards as C
from games.rules import commitment_of, deal_verify, server_seed_new

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _visible(html: str) -> str:
    main = html.split("<main>", 1)[1].split("</main>", 1)[0]
    return re.sub(r"<[^>]+>", " ", main)


@pytest.mark.django_db
def test_r2_the_fair_form_checks_the_commitment_and_re_deals_the_80_cards(client):
    server, clients = server_seed_new(), ["ab12", "", "ffee"]
    page = client.get(reverse("games:fair"), {"server_seed": server, "client_seeds": ",".join(clients),
                                               "commitment": commitment_of(server), "dealer": 2})
    html = page.content.decode()
    assert page.status_code == 200 and 'id="fair-ok"' in html and "承诺值相符" in html
    deck = re.findall(r'<li value="(\d+)"><i class="[^"]*">(.)</i><small>\d+</small></li>', html)
    expected = deal_verify(server, clients, commitment_of(server))
    assert [int(n) for n, _ in deck] == list(range(1, 81))
    assert "".join(c for _, c in deck) == "".join(C.char(k) for k in expected)
    assert re.search(r"2 号座位\s*\(庄家\)", _visible(html))


@pytest.mark.django_db
def test_r2_the_fair_form_refuses_a_wrong_commitment_in_chinese(client):
    server = server_seed_new()
    html = client.get(reverse("games:fair"), {"server_seed": server, "client_seeds": ",,",
                                               "commitment": commitment_of(server_seed_new())}).content.decode()
    assert 'id="fair-ok"' not in html and "它不是牌桌承诺过的种子" in html
    errors = " ".join(re.findall(r'<ul class="errorlist[^"]*">(.*?)</ul>', html, re.S))
    assert errors and not ENGLISH_WORD.search(re.sub(r"<[^>]+>|SHA-256|[0-9a-f]{64}", " ", errors)), errors
    bad = client.get(reverse("games:fair"), {"server_seed": "xyz", "client_seeds": ",,",
                                              "commitment": "0" * 64}).content.decode()
    assert "服务器种子必须是 32 位十六进制数字" in bad


@pytest.mark.django_db
def test_r2_the_fair_page_explains_the_derivation_in_both_languages(client):
    chinese = _visible(client.get(reverse("games:fair")).content.decode())
    assert "HMAC-SHA-256" in chinese and "承诺值" in chinese and "庄家 21 张" in chinese
    english = _visible(client.get(reverse("games:fair"), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "joined by commas" in english and "21 to the dealer" in english


def test_r2_the_seed_message_takes_hex_of_at_most_64_digits():
    assert messages.parse('{"op": "seed", "seed": "A1b2"}').seed == "A1b2"
    for bad in ['{"op": "seed", "seed": "xyz"}', '{"op": "seed", "seed": "%s"}' % ("a" * 65),
                '{"op": "seed", "seed": 12}']:
        with pytest.raises(messages.BadMessage):
            messages.parse(bad)


@pytest.mark.django_db
def test_r2_a_client_seed_is_kept_for_the_seat_and_spent_by_the_deal(defaults, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = rooms.private_create(owner=ann, variant=Variant.objects.get(slug="changde"), planned_hands=8,
                                 player_count=2)
    play.client_seed_set(table=table, user=ann, seed="ABCDEF")
    with pytest.raises(games_errors.Refused):
        play.client_seed_set(table=table, user=bob, seed="01")  # not seated
    assert Seat.objects.get(table=table, user=ann).client_seed == "abcdef"
    rooms.seat_join(table=table, user=bob)
    hand = Hand.objects.get(table=table)
    assert hand.client_seeds == ["abcdef", ""] and not Seat.objects.exclude(client_seed="").exists()


def _two_player_hand(make_user):
    """Ann's private room for two with Bob seated: its first hand dealt."""
    ann, bob = make_user("ann"), make_user("bob")
    table = rooms.private_create(owner=ann, variant=Variant.objects.get(slug="changde"), planned_hands=8,
                                 player_count=2)
    rooms.seat_join(table=table, user=bob)
    return ann, bob, Hand.objects.get(table=table)


@pytest.mark.django_db
def test_r2_the_admin_shows_a_hands_seeds_only_once_it_is_over(admin_client, defaults, make_user):
    _ann, _bob, hand = _two_player_hand(make_user)
    table = Table.objects.get(pk=hand.table_id)
    pages = "".join(admin_client.get(url).content.decode() for url in (
        reverse("admin:games_hand_change", args=[hand.pk]), reverse("admin:games_hand_changelist"),
        reverse("admin:games_table_change", args=[table.pk]), reverse("admin:games_table_changelist")))
    assert hand.server_seed not in pages and hand.seed not in pages and table.next_server_seed not in pages
    Hand.objects.filter(pk=hand.pk).update(finished_at=timezone.now())
    page = admin_client.get(reverse("admin:games_hand_change", args=[hand.pk])).content.decode()
    assert hand.server_seed in page and table.next_server_seed not in page


@pytest.mark.django_db
def test_r2_the_fair_check_names_a_finished_hands_players(client, defaults, make_user):
    ann, bob, hand = _two_player_hand(make_user)
    query = {"server_seed": hand.server_seed, "client_seeds": ",".join(hand.client_seeds),
             "commitment": commitment_of(hand.server_seed), "dealer": hand.dealer}
    assert re.search(r"0 号座位", _visible(client.get(reverse("games:fair"), query).content.decode()))
    Hand.objects.filter(pk=hand.pk).update(finished_at=timezone.now())
    seats = _visible(client.get(reverse("games:fair"), query).content.decode()).split("底牌")[0]
    names = [str(u.display_name) for u in (ann, bob)]
    order = [names[0], names[1]] if hand.seating == [ann.pk, bob.pk] else [names[1], names[0]]
    assert "号座位" not in seats and seats.index(order[0]) < seats.index(order[1]), seats

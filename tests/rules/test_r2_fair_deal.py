"""R2, commit–reveal deals (games.rules.fair): the commitment is SHA-256 of the server seed, the deal's
seed is HMAC-SHA-256(server seed, client seeds in seat order), re-dealing from the revealed seeds gives
the hand's deal exactly, and every client seed changes the deal."""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import random

import pytest

from games.rules import (PRESETS, FairError, cards as C, client_seed_clean, commitment_of, deal, deal_seed_of,
                         deal_verify, preset, server_seed_new, setup, split_deck)
from games.rules.cli import main
from games.rules.deal import shuffled_deck


def _hex(rng: random.Random, digits: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(digits))


def test_r2_server_seeds_are_128_bits_as_32_hex_digits_and_differ():
    seeds = {server_seed_new() for _ in range(50)}
    assert len(seeds) == 50 and all(len(s) == 32 and int(s, 16) < 2 ** 128 for s in seeds)


def test_r2_the_commitment_and_the_deal_seed_are_written_down_exactly():
    server = "00112233445566778899aabbccddeeff"
    assert commitment_of(server) == hashlib.sha256(server.encode()).hexdigest()
    mac = hmac.new(server.encode(), b"ab,,cd", hashlib.sha256).digest()
    assert deal_seed_of(server, ["ab", "", "cd"]) == int.from_bytes(mac[:16], "big") < 2 ** 128


CASES = [(name, players) for name in PRESETS for players in preset(name).player_counts]


@pytest.mark.parametrize("name,players", CASES)
def test_r2_re_dealing_from_the_revealed_seeds_reproduces_the_deal(name, players):
    """100 seeded hands over every preset and player count it allows: the state dealt from the derived
    seed equals the one set up from deal_verify's 80 cards, split as R2 deals them."""
    rules = preset(name)
    rng = random.Random(f"{name}/{players}")
    for _ in range(-(-100 // len(CASES))):
        server = _hex(rng, 32)
        clients = [rng.choice(["", _hex(rng, 32), _hex(rng, rng.randrange(1, 65))]) for _ in range(players)]
        dealer = rng.randrange(players)
        dealt = deal(rules, seed=deal_seed_of(server, clients), dealer=dealer, players=players)
        deck = deal_verify(server, clients, commitment_of(server))
        assert sorted(deck) == C.deck()
        hands, stock, removed = split_deck(deck, dealer=dealer, players=players)
        assert setup(rules, dealer=dealer, hands=hands, stock=stock, removed=removed) == dealt


def test_r2_the_deck_is_shuffled_as_pythons_random_shuffle_shuffles_it():
    """deal.shuffled_deck inlines random.Random(seed).shuffle (what the fair deal's spec names): the
    same order for small seeds and for 128-bit ones, as a player re-running the spec in Python gets."""
    rng = random.Random(25)
    for seed in [0, 1, 2**127, 2**128 - 1] + [rng.getrandbits(128) for _ in range(300)]:
        deck = C.deck()
        random.Random(seed).shuffle(deck)
        assert shuffled_deck(seed) == deck


def test_r2_each_client_seed_changes_the_deal():
    server = server_seed_new()
    plain = deal_verify(server, ["", "", ""], commitment_of(server))
    for seat in range(3):
        clients = ["", "", ""]
        clients[seat] = "5eed"
        assert deal_verify(server, clients, commitment_of(server)) != plain, seat
    assert deal_verify(server, ["ab", "cd", ""], commitment_of(server)) != deal_verify(
        server, ["cd", "ab", ""], commitment_of(server))  # seat order counts


def test_r2_a_wrong_commitment_or_malformed_seeds_are_refused():
    server = server_seed_new()
    with pytest.raises(FairError) as e:
        deal_verify(server, ["", "", ""], commitment_of(server_seed_new()))
    assert e.value.code == "mismatch"
    for args, code in [(("xyz", ["", "", ""], "0" * 64), "server_seed"),
                       ((server, [""], commitment_of(server)), "client_count"),
                       ((server, ["", "g", ""], commitment_of(server)), "client_seed"),
                       ((server, ["", "a" * 65, ""], commitment_of(server)), "client_seed"),
                       ((server, ["", "", ""], "abc"), "commitment")]:
        with pytest.raises(FairError) as e:
            deal_verify(*args)
        assert e.value.code == code, args
    assert client_seed_clean(" AbC ") == "abc"


def _cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["verify", *argv])
    return code, out.getvalue(), err.getvalue()


def test_r2_cli_verify_prints_the_80_cards_in_order_and_each_seats_cards():
    server, clients = server_seed_new(), ["0a1b", "", "ff"]
    code, out, _ = _cli("--server-seed", server, "--client-seeds", ",".join(clients),
                        "--commitment", commitment_of(server), "--dealer", "1")
    assert code == 0
    deck = deal_verify(server, clients, commitment_of(server))
    lines = out.splitlines()
    assert lines[0].startswith("commitment ok")
    assert lines[1] == "deck: " + " ".join(C.char(k) for k in deck)
    hands, stock, _removed = split_deck(deck, dealer=1, players=3)
    assert lines[2:] == [f"seat 0: {C.fmt(hands[0])}", f"seat 1 (dealer): {C.fmt(hands[1])}",
                         f"seat 2: {C.fmt(hands[2])}", f"stock: {C.fmt(stock)}"]
    assert len(lines[1].split()) == 81 and len(hands[1]) == 21


def test_r2_cli_verify_refuses_a_wrong_commitment():
    server = server_seed_new()
    code, out, err = _cli("--server-seed", server, "--client-seeds", ",,", "--commitment", "0" * 64)
    assert code == 1 and out == "" and "refused" in err and "not the one committed to" in err

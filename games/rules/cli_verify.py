"""`python -m games.rules.cli verify`: check a revealed hand (R2, commit–reveal) and re-deal it.

Takes the server seed revealed after the hand, the client seeds in seat order and the commitment shown
before the deal; checks SHA-256(server seed) against the commitment and prints the 80 cards in the
order they were dealt, then each seat's cards. Exits 1 (and prints why) when the check fails.
"""
from __future__ import annotations

import argparse
import sys

from . import cards as C
from .deal import split_deck
from .fair import FairError, deal_verify


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server-seed", required=True, help="the server seed revealed after the hand (32 hex)")
    parser.add_argument("--client-seeds", required=True,
                        help='the client seeds in seat order, separated by commas (empty for a bot: ",,")')
    parser.add_argument("--commitment", required=True, help="the SHA-256 shown before the deal (64 hex)")
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat, to show each seat's cards")


def run(args: argparse.Namespace) -> int:
    clients = args.client_seeds.split(",")
    try:
        deck = deal_verify(args.server_seed, clients, args.commitment)
    except FairError as e:
        print(f"refused: {e}", file=sys.stderr)
        return 1
    players = len(clients)
    if not 0 <= args.dealer < players:
        print(f"refused: the dealer must be a seat from 0 to {players - 1}", file=sys.stderr)
        return 1
    print(f"commitment ok: SHA-256 of the server seed is {args.commitment.strip().lower()}")
    print("deck: " + " ".join(C.char(k) for k in deck))
    hands, stock, removed = split_deck(deck, dealer=args.dealer, players=players)
    for seat, hand in enumerate(hands):
        print(f"seat {seat}{' (dealer)' if seat == args.dealer else ''}: {C.fmt(hand) or '-'}")
    print(f"stock: {C.fmt(stock)}")
    if removed:
        print(f"removed: {C.fmt(removed)}")
    return 0

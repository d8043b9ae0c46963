"""Provably fair deals (R2, commit–reveal): the server's seed is fixed and its hash shown before the
players' browsers add their seeds; the deal's seed is derived from both; after the hand the server seed
is revealed, so anyone can re-deal and see the deal was fixed before anyone played.

Written down precisely (the /fair/ page says the same):
- server seed: 128 bits from `secrets`, written as 32 lowercase hex digits;
- commitment: SHA-256 of the server seed's 32 ASCII characters, as 64 lowercase hex digits;
- client seeds: one per seat, in seat order (seat 0 first), each 0–64 lowercase hex digits; a bot or a
  person whose browser sent none has the empty one;
- deal seed: HMAC-SHA-256 with the server seed's ASCII text as the key and the client seeds joined by
  "," as the message; its first 16 bytes read as a big-endian integer (128 bits);
- the deal: the 80 cards in kind order (一…十 then 壹…拾, four of each) shuffled by Python's
  random.Random(deal seed).shuffle; then dealt from the front (deal.deal).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

from .deal import SEED_BITS, shuffled_deck
from .errors import Refusal

SERVER_SEED_HEX = SEED_BITS // 4
CLIENT_SEED_HEX = 64
_HEX = re.compile(r"[0-9a-f]*")


class FairError(Refusal):
    """Seeds or a commitment that cannot be checked, or a commitment the server seed does not match."""

    TEXTS = {
        "server_seed": f"the server seed must be {SERVER_SEED_HEX} hex digits (0-9, a-f)",
        "client_seed": f"client seed {{n}} must be at most {CLIENT_SEED_HEX} hex digits (0-9, a-f)",
        "client_count": "give one client seed per seat (2 to 4, separated by commas), not {count}",
        "commitment": "the commitment must be 64 hex digits (0-9, a-f)",
        "mismatch": "SHA-256 of the server seed is {actual}, not the commitment {commitment}: "
                    "this server seed is not the one committed to",
    }


def server_seed_new() -> str:
    """A fresh secret server seed for one hand (R2: cryptographically secure, 128 bits)."""
    return secrets.token_hex(SEED_BITS // 8)


def commitment_of(server_seed: str) -> str:
    """What the table shows before the deal: SHA-256 of the server seed's text."""
    return hashlib.sha256(server_seed.encode("ascii")).hexdigest()


def client_seed_clean(text: str, n: int = 1) -> str:
    """A client seed as the derivation reads it (lowercase hex, at most 64 digits), or FairError."""
    seed = (text or "").strip().lower()
    if len(seed) > CLIENT_SEED_HEX or not _HEX.fullmatch(seed):
        raise FairError("client_seed", n=n)
    return seed


def deal_seed_of(server_seed: str, client_seeds: Sequence[str]) -> int:
    """The deal's seed: HMAC-SHA-256(key = server seed, message = client seeds in seat order joined by
    ","), first 128 bits, big-endian."""
    mac = hmac.new(server_seed.encode("ascii"), ",".join(client_seeds).encode("ascii"), hashlib.sha256)
    return int.from_bytes(mac.digest()[:SEED_BITS // 8], "big")


def deal_verify(server_seed: str, client_seeds: Sequence[str], promised: str) -> list[int]:
    """Check that the server seed is the one committed to, and return the 80 cards in the order they
    were dealt (FairError when the inputs are malformed or the hash does not match)."""
    seed = (server_seed or "").strip().lower()
    if len(seed) != SERVER_SEED_HEX or not _HEX.fullmatch(seed):
        raise FairError("server_seed")
    if not 2 <= len(client_seeds) <= 4:
        raise FairError("client_count", count=len(client_seeds))
    clients = [client_seed_clean(c, n) for n, c in enumerate(client_seeds, 1)]
    promised = (promised or "").strip().lower()
    if len(promised) != 64 or not _HEX.fullmatch(promised):
        raise FairError("commitment")
    actual = commitment_of(seed)
    if not hmac.compare_digest(actual, promised):
        raise FairError("mismatch", actual=actual, commitment=promised)
    return shuffled_deck(deal_seed_of(seed, clients))

"""What the table shows of its commit–reveal deals (R2; games.rules.fair derives the deal): before and
during a hand only commitments (SHA-256 of a server seed), after the hand its server seed and client
seeds with a link that checks them on /fair/. The server seed of a hand not over never leaves here."""
from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse


def committed(table, hand, playing: bool) -> dict:
    """For the table page (#fair-box): the hand in play's commitment (`playing`) or else the next deal's, and
    always the next deal's as `next` (the page's fair.js sends a client seed for each new one)."""
    now = hand.commitment if playing and hand is not None else ""
    return {"commitment": now or table.next_commitment, "next": table.next_commitment, "playing": bool(now)}


def revealed(hand) -> dict | None:
    """For the result panel and the replay: a finished hand's seeds and the /fair/ link that checks
    them (None while the hand is played, and for hands dealt before commit–reveal)."""
    if hand is None or not hand.finished or not hand.server_seed:
        return None
    query = {"server_seed": hand.server_seed, "client_seeds": ",".join(hand.client_seeds),
             "commitment": hand.commitment, "dealer": hand.dealer}
    return {"server_seed": hand.server_seed, "commitment": hand.commitment,
            "client_seeds": [c or "—" for c in hand.client_seeds],
            "link": reverse("games:fair") + "?" + urlencode(query)}

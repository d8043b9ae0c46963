"""The hand fragment's winning-card hints (听牌提示): the engine's seat_hints as plain data, or None when
the player or the private room switched them off (games.live.fragment_html.hints shows them).

Only the seat's own snapshot goes in, and the engine reads nothing hidden from that seat
(games.rules.seat_hints), so the hints can never leak a card.
"""
from __future__ import annotations

from games.rules import cards as C
from games.rules import seat_hints


def enabled(snap) -> bool:
    """A person's seat at a table that allows hints (a private room's owner may forbid them), when the
    person has not switched them off."""
    seat = snap.seats.get(snap.position)
    return bool(seat and seat.user_id and seat.user.show_hints and snap.table.hints)


def hand_hints(snap) -> dict | None:
    """{"wins": [{card, left, huxi (one figure when every source gives it) or ways [{source, huxi}]}],
    "ready_discards": [card faces]}, or None when there is nothing to show."""
    if snap.state is None or not enabled(snap):
        return None
    found = seat_hints(snap.state, snap.position)
    if found is None or not (found.waits or found.ready_discards):
        return None
    wins = []
    for w in found.waits:
        ways = [{"source": source.value, "huxi": win.huxi} for source, win in w.wins]
        same = len({way["huxi"] for way in ways}) == 1
        wins.append({"card": C.char(w.card), "left": w.left, "huxi": ways[0]["huxi"] if same else None,
                     "ways": [] if same else ways})
    return {"wins": wins, "ready_discards": [C.char(k) for k in sorted(found.ready_discards)]}

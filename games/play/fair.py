"""Commit–reveal deals (R2; the derivation is games.rules.fair): the table holds the next hand's secret
server seed from the moment it exists or deals, and shows only its SHA-256; the seated people's browsers
then send client seeds; the deal takes the client seeds that have arrived by then."""
from __future__ import annotations

from games import reasons
from games.models import Seat
from games.rules import FairError, client_seed_clean, deal_seed_of, server_seed_new
from games.errors import Refused
from games.play.tables import seat_of


def client_seed_set(*, table, user, seed: str) -> None:
    """Keep the seed this person's browser chose for the table's next deal (their own seat only); a
    later one replaces it. Changes nothing anyone sees, so nobody is notified."""
    clean = client_seed_checked(seed)
    mine = seat_of(table, user)
    Seat.objects.filter(pk=mine.pk).update(client_seed=clean)


def client_seed_checked(seed: str) -> str:
    """A browser's client seed as the deal reads it (lowercase hex); a malformed one is refused."""
    try:
        return client_seed_clean(seed)
    except FairError as e:
        raise Refused(reasons.text(e)) from None


def deal_seeds(table, seats) -> dict:
    """The seeds of the hand dealt now (table locked), as Hand fields: the server seed the table had
    committed to, the client seeds in seat order ("" for a bot or a person whose browser sent none) and
    the deal seed derived from them. The table commits to the next hand's server seed at once, and the
    seats' client seeds are spent (each deal needs seeds chosen after its commitment was shown)."""
    by_position = {s.position: s for s in seats}
    clients = [by_position[p].client_seed if p in by_position and by_position[p].user_id else ""
               for p in range(table.player_count)]
    server = table.next_server_seed
    table.next_server_seed = server_seed_new()
    table.save(update_fields=["next_server_seed"])
    Seat.objects.filter(table=table).exclude(client_seed="").update(client_seed="")
    return {"seed": str(deal_seed_of(server, clients)), "server_seed": server, "client_seeds": clients}

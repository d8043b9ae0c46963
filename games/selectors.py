"""Read-side queries and view contexts: the lobby, one seat's view of a table, standings, replays.

Everything a seat is shown comes from games.rules.views (seat_view / event_view): the hidden-information
projection. Functions here return plain data (names, card text, numbers) that the templates render.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from functools import lru_cache
from secrets import compare_digest

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from games import reads
from games.models import ActionLog, Hand, HandAnalysis, RoomTier, Seat, Table, Variant
from games.rules import Event, HandState, Kind, event_view, group_view, public_view, replay
from games.rules import cards as C

LOG_LENGTH = 14  # events shown in a seat's log


# ---------------------------------------------------------------- tables


def current_hand(table, *, lock: bool = False) -> Hand | None:
    """The table's latest hand (`lock`: for update, inside a service's transaction)."""
    hands = Hand.objects.filter(table=table).order_by("-number")
    return (hands.select_for_update() if lock else hands).first()


def coin_variant() -> Variant:
    """The variant coin rooms play (settings.COIN_ROOM_VARIANT, else the first one offered)."""
    return (Variant.objects.filter(slug=settings.COIN_ROOM_VARIANT, active=True).first()
            or Variant.objects.filter(active=True).first())


def player_count_problem(variant: Variant, count: int) -> str | None:
    """R2: why a private room of `variant` cannot seat `count` players (None: it can), for the lobby
    form and the service alike."""
    allowed = variant.to_ruleset().player_counts
    if count in allowed:
        return None
    return _("%(variant)s is played by %(allowed)s players.") % {
        "variant": variant, "allowed": ", ".join(str(n) for n in allowed)}


# ---------------------------------------------------------------- lobby


def lobby_tiers(user) -> list[dict]:
    """R11 tiers with their multiplier, entry coins, people playing, and whether the user may enter."""
    playing = Count("tables__seats", filter=Q(tables__seats__user__isnull=False,
                                               tables__status__in=[Table.Status.WAITING, Table.Status.PLAYING]))
    return [{"tier": tier, "playing": tier.playing,
             "open": tier.admits(user.coins) if user.is_authenticated else False}
            for tier in RoomTier.objects.annotate(playing=playing).order_by("order", "entry_coins")]


def my_tables(user) -> list[Table]:
    """Tables the user sits at that are not over, newest first."""
    if not user.is_authenticated:
        return []
    return list(Table.objects.filter(seats__user=user, status__in=[Table.Status.WAITING, Table.Status.PLAYING])
                .select_related("tier", "variant").order_by("-created_at"))


def table_by_code(code: str) -> Table | None:
    return (Table.objects.filter(invite_code=code.strip().upper(), kind=Table.Kind.PRIVATE)
            .select_related("variant", "owner").first())


def shared_address(table: Table, seats) -> list[list[int]]:
    """Positions of the people at the table who were seated from one IP address, a list per address
    (anti-cheat): every player of a private room is told, and of a coin table whose tier warns (a tier
    that refuses never seats them together). The address itself is never shown."""
    if table.kind == Table.Kind.COIN and table.tier.same_address != RoomTier.SameAddress.WARN:
        return []
    by_address: dict[str, list[int]] = {}
    for seat in seats:
        if seat.address and seat.user_id:
            by_address.setdefault(seat.address, []).append(seat.position)
    return [sorted(positions) for positions in by_address.values() if len(positions) > 1]


def seat_position(table_id: int, user) -> int | None:
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(table_id=table_id, user=user).values_list("position", flat=True).first()


# ---------------------------------------------------------------- spectators

NOW_PLAYING = 10  # coin tables the lobby offers to watch


def watchable(table: Table, seats) -> bool:
    """Spectators may watch the table now: a private room whose owner let friends watch, a coin table
    unless a person at it turned watching off in their settings."""
    if table.kind == Table.Kind.PRIVATE:
        return table.watchable
    return all(s.user.may_be_watched for s in seats if s.user_id)


def may_watch(table: Table, seats, code: str | None) -> bool:
    """This visitor may watch: the table is watchable and, for a private room, they came by its invite
    link (they know its code)."""
    if not watchable(table, seats):
        return False
    return table.kind == Table.Kind.COIN or compare_digest((code or "").strip().upper(), table.invite_code)


def now_playing() -> list[dict]:
    """The lobby's "now playing": coin tables in play that nobody at them asked not to be watched."""
    tables = (Table.objects.filter(kind=Table.Kind.COIN, status=Table.Status.PLAYING)
              .exclude(seats__user__may_be_watched=False).select_related("tier", "variant")
              .prefetch_related("seats__user").order_by("-created_at")[:NOW_PLAYING])
    return [{"table": t, "names": [seat_name(s) for s in sorted(t.seats.all(), key=lambda s: s.position)]}
            for t in tables]


# ---------------------------------------------------------------- one seat's view of a table


def bot_name(position: int) -> str:
    return _("Bot %(number)s") % {"number": position + 1}


def bot_seat_name(seat: Seat) -> str:
    """A seated bot's name with its level (the lobby, the table, a club's tables)."""
    return _("Bot %(number)s (%(level)s)") % {"number": seat.position + 1, "level": seat.get_bot_level_display()}


def hand_seat_names(hand: Hand) -> list[str]:
    """Who sat where in a hand, a display name per seat (a bot's by its position)."""
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=[u for u in hand.seating if u])}
    return [str(users[u].display_name) if u in users else bot_name(p) for p, u in enumerate(hand.seating)]


def revealed_hand_names(server_seed: str, client_seeds: list[str]) -> list[str] | None:
    """The seat names of the finished hand dealt from these seeds (its server seed revealed), for the
    fair check; None when no finished hand here was."""
    hand = (Hand.objects.filter(server_seed=server_seed.strip().lower(), finished_at__isnull=False)
            .only("seating", "client_seeds").first())
    if hand is None or hand.client_seeds != [c.strip().lower() for c in client_seeds] or len(hand.seating) != len(client_seeds):
        return None
    return hand_seat_names(hand)


def seat_name(seat: Seat | None) -> str:
    if seat is None:
        return _("empty seat")
    return bot_seat_name(seat) if seat.is_bot else str(seat.user.display_name)


@dataclass
class Snapshot:
    """Everything one seat's fragments are rendered from, read in one go (inside a sync function)."""

    table: Table
    seats: dict[int, Seat]
    position: int
    hand: Hand | None
    state: HandState | None
    view: dict | None
    totals: dict[int, int] = field(default_factory=dict)  # private rooms: points so far per seat
    origin: str = ""  # scheme://host, for the share link
    previous_multiplier: int | None = None  # coin rooms: the multiplier of the table's hand before
    version: int = 0  # the table's version this snapshot shows
    due: object = None  # when the table's next automatic step is due
    shared: dict = field(default_factory=dict)  # fragments every viewer sees alike (games.live.fragments.build)

    @property
    def multiplier_was(self) -> int | None:
        """R11 floating rooms: the last hand's multiplier when this hand's differs (it is announced)."""
        if self.hand is None or self.previous_multiplier in (None, self.hand.multiplier):
            return None
        return self.previous_multiplier

    @property
    def watching(self) -> bool:
        """A spectator's snapshot: the public view, no seat of its own."""
        return self.position is None

    def name(self, position: int | None) -> str:
        return seat_name(self.seats.get(position)) if position is not None else ""


def snapshot(table_id: int, position: int | None, origin: str = "", version: int | None = None,
             move_no: int | None = None) -> Snapshot:
    """One seat's snapshot (position None: a spectator's) from this process's read of the table
    (games.reads): `version` is the one a change announced (None: read anew), `move_no` a private
    step's (see reads.table_read)."""
    read = reads.table_read(table_id, version, move_no)
    return Snapshot(read.table, read.seats, position, read.hand, read.state, read.view(position), read.totals,
                    origin, read.previous_multiplier, read.version, read.due, read.shared)


def visible_huxi(rules, groups: list[dict]) -> tuple[int, int]:
    """(hu-xi of the table groups whose card can be seen, how many lie entirely face down) — R3, R4."""
    seen = tuple((g["kind"], g["cards"]) for g in groups if g["cards"])
    return _seen_huxi(rules.huxi, seen), len(groups) - len(seen)


@lru_cache(maxsize=4096)  # a seat's groups change on its own moves; every seat is shown on every move
def _seen_huxi(huxi, seen: tuple[tuple[str, str], ...]) -> int:
    return sum(huxi.huxi(Kind(kind), tuple(C.parse(cards))) for kind, cards in seen)


def seat_events(hand: Hand | None, position: int | None, limit: int | None = LOG_LENGTH,
                since: int = 0) -> list[dict]:
    """The hand's events as this seat saw them (event_view), the latest last: the last `limit`, or
    (limit None) all from the `since`-th on."""
    if hand is None:
        return []
    rows = hand.events[-limit:] if limit else hand.events[since:]
    return [{"n": row["n"], **event_view(Event(row["seat"], row["move"], tuple(C.parse(row["cards"]))), position)}
            for row in rows]


# ---------------------------------------------------------------- series and history


def standings(table: Table) -> list[dict]:
    """A private room's totals per seat (R11: points), best first, with each hand's changes."""
    seats = {s.position: s for s in Seat.objects.filter(table=table).select_related("user")}
    hands = list(Hand.objects.filter(table=table, scores__isnull=False).order_by("number"))
    rows = []
    for position, seat in seats.items():
        changes = [h.scores[position] for h in hands]
        rows.append({"name": seat_name(seat), "changes": changes, "total": sum(changes)})
    return sorted(rows, key=lambda r: -r["total"])


def hand_points(user, hands) -> dict[int, int]:
    """Points or coins each hand moved for the user (Hand.scores at the user's seat in that hand)."""
    return {h.pk: h.scores[h.seating.index(user.pk)] for h in hands
            if h.scores is not None and user.pk in h.seating}


def replay_insider(user, hand: Hand) -> bool:
    """The hand's players and admins: they may always see its replay."""
    return user.is_authenticated and (user.is_staff or hand.players.filter(pk=user.pk).exists())


def replay_private_to(hand: Hand, besides=None) -> list[str]:
    """The display names of the people at the hand (but `besides`) who keep its replay private: they
    neither allowed public replays in their settings nor shared this hand (bots have no say)."""
    people = hand.players.filter(public_replays=False).exclude(shared_hands=hand)
    if besides is not None:
        people = people.exclude(pk=besides.pk)
    return [str(u.display_name) for u in people]


def replay_public(hand: Hand) -> bool:
    """Every person at the hand allowed public replays in their settings or shared this one."""
    return not hand.players.filter(public_replays=False).exclude(shared_hands=hand).exists()


def may_replay(user, hand: Hand) -> bool:
    """Replays show every hand: its players and admins may see them, anyone when the replay is public."""
    return replay_insider(user, hand) or replay_public(hand)


def replay_states(hand: Hand) -> list[tuple[dict | None, HandState]]:
    """The hand re-played from its seed and action log with the engine: (action row, state) per step."""
    dealt = HandState.from_json(hand.state)  # the rules the hand was dealt with, held or not
    rows = list(ActionLog.objects.filter(hand=hand).order_by("move_no"))
    states = replay(dealt.rules, int(hand.seed), hand.dealer, hand.table.player_count,
                    [(row.seat, row.action) for row in rows], steps=True, held=dealt.held).states
    moves = [{"seat": row.seat, "verb": row.action[0], "groups": row.action[1:], "move_no": row.move_no}
             for row in rows]
    return list(zip([None, *moves], states))


def analysis_context(hand: Hand) -> dict:
    """The replay's analysis box: none asked for yet, its progress, or per decision who decided, the
    move played and the hard bot's (as verb and cards), and the estimates of the seat's expected score
    before and after the move played (games.bots.analyse)."""
    analysis = HandAnalysis.objects.filter(hand=hand).first()
    if analysis is None or analysis.status != HandAnalysis.Status.DONE:
        return {"hand": hand, "analysis": analysis, "analysis_rows": []}
    names = hand_seat_names(hand)
    rows = [{**m, "name": names[m["seat"]], "played": _move_words(m["played"]), "hard": _move_words(m["hard"]),
             "same": m["played"] == m["hard"]} for m in analysis.moves]
    return {"hand": hand, "analysis": analysis, "analysis_rows": rows}


def _move_words(text: str) -> dict:
    verb, *cards = text.split()
    return {"verb": verb, "cards": "".join(cards)}


def replay_lines(hand: Hand, steps: list, names: list[str]) -> list[list[dict]]:
    """What happened at each step, with its cards: the events of that move (a peng shows its three
    cards, a chi its bi), led by the move itself when it made no event of its own (a pass). A held
    hand's releases are not logged: their events (the next draw, a take) show with the move before."""
    starts = [row["move_no"] if row else 0 for row, _state in steps]
    lines: list[list[dict]] = [[] for _ in steps]
    for e in hand.events:
        lines[max(0, bisect.bisect_right(starts, e["n"]) - 1)].append(
            {"who": names[e["seat"]] if e["seat"] is not None else "", "move": e["move"], "cards": e["cards"],
             "n": e["n"]})
    for i, (row, _state) in enumerate(steps):
        if row and not any(e["who"] == names[row["seat"]] for e in lines[i]):
            lines[i].insert(0, {"who": names[row["seat"]], "move": row["verb"], "cards": "".join(row["groups"]),
                                "n": row["move_no"]})
    return lines


def replay_context(hand: Hand, step, insider: bool = True) -> dict:
    """One step of the replay: every seat's hand and groups in full, what happened at each step (for
    the move list), the step's own line. `insider` (a player, an admin): the room's invite code is
    shown; a shared replay shows the players' display names and the cards, nothing else of theirs."""
    steps = replay_states(hand)
    try:
        i = min(max(int(step or 0), 0), len(steps) - 1)
    except ValueError:
        i = 0
    _row, state = steps[i]
    view = public_view(state)
    names = hand_seat_names(hand)
    seats = [{"name": names[p], "dealer": p == state.dealer, "turn": state.turn == p,
              "hand": C.fmt(C.from_counts(state.hands[p])),
              "groups": [group_view(g, True) for g in state.tables[p]],
              "pile": view["piles"][p], "huxi": state.table_huxi(p)} for p in range(state.players)]
    lines = replay_lines(hand, steps, names)
    room = (hand.table.tier.shown if hand.table.tier_id
            else hand.table.invite_code if insider else None)  # None: "a private room"
    return {"hand": hand, "room": room, "step": i, "last": len(steps) - 1, "seats": seats, "view": view,
            "line": lines[i], "moves": list(enumerate(lines)),
            "result": state.result and {**state.result, "winner_name": names[state.result["winner"]]
                                        if state.result.get("winner") is not None else ""}}

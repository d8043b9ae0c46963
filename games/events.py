"""Channel-layer events as data, each with its audience (docs/protocol.md#channel-layer-events-and-groups).

Every event a table's sockets hear is a frozen dataclass here: its channel-layer `type`, its few numbers
(never HTML or cards: docs/design.md#hidden-cards-never-leave-their-seat) and who may see it — one seat,
the players, or everyone (spectators too). A socket whose audience an event leaves out does nothing for
it: no read, no render (games.live.consumers). `message` and `parse` are the one place an event becomes
the layer's dict and back; a message that does not fit is dropped and logged once per type and process.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, fields
from typing import ClassVar

logger = logging.getLogger("paohuzi.events")


@dataclass(frozen=True)
class Audience:
    """Who may see an event: `seat` alone, or every seat (`players`), and spectators or not."""
    players: bool = True
    spectators: bool = True
    seat: int | None = None

    def includes(self, position: int | None) -> bool:
        """Whether a socket at `position` (None: a spectator's) may see the event."""
        if position is None:
            return self.spectators
        return self.players or position == self.seat


EVERYONE = Audience()
PLAYERS = Audience(spectators=False)


def one_seat(position: int) -> Audience:
    return Audience(players=False, spectators=False, seat=position)


@dataclass(frozen=True)
class TableChanged:
    """The table is at `version` now (a new version: every page at the table shows it)."""
    TYPE: ClassVar[str] = "table.changed"
    version: int

    @property
    def audience(self) -> Audience:
        return EVERYONE


@dataclass(frozen=True)
class TablePrivate:
    """A private step of a held claim window (R3, R7 claim privacy): the hand at move `move_no` within
    `version`, which counts no new version. Only `seat`'s view changed (None: a release, after which
    each seat checks its own view); spectators' public view never does."""
    TYPE: ClassVar[str] = "table.private"
    version: int
    move_no: int
    seat: int | None

    @property
    def audience(self) -> Audience:
        return PLAYERS if self.seat is None else one_seat(self.seat)


@dataclass(frozen=True)
class WatchersChanged:
    """The table's spectator count (games.live.spectator_count)."""
    TYPE: ClassVar[str] = "watchers.changed"
    count: int

    @property
    def audience(self) -> Audience:
        return EVERYONE


@dataclass(frozen=True)
class TableChat:
    """A seat said a quick-chat phrase (games.live.chat): its id only, never text; no version, as a say
    is no change of the table."""
    TYPE: ClassVar[str] = "table.chat"
    seat: int
    phrase: str

    @property
    def audience(self) -> Audience:
        return EVERYONE


@dataclass(frozen=True)
class UserChanged:
    """The user's account (coins) changed: sent to the group `user.<id>`, their own sockets only."""
    TYPE: ClassVar[str] = "user.changed"


@dataclass(frozen=True)
class SocketPushedOut:
    """A newer socket of the same user at the table pushed this one past the cap: sent to its channel."""
    TYPE: ClassVar[str] = "socket.pushed_out"


Event = TableChanged | TablePrivate | WatchersChanged | TableChat | UserChanged | SocketPushedOut
KINDS: dict[str, type] = {k.TYPE: k for k in (TableChanged, TablePrivate, WatchersChanged, TableChat, UserChanged,
                                              SocketPushedOut)}
_FIELD_TYPES = {"int": (int,), "int | None": (int, type(None)), "str": (str,)}
MAX_TEXT = 40  # a str field is an id (a quick-chat phrase's), never text


def register(kind: type) -> type:
    """Another app's event (clubs.live_events): a frozen dataclass with its TYPE, parsed as ours are.
    Used as a class decorator; the app's module is imported at start-up (its AppConfig.ready)."""
    KINDS[kind.TYPE] = kind
    return kind


def message(event: Event) -> dict:
    """The event as the channel layer carries it (its `type` picks the consumer's handler)."""
    return {"type": event.TYPE, **{f.name: getattr(event, f.name) for f in fields(event)}}


def parse(msg: dict) -> Event | None:
    """The event a layer message holds; None (logged once per type and process) when it is no event
    of ours or does not fit: an unknown type, a field missing or of another type. Keys the layer may
    add besides are ignored."""
    name = str(msg.get("type"))[:40] if isinstance(msg, dict) else type(msg).__name__
    kind = KINDS.get(name) if isinstance(msg, dict) and isinstance(msg.get("type"), str) else None
    if kind is not None:
        values = {f.name: msg.get(f.name) for f in fields(kind)}
        if all(f.name in msg and _fits(values[f.name], f.type) for f in fields(kind)):
            return kind(**values)
    if name not in _LOGGED:
        _LOGGED.add(name)
        logger.warning("a malformed channel-layer message was dropped: %.200r", msg)
    return None


_LOGGED: set = set()  # the types already logged as malformed


def _fits(value, annotation: str) -> bool:
    if isinstance(value, str):
        return annotation == "str" and len(value) <= MAX_TEXT
    return isinstance(value, _FIELD_TYPES[annotation]) and not isinstance(value, bool)

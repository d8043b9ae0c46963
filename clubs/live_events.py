"""The club lobby's channel-layer events, typed as the table's are (games.events, registered there so
sockets parse them), and sent after commit (games.notify) to the club's group `club.<id>`: a change of
what the lobby shows (`ClubChanged`: the club edited, a rule set, a table opened, a seat taken or left,
a deal, a series ended, a member online or offline), a member removed or gone (`ClubMemberGone`: that
person's sockets close at once), the club dissolved or disabled (`ClubClosed`: every socket closes).
Events carry numbers only; each process reads and renders a change once (clubs.live.fanout).

A club table's change reaches here through games.room_hooks (registered in clubs.apps), so games
never imports clubs: which club a private room belongs to is looked up once per process and kept.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import ClassVar

from games import events, notify, room_hooks
from clubs.models import ClubTable


@events.register
@dataclass(frozen=True)
class ClubChanged:
    """What the club's lobby shows changed; `serial` tells one change from another (a process renders
    each once, however many of its sockets hear it)."""
    TYPE: ClassVar[str] = "club.changed"
    club_id: int
    serial: int


@events.register
@dataclass(frozen=True)
class ClubMemberGone:
    """The person is no longer a member (removed, or left): their sockets on the lobby close now."""
    TYPE: ClassVar[str] = "club.member_gone"
    user_id: int


@events.register
@dataclass(frozen=True)
class ClubClosed:
    """The club was dissolved by its owner or disabled by the site's admin: every socket closes."""
    TYPE: ClassVar[str] = "club.closed"


def group(club_id: int) -> str:
    return f"club.{club_id}"


def change(club_id: int) -> ClubChanged:
    return ClubChanged(club_id, secrets.randbits(62))


def changed(club_id: int, *, after_commit: bool = True) -> None:
    """The lobby's content changed (in this transaction, or now when `after_commit` is False)."""
    notify.group_send(group(club_id), change(club_id), after_commit=after_commit)


def member_gone(club_id: int, user_id: int) -> None:
    notify.group_send(group(club_id), ClubMemberGone(user_id))
    changed(club_id)  # the members online


def closed(club_id: int) -> None:
    notify.group_send(group(club_id), ClubClosed())


CLUB_OF = room_hooks.OwnerOf(
    lambda table_id: ClubTable.objects.filter(table_id=table_id).values_list("club_id", flat=True).first())
_CLUB_OF = CLUB_OF.known  # a private room's club (None: not a club's), as this process learnt it
forget = CLUB_OF.forget  # tests: table ids are reused from one test to the next


def club_table_opened(table_id: int, club_id: int) -> None:
    """A tap opened a club table: its club is known without a read."""
    CLUB_OF.note(table_id, club_id)


def table_changed(table_id: int, version: int) -> None:
    """games.room_hooks: a private room changed (committed). A club's table tells its lobby."""
    club_id = CLUB_OF(table_id)
    if club_id is not None:
        changed(club_id, after_commit=False)

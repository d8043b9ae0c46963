"""What a table page may send over its websocket (docs/design.md#every-message-is-validated-before-use).

One schema (pydantic) for every message, checked before anything else: at most MAX_CHARS characters,
JSON without NaN/Infinity, an object whose op is one of OPS, a move number that is a bounded whole
number, an action of at most a few words (the engine's parser reads the words themselves), a client
seed of at most 64 hex digits (R2, fair deals), a quick-chat phrase that is one of the table's
(games.live.chat.IDS: never free text), the version a page shows (`since`, for sync). Whatever else
the htmx ws extension adds (HEADERS) is
ignored. Anything else is a BadMessage: the consumer answers it calmly and keeps the socket open.
"""
from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from games.live.chat import IDS as PHRASES

MAX_CHARS = 4096  # a move is ~300 characters with the extension's headers
# Daphne's own limit for one incoming websocket message or frame (bin/serve passes it): MAX_CHARS characters
# take at most 4 bytes each in UTF-8. A longer one is dropped by Daphne before it is read into memory
# (its default is 1 MiB), the socket closed with it; no page of the site ever sends one.
FRAME_BYTES = 4 * MAX_CHARS
OPS = ("act", "sync", "autoplay_on", "autoplay_off", "next", "bots", "dissolve_yes", "dissolve_no", "seed", "chat")
MAX_MOVE_NO = 10_000  # a hand has at most a few hundred moves
MAX_VERSION = 2 ** 63 - 1  # a table's version the database can hold


class BadMessage(ValueError):
    """Not a message the table understands."""


class TableMessage(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    op: Literal[OPS] = "act"
    action: str = Field("", max_length=80)
    move_no: int | None = Field(None, ge=0, le=MAX_MOVE_NO)
    seed: str = Field("", max_length=64, pattern="^[0-9a-fA-F]*$")
    phrase: Literal[PHRASES] | None = None
    since: int | None = Field(None, ge=0, le=MAX_VERSION)  # sync: the version the page shows (games.live.history)

    def wire(self) -> dict:
        """The move as games.play.action_submit reads it."""
        return {"action": self.action, "move_no": self.move_no}


def parse(text: str | None) -> TableMessage:
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise BadMessage("too long, or not text")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # RecursionError: nested too deep to read
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict):
        raise BadMessage("not an object")
    try:
        msg = TableMessage.model_validate(data)
    except ValidationError:
        raise BadMessage("does not fit the schema") from None
    if msg.op == "chat" and msg.phrase is None:
        raise BadMessage("a chat without its phrase")
    return msg


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a page sends")

"""The floor of bench/load.py: the least a move over a websocket can cost on this stack.

An ASGI app of the benchmark (not of the site): `/ws/floor/<table>/` goes to a bare Channels consumer,
everything else to the site's own application, so the floor runs in the SAME Daphne process, on the same
channel layer and database as the project. Per message the floor does what any move must do at least:
one small database write (an UPDATE of one row of `bench_floor`, a table of the benchmark's own) through
database_sync_to_async, then one fixed 2 KB fragment to the group of the table's sockets through the
channel layer.

    daphne bench.floor:application          (bench/load.py starts it)
    python bench/floor.py prepare N         create bench_floor with rows 0..N-1 (after migrate)
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paohuzi_site.settings.dev")

FRAGMENT_BYTES = 2048


def _fragment() -> str:
    """A fixed oob fragment of exactly FRAGMENT_BYTES bytes, shaped like the site's (a root with an id)."""
    head, tail = '<section id="floor" hx-swap-oob="true"><div class="pile">', "</div></section>"
    return head + "x" * (FRAGMENT_BYTES - len(head) - len(tail)) + tail


FRAGMENT = _fragment()


def prepare(tables: int) -> None:
    """The floor's own table, one row per bench table (run once, before the servers start)."""
    import django
    django.setup()
    from django.db import connection, transaction
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS bench_floor")
        cursor.execute("CREATE TABLE bench_floor (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
        cursor.executemany("INSERT INTO bench_floor (id, n) VALUES (%s, 0)", [(t,) for t in range(tables)])


def _bump(table: int) -> None:
    from django.db import connection
    with connection.cursor() as cursor:
        cursor.execute("UPDATE bench_floor SET n = n + 1 WHERE id = %s", [table])


def _application():
    """The site's application, with the floor's route in front of it."""
    from paohuzi_site.asgi import application as site  # noqa: I001 - first: it sets Django up
    from channels.db import database_sync_to_async
    from channels.generic.websocket import AsyncWebsocketConsumer
    from channels.routing import URLRouter
    from django.urls import path

    class FloorConsumer(AsyncWebsocketConsumer):
        """Bare: no session, no origin check, no rendering; one write and one broadcast per message."""

        async def connect(self):
            self.table = self.scope["url_route"]["kwargs"]["table"]
            self.group = f"floor.{self.table}"
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self.accept()

        async def disconnect(self, code):
            await self.channel_layer.group_discard(self.group, self.channel_name)

        async def receive(self, text_data=None, bytes_data=None):
            json.loads(text_data or "{}")  # read the message as the site would
            await database_sync_to_async(_bump)(self.table)
            await self.channel_layer.group_send(self.group, {"type": "floor.frame", "html": FRAGMENT})

        async def floor_frame(self, event):
            await self.send(text_data=event["html"])

    floor = URLRouter([path("ws/floor/<int:table>/", FloorConsumer.as_asgi())])

    async def application(scope, receive, send):
        if scope["type"] == "websocket" and scope["path"].startswith("/ws/floor/"):
            return await floor(scope, receive, send)
        return await site(scope, receive, send)

    return application


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "prepare":
        sys.exit("usage: python bench/floor.py prepare N")
    prepare(int(sys.argv[2]))
else:
    application = _application()

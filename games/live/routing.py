"""Websocket routes, mounted by paohuzi_site/asgi.py."""
from django.urls import path

from paohuzi_site import ids  # noqa: F401 - the <id:…> converter

from games.live.consumers import TableConsumer
from games.live.spectators import SpectatorConsumer

websocket_urlpatterns = [
    path("ws/table/<id:table_id>/", TableConsumer.as_asgi()),
    path("ws/watch/<id:table_id>/", SpectatorConsumer.as_asgi()),
]

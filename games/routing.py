"""Websocket routes, mounted by paohuzi_site/asgi.py."""
from django.urls import path

from .consumers import TableConsumer
from .spectators import SpectatorConsumer

websocket_urlpatterns = [
    path("ws/table/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/watch/<int:table_id>/", SpectatorConsumer.as_asgi()),
]

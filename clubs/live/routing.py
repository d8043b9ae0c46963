"""The club lobby's websocket route, mounted by paohuzi_site/asgi.py (games never imports clubs)."""
from django.urls import path

from clubs.live.consumers import ClubConsumer

websocket_urlpatterns = [
    path("ws/clubs/<str:number>/", ClubConsumer.as_asgi()),
]

"""Websocket routes, mounted by paohuzi_site/asgi.py. The real-time issue adds the table consumer."""
websocket_urlpatterns: list = []

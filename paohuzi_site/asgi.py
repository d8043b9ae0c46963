"""ASGI entry point for Daphne: HTTP through Django, websockets through Channels.

`get_asgi_application()` runs first: it sets Django up before any consumer (and its models) is imported.
Each websocket's end is counted for the process's garbage collection (paohuzi_site/socket_gc.py).
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "paohuzi_site.settings.dev")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from clubs.live.routing import websocket_urlpatterns as club_routes  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from tournaments.live import websocket_urlpatterns as tournament_sockets  # noqa: E402
from paohuzi_site import server_process, socket_gc  # noqa: E402
from paohuzi_site.websocket import AllowedHostsOriginValidator, not_found_route  # noqa: E402

sockets = URLRouter([*websocket_urlpatterns, *club_routes, *tournament_sockets, not_found_route()])
application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": socket_gc.collecting(AllowedHostsOriginValidator(AuthMiddlewareStack(sockets))),
})
server_process.set_up()

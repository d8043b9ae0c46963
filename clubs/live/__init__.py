"""The club lobby live (/ws/clubs/<number>/): its socket (consumers), the members online (presence, in
the cache so every process sees them), one read and one render of a change for all of a process's
sockets at the club (fanout), and the route (routing, mounted by paohuzi_site/asgi.py).

In the live layer (tests/test_import_boundaries.py): it builds on games.live's socket base and limits,
and reads clubs' selectors; the clubs services below it only send events (clubs.live_events).
May import: games.live (sockets, socket_limits), games.events, clubs' models, selectors and live_events.
Nothing below imports it; the site's ASGI app mounts its route.
"""

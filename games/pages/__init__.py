"""Pages: the lobby, tables, replays and standings (views, forms, urls), the how-to, the calculator and
its form (holdings_form, also the admin's try box), the fair-deal check (fair_views), the lobby's list
of tables playing now (now_playing).

May import anything below: games.live (a page's first frame is the socket's), games.clock, games.rooms,
games.play, money, the game data, accounts.throttles and the engine's public API.
"""

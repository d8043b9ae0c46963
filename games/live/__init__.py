"""Live play: what every live socket shares (sockets: the club lobby's too, clubs.live), the table's
websocket (consumers) and the spectators' (spectators), the sockets of this process per table (registry),
one render of a change for all of them (fanout), what each audience was sent at each recent version
(history), the frames they are sent (fragments, fragment_html), the message schema (messages) and limits
(socket_limits, spectator_count), and the websocket routes (routing).

May import: games.clock, games.rooms, games.play, money, the game data and the engine's public API.
Never games.pages. Nothing below imports this package.
"""

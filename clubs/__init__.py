"""Clubs (亲友圈): a circle of regulars with its own rule sets, members and roles, join requests, and
club tables (private rooms tied to a club through ClubTable, so games stays unaware of clubs). Points,
never coins: a club table is a private room (R11).

Layer: above games.rooms (a club's one tap opens or joins a private room through its services), below
the pages. May import: games.rooms, games.play's reads through games.selectors, the game data, accounts'
models and throttles. Never games.live, games.clock's tick or games.pages; clubs' own views, forms,
urls and admin are the pages layer and may import the rest of clubs. Never tournaments (a layer
above: a club's tournament is tournaments' with its plan's club); the club lobby's live part and pages
show the club's tournaments (tournaments.selectors.club_list) from above both.
"""

"""What the services refuse: the player is shown the message (already in the page's language)."""


class Refused(Exception):
    """A request the table does not accept; the message is shown to the player."""


class Stale(Refused):
    """A move for a decision that is already over (a repeated or late click): nothing changes."""

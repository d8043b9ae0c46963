"""Why seeds or a commitment cannot be checked (games.rules FairError codes), for the /fair/ page and
the table's seed message. Keyed by (class name, code); the placeholders are the refusal's params."""
from django.utils.translation import gettext_lazy as _

MESSAGES = {
    ("FairError", "server_seed"): _("The server seed must be 32 hexadecimal digits (0–9, a–f)."),
    ("FairError", "client_seed"): _("Client seed %(n)s must be at most 64 hexadecimal digits (0–9, a–f)."),
    ("FairError", "client_count"): _("Give one client seed per seat, 2 to 4 separated by commas (a bot's is "
                                     "empty), not %(count)s."),
    ("FairError", "commitment"): _("The commitment must be 64 hexadecimal digits (0–9, a–f)."),
    ("FairError", "mismatch"): _("SHA-256 of this server seed is %(actual)s, not the commitment %(commitment)s: "
                                 "it is not the seed the table committed to."),
}

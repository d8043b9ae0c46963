"""Channels' AllowedHostsOriginValidator, logging each refusal (Channels refuses silently)."""
import logging

from channels.security.websocket import AllowedHostsOriginValidator as ChannelsValidator
from channels.security.websocket import OriginValidator

logger = logging.getLogger("paohuzi.websocket")


class LoggedOriginValidator(OriginValidator):
    def valid_origin(self, parsed_origin) -> bool:
        ok = super().valid_origin(parsed_origin)
        if not ok:
            logger.warning("websocket refused: origin %s is not an allowed host",
                           parsed_origin.geturl() if parsed_origin else None)
        return ok


def AllowedHostsOriginValidator(application):  # noqa: N802 - same name as the one it stands in for
    """Accept a websocket only from an origin in ALLOWED_HOSTS (as Channels does), and log refusals."""
    return LoggedOriginValidator(application, ChannelsValidator(application).allowed_origins)

"""Why a move is refused (games.rules IllegalAction and InvalidAction codes), for players."""
from django.utils.translation import gettext_lazy as _

MESSAGES = {}

"""Why a rule set, a scoring request or a win is refused (RuleSetError, BadInput, NoWin), for the admin."""
from django.utils.translation import gettext_lazy as _

MESSAGES = {}

"""The site's own User, from day one: coins, level, experience, guest accounts."""
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

# Experience needed for each level grows by this much: level 2 at 100, 3 at 300, 4 at 600, …
LEVEL_STEP = 100


def level_for(experience: int) -> int:
    """Level n is reached at LEVEL_STEP × n(n−1)/2 experience (R11 gives experience per hand)."""
    level = 1
    while experience >= LEVEL_STEP * level * (level + 1) // 2:
        level += 1
    return level


class User(AbstractUser):
    # A cached copy of the ledger balance: only games.services.ledger_settle changes it, in the
    # same transaction as the ledger rows it sums (LedgerEntry.objects.balance_of is the truth).
    coins = models.BigIntegerField(_("coins"), default=0, editable=False)
    level = models.PositiveIntegerField(_("level"), default=1)
    experience = models.PositiveIntegerField(_("experience"), default=0)
    is_guest = models.BooleanField(
        _("guest"), default=False,
        help_text=_("Created by one-click guest play; the player may claim it with a username and password."))
    show_hints = models.BooleanField(
        _("winning-card hints"), default=True,
        help_text=_("Show which cards would win when the hand is one card from a win."))

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        verbose_name = _("user")
        verbose_name_plural = _("users")

    @property
    def display_name(self) -> str:
        return _("Guest %(number)s") % {"number": self.pk} if self.is_guest else self.username

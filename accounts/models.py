"""The site's own User, from day one: its name, password and settings, guest accounts; and the coins,
level and experience money keeps on the row (money.ledger, money.progress)."""
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    # A cached copy of the ledger balance: only money.ledger.ledger_settle changes it, in the
    # same transaction as the ledger rows it sums (LedgerEntry.objects.balance_of is the truth).
    coins = models.BigIntegerField(_("coins"), default=0, editable=False)
    level = models.PositiveIntegerField(_("level"), default=1)
    experience = models.PositiveIntegerField(_("experience"), default=0)
    is_guest = models.BooleanField(
        _("guest"), default=False,
        help_text=_("Created by one-click guest play; the player may claim it with a username and password."))
    public_replays = models.BooleanField(
        _("public replays"), default=False,
        help_text=_("Anyone may see the replays of hands in which every player allowed it."))
    may_be_watched = models.BooleanField(
        _("may be watched"), default=True,
        help_text=_("Spectators may watch the coin tables this player sits at."))
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

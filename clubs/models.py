"""Clubs, their rule sets (玩法), members with roles, join requests, and the club's tables."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Table, Variant


class Club(models.Model):
    number = models.CharField(_("club number"), max_length=6, unique=True)
    name = models.CharField(_("name"), max_length=30)
    announcement = models.TextField(_("announcement"), max_length=500, blank=True)
    needs_approval = models.BooleanField(_("joining needs approval"), default=True)
    capacity = models.PositiveIntegerField(_("capacity"), default=500)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="clubs_owned",
                              verbose_name=_("owner"))
    disabled = models.BooleanField(_("disabled"), default=False,
                                   help_text=_("A disabled club opens no tables and shows no page."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"


class ClubRuleSet(models.Model):
    """One of a club's rule sets (玩法): the private room's options, fixed for every table of the set."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="rule_sets", verbose_name=_("club"))
    variant = models.ForeignKey(Variant, models.PROTECT, related_name="+", verbose_name=_("variant"))
    planned_hands = models.PositiveSmallIntegerField(_("hands"), default=8)
    player_count = models.PositiveSmallIntegerField(_("players"), default=3)
    watchable = models.BooleanField(_("friends may watch"), default=False)
    hints = models.BooleanField(_("winning-card hints"), default=True)
    options = models.JSONField(_("room options"), default=dict, blank=True,
                               help_text=_("The room options every table of the set plays (games.room_options)."))

    class Meta:
        ordering = ["id"]
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")

    def __str__(self) -> str:
        return f"{self.variant} · {self.planned_hands} · {self.player_count}"


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", _("owner")
        MANAGER = "manager", _("manager")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships", verbose_name=_("club"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="club_memberships",
                             verbose_name=_("member"))
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_once")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} · {self.club}"

    @property
    def manages(self) -> bool:
        return self.role in (self.Role.OWNER, self.Role.MANAGER)


class JoinRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        APPROVED = "approved", _("approved")
        REFUSED = "refused", _("refused")

    club = models.ForeignKey(Club, models.CASCADE, related_name="join_requests", verbose_name=_("club"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="club_requests",
                             verbose_name=_("person"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("decided by"))

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], condition=Q(status="pending"),
                                               name="join_request_pending_once")]
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")

    def __str__(self) -> str:
        return f"{self.user} → {self.club}"


class ClubTable(models.Model):
    """A private room opened at a club, with the rule set it plays: the link lives here, so games.Table
    knows nothing of clubs (imports go down the layers only)."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="tables", verbose_name=_("club"))
    table = models.OneToOneField(Table, models.CASCADE, related_name="club_link", verbose_name=_("table"))
    rule_set = models.ForeignKey(ClubRuleSet, models.SET_NULL, null=True, related_name="tables",
                                 verbose_name=_("rule set"))

    class Meta:
        ordering = ["-table__created_at"]
        verbose_name = _("club table")
        verbose_name_plural = _("club tables")

    def __str__(self) -> str:
        return f"{self.club} · {self.table_id}"

"""Money's records (docs/design.md#money-is-a-ledger): the coin ledger, and the economy around it — the level
table, the daily sign-in and its bonuses, daily tasks and each player's count, admin grants of coins.

They moved here from games and accounts with their rows: each keeps its table's old name (db_table),
so the move changed no table (migrations money.0001, games.0016, accounts.0006).
"""
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _, ngettext

from games.models import AppendOnly, Hand
from games.pattern_names import shown_pattern
from games.selectors import coin_variant
from paohuzi_site.names import ShownName, name_en_field


def hex_colour(value: str) -> None:
    if value and not (len(value) == 7 and value[0] == "#"
                      and all(c in "0123456789abcdefABCDEF" for c in value[1:])):
        raise ValidationError(_("A colour is written #rrggbb, e.g. #b8860b."))


class Level(ShownName, models.Model):
    """One row of the level table (R11 levels, `002` 等级称号): the n-th row by experience is level n.
    Players read its title, or name_en on an English page (paohuzi_site.names)."""

    NAME_FIELD = "title"

    experience = models.PositiveIntegerField(_("experience needed"), unique=True)
    title = models.CharField(_("title"), max_length=20)
    name_en = name_en_field(40, _("English title"))
    colour = models.CharField(_("badge colour"), max_length=7, blank=True, validators=[hex_colour],
                              help_text=_("Optional, e.g. #b8860b."))

    class Meta:
        db_table = "accounts_level"
        ordering = ["experience"]
        verbose_name = _("level")
        verbose_name_plural = _("level table")


class SignInReward(models.Model):
    """Coins of the daily sign-in bonus on the n-th day of a streak; past the last day, the last day's."""

    day = models.PositiveSmallIntegerField(_("day of the streak"), unique=True,
                                           validators=[MinValueValidator(1), MaxValueValidator(7)])
    coins = models.PositiveIntegerField(_("coins"))

    class Meta:
        db_table = "accounts_signinreward"
        ordering = ["day"]
        verbose_name = _("sign-in bonus")
        verbose_name_plural = _("sign-in bonuses")

    def __str__(self) -> str:
        return f"{self.day}: {self.coins}"


class SignIn(models.Model):
    """A claimed daily sign-in (one per local day), with the streak it continued."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="sign_ins", verbose_name=_("player"))
    day = models.DateField(_("day"))
    streak = models.PositiveIntegerField(_("day of the streak"))
    coins = models.PositiveIntegerField(_("coins"))

    class Meta:
        db_table = "accounts_signin"
        ordering = ["-day"]
        verbose_name = _("sign-in")
        verbose_name_plural = _("sign-ins")
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="sign_in_once_a_day")]


class DailyTask(models.Model):
    """A task every player may do once a day in coin rooms, for a reward paid by the house."""

    class Kind(models.TextChoices):
        PLAY = "play", _("play hands")
        WIN = "win", _("win hands")
        PATTERN = "pattern", _("win with a pattern")
        HUXI = "huxi", _("win with enough hu-xi")
        TIER = "tier", _("play hands in a room")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    hands = models.PositiveSmallIntegerField(_("hands"), default=1, validators=[MinValueValidator(1)])
    pattern = models.CharField(_("pattern"), max_length=30, blank=True,
                               help_text=_("Win with a pattern: its name, e.g. 红胡."))
    min_huxi = models.PositiveSmallIntegerField(_("at least hu-xi"), null=True, blank=True)
    tier = models.ForeignKey("games.RoomTier", models.CASCADE, null=True, blank=True, verbose_name=_("room tier"))
    reward = models.PositiveIntegerField(_("reward in coins"), validators=[MinValueValidator(1)])
    active = models.BooleanField(_("offered"), default=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        db_table = "accounts_dailytask"
        ordering = ["order", "id"]
        verbose_name = _("daily task")
        verbose_name_plural = _("daily tasks")

    def __str__(self) -> str:
        return str(self.label)

    @property
    def label(self) -> str:
        """What the player reads, e.g. 'Win 2 hands with 红胡'."""
        n, params = self.hands, {"n": self.hands, "pattern": shown_pattern(self.pattern), "huxi": self.min_huxi, "tier": self.tier}
        if self.kind == self.Kind.WIN:
            return ngettext("Win %(n)s hand", "Win %(n)s hands", n) % params
        if self.kind == self.Kind.PATTERN:
            return ngettext("Win %(n)s hand with %(pattern)s", "Win %(n)s hands with %(pattern)s", n) % params
        if self.kind == self.Kind.HUXI:
            return ngettext("Win %(n)s hand with at least %(huxi)s hu-xi",
                            "Win %(n)s hands with at least %(huxi)s hu-xi", n) % params
        if self.kind == self.Kind.TIER:
            return ngettext("Play %(n)s hand in %(tier)s", "Play %(n)s hands in %(tier)s", n) % params
        return ngettext("Play %(n)s hand in coin rooms", "Play %(n)s hands in coin rooms", n) % params

    def clean(self) -> None:
        needs = {self.Kind.PATTERN: ("pattern", self.pattern), self.Kind.HUXI: ("min_huxi", self.min_huxi),
                 self.Kind.TIER: ("tier", self.tier_id)}
        if self.kind in needs and not needs[self.kind][1]:
            raise ValidationError({needs[self.kind][0]: _("This kind of task needs this field.")})
        if self.kind == self.Kind.PATTERN:
            variant = coin_variant()
            names = list(variant.pattern_rows.values_list("name", flat=True)) if variant else []
            if self.pattern not in names:  # a win names its patterns as the coin rooms' variant does
                raise ValidationError({"pattern": _("The coin rooms' patterns are: %(names)s.")
                                       % {"names": "、".join(names)}})

    def counts(self, *, won: bool, patterns: list[str], huxi: int, tier_id: int) -> bool:
        """Whether one finished coin-room hand of the player counts towards this task."""
        if self.kind == self.Kind.PLAY:
            return True
        if self.kind == self.Kind.TIER:
            return tier_id == self.tier_id
        if not won:
            return False
        if self.kind == self.Kind.PATTERN:
            return self.pattern in patterns
        return self.kind == self.Kind.WIN or huxi >= (self.min_huxi or 0)


class TaskProgress(models.Model):
    """A player's count on one task for one local day; `last_hand` makes a hand count once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="task_progress", verbose_name=_("player"))
    task = models.ForeignKey(DailyTask, models.CASCADE, related_name="progress", verbose_name=_("daily task"))
    day = models.DateField(_("day"))
    count = models.PositiveSmallIntegerField(_("hands counted"), default=0)
    last_hand = models.ForeignKey(Hand, models.SET_NULL, null=True, blank=True, related_name="+",
                                  verbose_name=_("last hand counted"))
    claimed = models.BooleanField(_("reward claimed"), default=False)

    class Meta:
        db_table = "accounts_taskprogress"
        verbose_name = _("task progress")
        verbose_name_plural = _("task progress")
        constraints = [models.UniqueConstraint(fields=["user", "task", "day"], name="task_progress_once")]


class CoinGrant(models.Model):
    """An admin's grant (or removal) of coins: the reason of the ledger settlement `settlement_key`."""

    settlement_key = models.CharField(_("settlement"), max_length=100, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="coin_grants", verbose_name=_("player"))
    amount = models.BigIntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="+", verbose_name=_("by"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        db_table = "accounts_coingrant"
        ordering = ["-created_at"]
        verbose_name = _("coin grant")
        verbose_name_plural = _("coin grants")

    def __str__(self) -> str:
        return f"{self.user} {self.amount:+d}: {self.reason}"


class LedgerEntry(AppendOnly):
    """A coin movement. The entries of one settlement sum to zero; (settlement, account) is the
    idempotency key, so a settlement can never be applied twice (money.ledger.ledger_settle)."""

    account = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="ledger_entries",
                                verbose_name=_("account"))
    amount = models.BigIntegerField(_("amount"))
    settlement_key = models.CharField(_("settlement"), max_length=100, db_index=True)
    hand = models.ForeignKey(Hand, models.PROTECT, null=True, blank=True, related_name="ledger_entries",
                             verbose_name=_("hand"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)

    class Meta:
        db_table = "games_ledgerentry"  # moved from the games app with its rows (money.0001)
        ordering = ["-created_at", "-id"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("coin ledger")
        constraints = [
            models.UniqueConstraint(fields=["settlement_key", "account"], name="ledger_idempotency_key"),
            models.CheckConstraint(name="ledger_amount_not_zero", condition=~Q(amount=0)),
        ]

    def __str__(self) -> str:
        return f"{self.settlement_key}: {self.account} {self.amount:+d}"

"""A tournament's plan (the admin's definition), each tournament run from it with its state and seating
seed, its entries, its rounds and the seats of each round (docs/design.md#tournaments)."""
from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.models import Table, Variant
from games.rules import commitment_of, server_seed_new
from games.selectors import player_count_problem
from paohuzi_site.names import ShownName, name_en_field

TABLE_SIZES = ((3, "3"),)


def prize_numbers(text: str) -> list[int]:
    """The prize table as written in the admin ("50, 30, 20": rank 1, 2, 3…), as whole numbers;
    ValueError when it is not."""
    parts = [p.strip() for p in (text or "").replace("，", ",").split(",") if p.strip()]
    numbers = [int(p) for p in parts]
    if any(n < 0 for n in numbers):
        raise ValueError("negative")
    return numbers


class Plan(ShownName, models.Model):
    """What the admin defines: the kind, the game, the fee, the prizes and how players go on."""

    class Kind(models.TextChoices):
        SIT_AND_GO = "sng", _("sit-and-go")
        SCHEDULED = "scheduled", _("scheduled")

    class PrizeMode(models.TextChoices):
        FIXED = "fixed", _("fixed coins")
        SHARE = "share", _("shares of the pool (%)")

    class Advance(models.TextChoices):
        TOP_POINTS = "points", _("the best by points across tables")
        TABLE_PLACES = "places", _("the best places of each table")

    name = models.CharField(_("name"), max_length=40)
    name_en = name_en_field(60)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.SIT_AND_GO)
    active = models.BooleanField(_("offered to players"), default=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    variant = models.ForeignKey(Variant, models.PROTECT, related_name="+", verbose_name=_("variant"))
    table_size = models.PositiveSmallIntegerField(_("players per table"), choices=TABLE_SIZES, default=3)
    entrants = models.PositiveSmallIntegerField(
        _("entrants"), default=9, help_text=_("How many play: a multiple of the players per table."))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True, help_text=_("Scheduled only."))
    registration_opens_at = models.DateTimeField(
        _("registration opens at"), null=True, blank=True, help_text=_("Scheduled only."))
    min_entrants = models.PositiveSmallIntegerField(
        _("minimum entrants"), null=True, blank=True,
        help_text=_("Scheduled only: fewer at the start and it is cancelled, every fee refunded."))
    bots_after_seconds = models.PositiveIntegerField(
        _("bots fill after (seconds)"), null=True, blank=True,
        help_text=_("Sit-and-go only: this long after the first registration, bots take the places left. "
                    "Empty: never."))
    entry_fee = models.PositiveIntegerField(_("entry fee (coins)"), default=0, help_text=_("0: free."))
    prize_mode = models.CharField(_("prizes are"), max_length=10, choices=PrizeMode.choices,
                                  default=PrizeMode.SHARE)
    prizes = models.CharField(
        _("prize table"), max_length=200, default="50,30,20", blank=True,
        help_text=_("By final rank, comma-separated: coins, or percent of the pool after the house's cut."))
    house_cut = models.PositiveSmallIntegerField(
        _("house's cut (%)"), default=0, help_text=_("Of the fees, before shares are computed."))
    hands_per_round = models.PositiveSmallIntegerField(_("hands per table per round"), default=4)
    advance = models.CharField(_("who goes on"), max_length=10, choices=Advance.choices,
                               default=Advance.TOP_POINTS)
    club = models.ForeignKey(
        "clubs.Club", models.PROTECT, null=True, blank=True, related_name="tournament_plans",
        verbose_name=_("club"),
        help_text=_("A club's own free points tournament: its members only, shown in its lobby, not the site's."))
    advance_per_table = models.PositiveSmallIntegerField(
        _("going on per table"), default=1,
        help_text=_("k: by points, the best k × tables across all tables; by places, the best k of each "
                    "table. Rounds go on until one table is left: the final table."))

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("tournament plan")
        verbose_name_plural = _("tournament plans")

    def prize_list(self) -> list[int]:
        try:
            return prize_numbers(self.prizes)
        except ValueError:
            return []

    def clean(self) -> None:
        errors: dict[str, str] = {}
        size = self.table_size or 3
        if not self.entrants or self.entrants % size or self.entrants < size:
            errors["entrants"] = _("A multiple of the players per table (at least one table).")
        if self.variant_id:
            problem = player_count_problem(self.variant, size)
            if problem:
                errors["table_size"] = problem
        if not 1 <= self.advance_per_table < size:
            errors["advance_per_table"] = _("At least 1, fewer than the players per table.")
        if not self.hands_per_round:
            errors["hands_per_round"] = _("At least one hand.")
        try:
            prizes = prize_numbers(self.prizes)
        except ValueError:
            errors["prizes"] = _("Whole numbers separated by commas.")
        else:
            if len(prizes) > (self.entrants or 0):
                errors["prizes"] = _("More prizes than entrants.")
            elif self.prize_mode == self.PrizeMode.SHARE and sum(prizes) > 100:
                errors["prizes"] = _("The shares add up to more than 100 %.")
            elif self.prize_mode == self.PrizeMode.SHARE and prizes and not self.entry_fee:
                errors["prize_mode"] = _("A free tournament has no pool: give fixed coins, or no prizes.")
        if self.house_cut > 100:
            errors["house_cut"] = _("At most 100 %.")
        if self.kind == self.Kind.SCHEDULED:
            if not self.starts_at:
                errors["starts_at"] = _("A scheduled tournament needs its start.")
            if not self.registration_opens_at or (self.starts_at and self.registration_opens_at >= self.starts_at):
                errors["registration_opens_at"] = _("Registration opens before the start.")
            if not self.min_entrants or self.min_entrants < size or self.min_entrants > (self.entrants or 0):
                errors["min_entrants"] = _("At least one table, at most the entrants.")
            if self.bots_after_seconds is not None:
                errors["bots_after_seconds"] = _("Bots fill sit-and-go tournaments only.")
        if errors:
            raise ValidationError(errors)


class Tournament(models.Model):
    """One run of a plan: registration, its rounds, the final table, the prizes; or cancelled."""

    class State(models.TextChoices):
        REGISTERING = "open", _("registration open")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    plan = models.ForeignKey(Plan, models.PROTECT, related_name="tournaments", verbose_name=_("plan"))
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.REGISTERING)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    bots_at = models.DateTimeField(_("bots fill at"), null=True, blank=True)
    next_round_at = models.DateTimeField(
        _("next round at"), null=True, blank=True, help_text=_("The break between rounds ends then."))
    seed = models.CharField(_("seating seed"), max_length=32, default=server_seed_new,
                            help_text=_("Secret until the tournament ends; its SHA-256 is shown before."))
    pool = models.PositiveBigIntegerField(_("pool (coins)"), default=0)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [models.UniqueConstraint(fields=["plan"], condition=Q(state="open"),
                                               name="tournament_one_open_per_plan")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.plan}"

    @property
    def commitment(self) -> str:
        return commitment_of(self.seed)

    @property
    def seed_revealed(self) -> bool:
        return self.state in (self.State.FINISHED, self.State.CANCELLED)


class Entry(models.Model):
    """One entrant of a tournament: a person (fee paid under tournament:<id>:fee:<entry>) or a bot."""

    class State(models.TextChoices):
        REGISTERED = "in", _("registered")
        WITHDRAWN = "withdrawn", _("withdrawn")
        OUT = "out", _("out")
        REFUNDED = "refunded", _("refunded")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries",
                                   verbose_name=_("tournament"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True,
                             related_name="tournament_entries", verbose_name=_("person"))
    is_bot = models.BooleanField(_("bot"), default=False)
    address = models.GenericIPAddressField(_("IP address"), null=True, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.REGISTERED)
    fee = models.PositiveIntegerField(_("fee paid"), default=0)
    joined_at = models.DateTimeField(_("registered"), auto_now_add=True)
    out_round = models.PositiveSmallIntegerField(_("out after round"), null=True, blank=True)
    rank = models.PositiveSmallIntegerField(_("final rank"), null=True, blank=True)
    prize = models.PositiveBigIntegerField(_("prize (coins)"), default=0)

    class Meta:
        ordering = ["joined_at", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], condition=Q(state="in"),
                                    name="entry_once_per_tournament"),
            models.CheckConstraint(name="entry_person_or_bot",
                                   condition=Q(is_bot=True, user__isnull=True) | Q(is_bot=False, user__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"{self.user or _('bot')} · {self.tournament_id}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="rounds", verbose_name=_("tournament"))
    number = models.PositiveSmallIntegerField(_("round"))
    final = models.BooleanField(_("final table"), default=False)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_once")]


class RoundSeat(models.Model):
    """Where an entrant sat in a round, and, once the round ended, its points, hands won and place."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="seats", verbose_name=_("round"))
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="round_seats", verbose_name=_("entry"))
    table = models.ForeignKey(Table, models.PROTECT, related_name="tournament_seats", verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(_("position"))
    points = models.IntegerField(_("points"), null=True, blank=True)
    wins = models.PositiveSmallIntegerField(_("hands won"), null=True, blank=True)
    place = models.PositiveSmallIntegerField(_("place at the table"), null=True, blank=True)
    goes_on = models.BooleanField(_("goes on"), null=True, blank=True)

    class Meta:
        ordering = ["round", "table", "position"]
        verbose_name = _("round seat")
        verbose_name_plural = _("round seats")
        constraints = [models.UniqueConstraint(fields=["round", "entry"], name="round_seat_once")]

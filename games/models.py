"""Game data: variants and room tiers (edited in the admin), tables, seats, hands, and the two
append-only records, the action log and the coin ledger.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q, Sum
from django.urls import reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games import room_options
from paohuzi_site.names import ShownName, name_en_field
from games.reasons import text
from games.rules import (PATTERN_CODES, HuxiTable, PatternSpec, RuleSet, RuleSetError, commitment_of,
                         parse_player_counts, server_seed_new)

# ---------------------------------------------------------------- variants (R10)


class Variant(ShownName, models.Model):
    """A named RuleSet: every field of games.rules.variants.RuleSet is a column of the same name here,
    except name (the slug), huxi (the huxi_* columns) and patterns (the pattern rows). Players read its
    label, or name_en on an English page (paohuzi_site.names)."""

    NAME_FIELD = "label"

    slug = models.SlugField(_("code"), max_length=40, unique=True,
                            help_text=_("The rule set's name, e.g. changde."))
    label = models.CharField(_("name"), max_length=60)
    name_en = name_en_field(60)
    active = models.BooleanField(_("offered to players"), default=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    min_huxi = models.PositiveSmallIntegerField(_("minimum hu-xi"), default=15, help_text="R7.2")
    grade_from = models.PositiveSmallIntegerField(
        _("grade from hu-xi"), default=15, help_text=_("R8.1: grade = 1 + (hu-xi − this) ÷ step"))
    grade_step = models.PositiveSmallIntegerField(_("hu-xi per grade"), default=3)
    self_draw_grades = models.PositiveSmallIntegerField(_("self-draw grades"), default=1, help_text="R8.3")
    self_draw_before_fan = models.BooleanField(
        _("self-draw grade before the fan"), default=True,
        help_text=_("R8.3: add the self-draw grade before multiplying by the fan (otherwise after)."))
    discard_win = models.BooleanField(_("win on discards"), default=False, help_text="R6.5, R10.3")
    skipped_peng_bars_hu = models.BooleanField(
        _("a declined peng bars winning"), default=False,
        help_text=_("R10.3: a player who declined a peng may not hu for the rest of the hand (Luzhou)."))
    heavenly_double_huxi = models.BooleanField(
        _("heavenly hu doubles the hu-xi"), default=False, help_text="R9.4")
    mandatory_heavenly_rest = models.BooleanField(
        _("mandatory heavenly hu counts the rest"), default=True,
        help_text=_("R9.1: also count the best arrangement of the cards besides the ti and kan."))
    player_counts = models.CharField(_("player counts"), max_length=10, default="3",
                                     help_text=_("R2: table sizes allowed, e.g. 2,3"))
    drawn_hands_to_rotate = models.PositiveSmallIntegerField(
        _("drawn hands before the dealer passes on"), default=3, help_text="R2")
    pair_plus_others_card = models.CharField(
        _("a hand pair won with another player's card"), max_length=4, default="peng",
        choices=[("peng", _("counts as a peng")), ("kan", _("counts as a kan"))], help_text="R7.1")
    base_cap = models.PositiveIntegerField(_("base cap"), default=0,
                                           help_text=_("A win's base is at most this; 0: no cap."))
    room_options = models.JSONField(
        _("friends' room options"), default=dict, blank=True,
        help_text=_("What the owner of a friends' room may change: a JSON object of option names, each with its "
                    "lowest and highest value, such as base_cap: [0, 200]. Names: base_cap, base_points (points "
                    "per base), min_huxi, self_draw_grades. Empty: none."))

    class Meta:
        ordering = ["order", "slug"]
        verbose_name = _("variant")
        verbose_name_plural = _("variants")

    def __str__(self) -> str:
        return self.shown or self.slug

    def huxi_table(self) -> HuxiTable:
        return HuxiTable(**{name: (getattr(self, f"huxi_{name}_small"), getattr(self, f"huxi_{name}_big"))
                            for name in HUXI_NAMES})

    def to_ruleset(self, patterns: Iterable[PatternSpec] | None = None) -> RuleSet:
        """The engine's RuleSet, field by field (raises RuleSetError): a new RuleSet parameter needs only
        its column here. `patterns` replaces the saved rows (admin forms)."""
        if patterns is None:
            patterns = [row.to_spec() for row in self.pattern_rows.all()] if self.pk else []
        built = {"name": self.slug, "huxi": self.huxi_table(), "patterns": tuple(patterns),
                 "player_counts": parse_player_counts(self.player_counts)}
        return RuleSet(**{f.name: built[f.name] if f.name in built else getattr(self, f.name)
                          for f in dataclasses.fields(RuleSet)})

    def clean(self) -> None:
        """A variant the engine would reject cannot be saved; the reason in the page's language."""
        try:
            self.to_ruleset()
        except RuleSetError as e:
            raise ValidationError(text(e)) from None
        problem = room_options.allowed_problem(self)
        if problem:
            raise ValidationError({"room_options": problem})


# R4 / R10.3: one (small, big) column pair per entry of the engine's hu-xi table, added in a loop so
# that the columns follow HuxiTable (a new entry there without a label here fails at import).
HUXI_LABELS = {
    "peng": _("peng"), "peng_red": _("red peng"), "kan": _("kan / wei"), "kan_red": _("red kan / wei"),
    "pao": _("pao"), "pao_red": _("red pao"), "ti": _("ti"), "ti_red": _("red ti"),
    "s123": _("sentence 一二三"), "s2710": _("sentence 二七十"),
}
HUXI_NAMES = tuple(f.name for f in dataclasses.fields(HuxiTable))
for _name in HUXI_NAMES:
    for _size, _size_label, _default in zip(("small", "big"), (_("small"), _("big")),
                                            getattr(HuxiTable(), _name)):
        Variant.add_to_class(f"huxi_{_name}_{_size}", models.PositiveSmallIntegerField(
            format_lazy("{} · {}", HUXI_LABELS[_name], _size_label), default=_default))


# The pattern kinds as the admin names them (patterns.REGISTRY's codes); a code without a label shows as
# itself. Choices are a callable, so a new pattern needs no migration.
PATTERN_LABELS = {
    "red_count": _("red cards"), "big_count": _("big cards"), "small_count": _("small cards"),
    "all_sets": _("all sets"), "last_card": _("last card"), "heavenly": _("heavenly hu"),
    "earthly": _("earthly hu"), "combo": _("combination"),
}


def pattern_choices() -> list[tuple[str, str]]:
    return [(code, PATTERN_LABELS.get(code, code)) for code in PATTERN_CODES]


class VariantPattern(ShownName, models.Model):
    """One row of a variant's fan table (名堂, R10): games.rules.variants.PatternSpec. Players read its
    name, or name_en on an English page (paohuzi_site.names; a win's patterns: games.pattern_names)."""

    variant = models.ForeignKey(Variant, models.CASCADE, related_name="pattern_rows",
                                verbose_name=_("variant"))
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    code = models.CharField(_("kind"), max_length=20, choices=pattern_choices)
    name = models.CharField(_("name"), max_length=30)
    name_en = name_en_field(40)
    fan = models.PositiveSmallIntegerField(_("fan"))
    counts = models.CharField(_("counts"), max_length=40, blank=True,
                              help_text=_("Counting patterns: e.g. 4,7,11-12 or 13- (13 or more)."))
    step = models.PositiveSmallIntegerField(_("fan per extra card"), default=0)
    alone_fan = models.PositiveSmallIntegerField(_("fan when otherwise plain"), null=True, blank=True)
    of = models.CharField(_("combination of"), max_length=60, blank=True,
                          help_text=_("Combo patterns: names joined by +, e.g. 乌胡+对对胡."))

    class Meta:
        ordering = ["order", "id"]
        constraints = [models.UniqueConstraint(fields=["variant", "name"], name="pattern_name_once")]
        verbose_name = _("pattern")
        verbose_name_plural = _("patterns")

    def to_spec(self) -> PatternSpec:
        return PatternSpec(code=self.code, name=self.name, fan=self.fan, counts=self.counts,
                           step=self.step, alone_fan=self.alone_fan, of=self.of)

    def clean(self) -> None:
        try:
            self.to_spec().validate()
        except RuleSetError as e:
            raise ValidationError(text(e)) from None


# ---------------------------------------------------------------- rooms (R11)


class BotLevel(models.TextChoices):
    """How well a bot plays (games.bots.LEVELS, docs/design.md#bots-and-their-levels)."""
    EASY = "easy", _("easy")
    NORMAL = "normal", _("normal")
    HARD = "hard", _("hard")


class RoomTier(ShownName, models.Model):
    """A coin room: a fixed multiplier or a floating range, entry coins and an upper bound (R11). Players
    read its name, or name_en on an English page (paohuzi_site.names)."""

    name = models.CharField(_("name"), max_length=30, unique=True)
    name_en = name_en_field(40)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    multiplier = models.PositiveIntegerField(_("multiplier"), null=True, blank=True)
    multiplier_min = models.PositiveIntegerField(_("floating multiplier from"), null=True, blank=True)
    multiplier_max = models.PositiveIntegerField(_("floating multiplier up to"), null=True, blank=True)
    entry_coins = models.PositiveBigIntegerField(_("coins to enter"))
    upper_bound = models.PositiveBigIntegerField(
        _("upper bound"), null=True, blank=True,
        help_text=_("A player with more coins moves up a tier. Empty: no upper bound."))
    experience_per_hand = models.PositiveSmallIntegerField(_("experience per hand"))

    class SameAddress(models.TextChoices):
        """What quick match does with two people whose connections come from one IP address (anti-cheat)."""
        OFF = "off", _("allow")
        WARN = "warn", _("seat them and warn the table")
        REFUSE = "refuse", _("never seat them together")

    same_address = models.CharField(_("players from one IP address"), max_length=10,
                                    choices=SameAddress.choices, default=SameAddress.REFUSE)
    daily_cap = models.PositiveBigIntegerField(
        _("daily win/loss cap"), null=True, blank=True,
        help_text=_("R8.4: coins a player may win, or lose, in one day — every coin room's hands of the "
                    "day counted — when playing at this room's tables. Empty: the site's default."))
    bot_level = models.CharField(_("bots' level"), max_length=6, choices=BotLevel.choices,
                                 default=BotLevel.NORMAL,
                                 help_text=_("How well the bots that fill this room's empty seats play."))

    class Meta:
        ordering = ["order", "entry_coins"]
        verbose_name = _("room tier")
        verbose_name_plural = _("room tiers")
        constraints = [
            models.CheckConstraint(
                name="tier_fixed_or_floating",
                condition=(Q(multiplier__isnull=False, multiplier_min__isnull=True,
                             multiplier_max__isnull=True)
                           | Q(multiplier__isnull=True, multiplier_min__isnull=False,
                               multiplier_max__gte=F("multiplier_min")))),
            models.CheckConstraint(name="tier_bound_above_entry",
                                   condition=Q(upper_bound__isnull=True) | Q(upper_bound__gt=F("entry_coins"))),
        ]

    @property
    def is_floating(self) -> bool:
        return self.multiplier is None

    def daily_cap_in_force(self) -> int:
        """R8.4: the coins a player may win, or lose, in a day (the day's hands in every coin room count)
        when playing at this tier's tables: its own cap, else the site's DAILY_COIN_CAP."""
        return settings.DAILY_COIN_CAP if self.daily_cap is None else self.daily_cap

    def admits(self, coins: int) -> bool:
        """R11: enough coins to enter, and not above the upper bound."""
        return coins >= self.entry_coins and (self.upper_bound is None or coins <= self.upper_bound)

    def clean(self) -> None:
        floating = self.multiplier_min is not None or self.multiplier_max is not None
        if (self.multiplier is None) == (not floating) or (floating and None in (
                self.multiplier_min, self.multiplier_max)):
            raise ValidationError(_("Give either a fixed multiplier or both ends of a floating range."))
        if floating and self.multiplier_min > self.multiplier_max:
            raise ValidationError(_("The floating range is empty."))
        if self.upper_bound is not None and self.upper_bound <= self.entry_coins:
            raise ValidationError(_("The upper bound must be above the coins to enter."))


# ---------------------------------------------------------------- tables and hands


class Table(models.Model):
    class Kind(models.TextChoices):
        COIN = "coin", _("coin room")
        PRIVATE = "private", _("private room")

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for players")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        DISSOLVED = "dissolved", _("dissolved")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    tier = models.ForeignKey(RoomTier, models.PROTECT, null=True, blank=True, related_name="tables",
                             verbose_name=_("room tier"))
    variant = models.ForeignKey(Variant, models.PROTECT, related_name="tables", verbose_name=_("variant"))
    invite_code = models.CharField(_("invite code"), max_length=12, unique=True, null=True, blank=True)
    planned_hands = models.PositiveSmallIntegerField(
        _("planned hands"), null=True, blank=True, help_text=_("Private rooms: 8 or 16. Empty: open-ended."))
    player_count = models.PositiveSmallIntegerField(_("players"), default=3)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.WAITING)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                              related_name="owned_tables", verbose_name=_("owner"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    fill_at = models.DateTimeField(
        _("bots fill the seats at"), null=True, blank=True, db_index=True,
        help_text=_("Quick match: empty seats of a waiting table go to bots at this time."))
    drawn_in_row = models.PositiveSmallIntegerField(_("drawn hands in a row"), default=0, help_text="R2")
    new_series = models.BooleanField(
        _("new series"), default=True,
        help_text=_("R2: the next hand's dealer is drawn at random (first hand, or a player left)."))
    version = models.PositiveBigIntegerField(
        _("version"), default=0, help_text=_("Counts every change of the table; each frame carries it."))
    watchable = models.BooleanField(
        _("friends may watch"), default=False,
        help_text=_("Private rooms: people with the invite link may watch the table (the owner chooses)."))
    hints = models.BooleanField(
        _("winning-card hints"), default=True,
        help_text=_("Private rooms: the owner may switch the winning-card hints off for everyone."))
    turn_seconds = models.PositiveSmallIntegerField(
        _("turn timer"), null=True, blank=True,
        help_text=_("Private rooms: a person's seconds for one decision, 0 for no timer (nobody is put on "
                    "auto-play for being slow). Empty: the site's TURN_SECONDS (coin rooms)."))
    rule_options = models.JSONField(
        _("room options"), default=dict, blank=True,
        help_text=_("Private rooms: the options the owner chose among those the variant allows (name: value)."))
    next_server_seed = models.CharField(
        _("next hand's server seed"), max_length=32, default=server_seed_new,
        help_text=_("Secret until that hand ends; the table shows only its SHA-256 (the commitment)."))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            # R11: coin tables belong to a tier; private rooms (points, never coins) have an invite code.
            models.CheckConstraint(name="table_coin_tier_private_code", condition=(
                Q(kind="coin", tier__isnull=False) | Q(kind="private", invite_code__isnull=False))),
            models.CheckConstraint(name="table_two_to_four_players",
                                   condition=Q(player_count__gte=2, player_count__lte=4)),
        ]

    @property
    def next_commitment(self) -> str:
        """What the table shows before its next deal: SHA-256 of that hand's server seed."""
        return commitment_of(self.next_server_seed)

    def __str__(self) -> str:
        where = self.tier.shown if self.tier_id else self.invite_code
        return f"#{self.pk} {where} · {self.variant}"


class Seat(models.Model):
    """A place at a table, for a person or a bot (R2: positions in turn order)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="seats", verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, null=True, blank=True,
                             related_name="seats", verbose_name=_("player"))
    is_bot = models.BooleanField(_("bot"), default=False)
    bot_level = models.CharField(_("bot's level"), max_length=6, choices=BotLevel.choices, default=BotLevel.NORMAL)
    auto_play = models.BooleanField(_("auto-play"), default=False,
                                    help_text=_("托管: the default action is played for this seat."))
    auto_play_kept = models.BooleanField(
        _("auto-play kept"), default=False,
        help_text=_("Auto-play its person cannot switch off until the series ends: their club removed them."))
    ready = models.BooleanField(_("ready for the next hand"), default=False)
    dissolve_vote = models.BooleanField(_("agrees to dissolve"), null=True, blank=True)
    address = models.GenericIPAddressField(
        _("IP address"), null=True, blank=True,
        help_text=_("Where the player connected from when seated: compared, never shown to players."))
    client_seed = models.CharField(
        _("client seed"), max_length=64, blank=True, default="",
        help_text=_("What the player's browser sent for the next deal (hex); empty for a bot or when none came."))
    # Presence (games.play.presence): a person whose pages at the table all closed does not play
    # its next coin hand; the seat goes to another person or a bot.
    sockets = models.PositiveSmallIntegerField(_("open pages"), default=0,
                                               help_text=_("The person's pages open at this table now."))
    left_at = models.DateTimeField(
        _("left at"), null=True, blank=True,
        help_text=_("When the person's last page at this table closed; empty while one is open."))

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_once"),
            models.UniqueConstraint(fields=["table", "user"], name="seat_one_per_user"),
            models.CheckConstraint(name="seat_user_or_bot", condition=(
                Q(user__isnull=False, is_bot=False) | Q(user__isnull=True, is_bot=True))),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}/{self.position}: {self.user or _('bot')}"


class Hand(models.Model):
    """One hand: reproduced from its seed and its action log; `state` is the engine's JSON."""

    table = models.ForeignKey(Table, models.PROTECT, related_name="hands", verbose_name=_("table"))
    number = models.PositiveIntegerField(_("hand number"))
    players = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="hands", blank=True,
                                     verbose_name=_("players"))
    shared_by = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="shared_hands", blank=True, verbose_name=_("shared by"),
        help_text=_("Players who made this hand's replay public with its share button (for this hand only)."))
    seed = models.CharField(_("seed"), max_length=64, help_text=_("The deal's seed, derived from the seeds below."))
    server_seed = models.CharField(_("server seed"), max_length=32, blank=True, default="",
                                   help_text=_("Committed to before the deal, revealed after the hand."))
    client_seeds = models.JSONField(_("client seeds"), default=list, blank=True,
                                    help_text=_("One per seat, in seat order, as the deal read them."))
    state = models.JSONField(_("state"), default=dict)
    move_no = models.PositiveIntegerField(_("move number"), default=0)
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    multiplier = models.PositiveIntegerField(
        _("multiplier"), default=1, help_text=_("R8.4 / R11: the coins per point of this hand; 1 on private tables."))
    deadline = models.DateTimeField(
        _("deadline"), null=True, blank=True, db_index=True,
        help_text=_("When the next automatic step is due: a bot's move, a timeout, the next hand."))
    turn_deadline = models.DateTimeField(
        _("decision deadline"), null=True, blank=True,
        help_text=_("When the people who must decide now are played for (the countdown they see)."))
    events = models.JSONField(_("events"), default=list, blank=True,
                              help_text=_("Everything that happened, in full; each seat sees its own view."))
    seating = models.JSONField(_("seating"), default=list, blank=True,
                               help_text=_("Who sat where in this hand: a user id per seat, empty for a bot."))
    scores = models.JSONField(_("score changes"), null=True, blank=True,
                              help_text=_("Coins (coin rooms) or points (private rooms) per seat."))
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    daily_capped = models.JSONField(
        _("held by the daily cap"), default=list, blank=True,
        help_text=_("R8.4: the seats whose win or loss the daily cap made smaller in this hand."))

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="hand_number_once")]

    def __str__(self) -> str:
        return f"{self.table_id}-{self.number}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def commitment(self) -> str:
        """SHA-256 of the server seed, shown from before the deal (empty for hands dealt before commit–reveal)."""
        return commitment_of(self.server_seed) if self.server_seed else ""

    def replay_url(self) -> str:
        return reverse("games:replay", args=[self.pk])


# ---------------------------------------------------------------- append-only records


class AppendOnlyError(RuntimeError):
    """Audit rows are written once and never changed or removed."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError(f"{self.model.__name__} rows cannot be updated")

    def delete(self):
        raise AppendOnlyError(f"{self.model.__name__} rows cannot be deleted")

    def balance_of(self, account) -> int:
        """The ledger's sum for one account: the true coin balance (User.coins caches it)."""
        return self.filter(account=account).aggregate(total=Sum("amount"))["total"] or 0


class AppendOnly(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError(f"{type(self).__name__} rows cannot be updated")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError(f"{type(self).__name__} rows cannot be deleted")


class ActionLog(AppendOnly):
    """Every move of a hand, in order: with the seed it replays the hand
    (docs/design.md#seeded-determinism)."""

    hand = models.ForeignKey(Hand, models.PROTECT, related_name="actions", verbose_name=_("hand"))
    move_no = models.PositiveIntegerField(_("move number"))
    seat = models.PositiveSmallIntegerField(_("seat"), help_text=_("The engine's seat index."))
    action = models.JSONField(_("action"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["hand", "move_no"]
        verbose_name = _("action")
        verbose_name_plural = _("action log")
        constraints = [models.UniqueConstraint(fields=["hand", "move_no"], name="action_move_once")]

    def __str__(self) -> str:
        return f"{self.hand} #{self.move_no}"


class HandAnalysis(models.Model):
    """The hard bot's analysis of a finished hand (games.bots.analyse), asked for on the replay page and
    computed by the sweeper's analysis worker a few decisions at a time (games.clock.searches); the
    row is its cache: once done, it is shown as it is."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        DONE = "done", _("done")

    hand = models.OneToOneField(Hand, models.CASCADE, related_name="analysis", verbose_name=_("hand"))
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    done = models.PositiveIntegerField(_("decisions analysed"), default=0)
    total = models.PositiveIntegerField(_("decisions"), default=0)
    moves = models.JSONField(_("analysis"), default=list, blank=True,
                             help_text=_("Per decision: the move played, the hard bot's, and its estimates."))
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)

    class Meta:
        verbose_name = _("hand analysis")
        verbose_name_plural = _("hand analyses")

    def __str__(self) -> str:
        return f"{self.hand} ({self.done}/{self.total})"

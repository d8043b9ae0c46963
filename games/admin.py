"""The admin for the people who run the site: variants (validated by the engine, with a "try it" box),
room tiers (edited in the list), and read-only tables, hands and the coin ledger."""
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms.models import BaseInlineFormSet
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.pages.holdings_form import HoldingsForm, outcome
from games.models import HUXI_NAMES, ActionLog, Hand, RoomTier, Seat, Table, Variant, VariantPattern
from games.reasons import text
from games.rules import RuleSetError

admin.site.site_header = _("Paohuzi Online administration")
admin.site.site_title = _("Paohuzi Online")

PATTERN_FIELDS = ("code", "name", "name_en", "fan", "counts", "step", "alone_fan", "of")


class PatternFormSet(BaseInlineFormSet):
    """Checks the variant and all its pattern rows together, as the engine will see them."""

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        kept = [form.cleaned_data for form in self.forms
                if form.cleaned_data and not form.cleaned_data.get("DELETE")]
        kept.sort(key=lambda data: data.get("order") or 0)
        rows = [VariantPattern(**{name: data.get(name) for name in PATTERN_FIELDS}) for data in kept]
        try:
            self.instance.to_ruleset([row.to_spec() for row in rows])
        except RuleSetError as e:
            raise ValidationError(text(e)) from None


class VariantPatternInline(admin.TabularInline):
    model = VariantPattern
    formset = PatternFormSet
    fields = ("order",) + PATTERN_FIELDS
    extra = 0


@admin.register(Variant)
class VariantAdmin(admin.ModelAdmin):
    list_display = ("label", "name_en", "slug", "min_huxi", "player_counts", "active", "order")
    list_editable = ("name_en", "active", "order")
    search_fields = ("slug", "label", "name_en")
    inlines = [VariantPatternInline]
    change_form_template = "admin/games/variant/change_form.html"
    fieldsets = [
        (None, {"fields": ("slug", "label", "name_en", "active", "order", "player_counts", "drawn_hands_to_rotate")}),
        (_("Hu-xi and grade (R4, R7.2, R8.1)"), {"fields": (
            "min_huxi", ("grade_from", "grade_step"),
            *((f"huxi_{name}_small", f"huxi_{name}_big") for name in HUXI_NAMES))}),
        (_("Scoring (R8.3, R9, R10)"), {"fields": (
            "self_draw_grades", "self_draw_before_fan", "discard_win", "skipped_peng_bars_hu",
            "heavenly_double_huxi", "mandatory_heavenly_rest", "pair_plus_others_card", "base_cap")}),
        (_("Friends' rooms (R11)"), {"fields": ("room_options",)}),
    ]

    def get_urls(self):
        return [path("<path:object_id>/try/", self.admin_site.admin_view(self.try_view),
                     name="games_variant_try"), *super().get_urls()]

    def try_view(self, request, object_id):
        """The "try it" box: score a hand with this variant (a fragment for htmx, else a page)."""
        variant = get_object_or_404(Variant, pk=object_id)
        if not self.has_view_permission(request, variant):
            raise PermissionDenied
        form = HoldingsForm(request.POST or None)
        result = form.score(variant) if request.method == "POST" and form.is_valid() else None
        context = {**self.admin_site.each_context(request), "opts": self.opts, "original": variant,
                   "title": _("Try %(variant)s") % {"variant": variant}, "try_form": form, "result": result,
                   **outcome(form, result)}
        template = "admin/games/variant/_try_result.html" if request.htmx else "admin/games/variant/try.html"
        return TemplateResponse(request, template, context)

    def render_change_form(self, request, context, *args, obj=None, **kwargs):
        context.setdefault("try_form", HoldingsForm())
        return super().render_change_form(request, context, *args, obj=obj, **kwargs)


@admin.register(RoomTier)
class RoomTierAdmin(admin.ModelAdmin):
    list_display = ("name", "name_en", "order", "multiplier", "multiplier_min", "multiplier_max", "entry_coins",
                    "upper_bound", "experience_per_hand", "daily_cap", "same_address", "bot_level")
    list_editable = ("name_en", "order", "multiplier", "multiplier_min", "multiplier_max", "entry_coins", "upper_bound",
                     "experience_per_hand", "daily_cap", "same_address", "bot_level")
    ordering = ("order",)


class ReadOnly:
    """Game records are written by the services only: the admin looks, never touches."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    secrets: tuple[str, ...] = ()  # fields hidden while secret_fields says so, and never a filter

    def secret_fields(self, obj) -> tuple[str, ...]:
        """Fields not shown for this row: seeds of a deal not over yet (R2, commit–reveal)."""
        return ()

    def lookup_allowed(self, lookup, value, request=None):
        """No changelist filter on a secret field (?server_seed__startswith=a would spell out a seed)."""
        if lookup.split("__")[0] in self.secrets:
            return False
        return super().lookup_allowed(lookup, value, request)

    def get_readonly_fields(self, request, obj=None):
        shown = self.fields or [f.name for f in (*self.model._meta.fields, *self.model._meta.many_to_many)]
        secret = self.secret_fields(obj)
        return [f for f in (*shown, *(f for f in self.readonly_fields if f not in shown)) if f not in secret]

    def get_exclude(self, request, obj=None):
        return [*(super().get_exclude(request, obj) or ()), *self.secret_fields(obj)]


@admin.display(description=_("replay"))
def replay_link(hand: Hand):
    return format_html('<a href="{}">{}</a>', hand.replay_url(), _("replay"))


class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat
    fields = ("position", "user", "is_bot", "address")


class HandInline(ReadOnly, admin.TabularInline):
    model = Hand
    fields = ("number", "dealer", "move_no", "started_at", "finished_at", replay_link)
    show_change_link = True


@admin.register(Table)
class TableAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("id", "kind", "tier", "variant", "status", "player_count", "planned_hands", "owner",
                    "created_at")
    list_filter = ("kind", "status", "tier", "variant")
    search_fields = ("invite_code", "owner__username")
    inlines = [SeatInline, HandInline]
    secrets = ("next_server_seed",)  # the next hand's: the table shows only its commitment

    def secret_fields(self, obj) -> tuple[str, ...]:
        return self.secrets


class ActionLogInline(ReadOnly, admin.TabularInline):
    model = ActionLog
    fields = ("move_no", "seat", "action", "created_at")


@admin.register(Hand)
class HandAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("__str__", "table", "number", "dealer", "move_no", "started_at", "finished_at",
                    replay_link)
    list_filter = (("finished_at", admin.EmptyFieldListFilter), "table__kind")
    search_fields = ("table__id", "players__username")
    readonly_fields = (replay_link,)
    inlines = [ActionLogInline]
    # A hand in play: its seeds, its state (the stock's order, every seat's cards) and its full events
    # (every draw) are shown to nobody, staff included, until it ends; so is its action log (a pass
    # tells who could claim, which claim privacy hides).
    secrets = ("seed", "server_seed", "client_seeds", "state", "events")

    def secret_fields(self, obj) -> tuple[str, ...]:
        return () if obj is not None and obj.finished else self.secrets

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None and obj.finished else []

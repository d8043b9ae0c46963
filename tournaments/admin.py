"""Tournaments in the admin: the plans (validated by Plan.clean; saving an offered plan opens its
tournament through the services), the tournaments with their entries and rounds, read-only: they
change only through the services and the clock; the one action calls an open or running one off
(services.admin_cancel)."""
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _, ngettext

from games.errors import Refused

from tournaments import services
from tournaments.models import Entry, Plan, Round, Tournament


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = ("name", "name_en", "kind", "club", "variant", "entrants", "entry_fee", "prize_mode", "prizes",
                    "starts_at", "active")
    list_filter = ("kind", "active", ("club", admin.EmptyFieldListFilter))
    search_fields = ("name", "name_en", "club__name")
    # A club's plan is opened by its owner or a manager (tournaments.services.club_tournament_open): the
    # admin sees whose it is, and neither makes a site's plan a club's nor moves one to another club.
    readonly_fields = ("club",)
    fieldsets = (
        (None, {"fields": ("name", "name_en", "kind", "club", "active", "order", "variant", "table_size",
                           "entrants")}),
        (Plan.Kind.SCHEDULED.label, {"fields": ("registration_opens_at", "starts_at", "min_entrants")}),
        (Plan.Kind.SIT_AND_GO.label, {"fields": ("bots_after_seconds",)}),
        (Plan._meta.get_field("prizes").verbose_name, {"fields": ("entry_fee", "prize_mode", "prizes", "house_cut")}),
        (Round._meta.verbose_name_plural, {"fields": ("hands_per_round", "advance", "advance_per_table")}),
    )

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        services.plan_open(plan=obj)


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    can_delete = False
    fields = ("user", "is_bot", "address", "state", "fee", "out_round", "rank", "prize")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "plan", "state", "starts_at", "started_at", "finished_at", "pool")
    list_filter = ("state", "plan")
    readonly_fields = ("plan", "state", "starts_at", "started_at", "finished_at", "bots_at", "next_round_at",
                       "commitment", "pool")
    exclude = ("seed",)  # secret until the tournament ends
    inlines = [EntryInline]
    actions = ["cancel_selected"]

    @admin.action(description=_("Cancel the selected tournaments (every fee refunded, their tables ended)"))
    def cancel_selected(self, request, queryset):
        """An open or running tournament called off (services.admin_cancel); others are said to be left."""
        done, refunds = 0, 0
        for tournament in queryset.order_by("pk"):
            try:
                refunds += services.admin_cancel(tournament=tournament)
                done += 1
            except Refused as e:
                self.message_user(request, f"#{tournament.pk}: {e}", messages.WARNING)
        if done:
            self.message_user(request, ngettext(
                "%(n)d tournament cancelled, %(refunds)d fees refunded.",
                "%(n)d tournaments cancelled, %(refunds)d fees refunded.", done) % {"n": done, "refunds": refunds})

    def has_add_permission(self, request):
        return False

"""Tournaments in the admin: the plans (validated by Plan.clean; saving an offered plan opens its
tournament through the services), the tournaments with their entries and rounds, read-only: they
change only through the services and the clock."""
from django.contrib import admin

from tournaments import services
from tournaments.models import Entry, Plan, Round, Tournament


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = ("name", "name_en", "kind", "variant", "entrants", "entry_fee", "prize_mode", "prizes",
                    "starts_at", "active")
    list_filter = ("kind", "active")
    search_fields = ("name", "name_en")
    fieldsets = (
        (None, {"fields": ("name", "name_en", "kind", "active", "order", "variant", "table_size", "entrants")}),
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

    def has_add_permission(self, request):
        return False

"""The admin for money: the coin ledger (read-only, each entry with its reason), the level table, the
sign-in bonus, daily tasks, and read-only sign-ins, task progress and grants. (An admin's grant of coins
is a form on the user's page: accounts.admin.)"""
from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.admin import ReadOnly
from money.levels import ink
from money.models import CoinGrant, DailyTask, LedgerEntry, Level, SignIn, SignInReward, TaskProgress
from money.selectors import entry_reasons


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("created_at", "account", "amount", "settlement_key", "reason", "hand")
    list_select_related = ("account", "hand__table__tier")  # the reason names the hand's room
    readonly_fields = ("reason",)
    list_filter = (("account", admin.RelatedOnlyFieldListFilter), ("created_at", admin.DateFieldListFilter))
    date_hierarchy = "created_at"
    search_fields = ("account__username", "settlement_key")

    @admin.display(description=_("reason"))
    def reason(self, entry):
        return entry_reasons([entry])[entry.pk]


@admin.register(Level)
class LevelAdmin(admin.ModelAdmin):
    list_display = ("title", "name_en", "experience", "colour", "badge")
    list_editable = ("name_en", "experience", "colour")

    @admin.display(description=_("badge"))
    def badge(self, level):
        """The title as players see it, in its colour (the site's grey without one), in the admin's language."""
        return format_html('<span class="title-badge" style="background: {}; color: {}; padding: 0 .4em; '
                           'border-radius: 4px">{}</span>', level.colour or "#6b6b6b", ink(level.colour) or "#fff",
                           level.shown)


@admin.register(SignInReward)
class SignInRewardAdmin(admin.ModelAdmin):
    list_display = ("day", "coins")
    list_editable = ("coins",)


@admin.register(DailyTask)
class DailyTaskAdmin(admin.ModelAdmin):
    list_display = ("__str__", "kind", "hands", "reward", "active", "order")
    list_editable = ("reward", "active", "order")
    fields = ("kind", "hands", "pattern", "min_huxi", "tier", "reward", "active", "order")


@admin.register(SignIn)
class SignInAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("day", "user", "streak", "coins")
    list_filter = ("day",)
    search_fields = ("user__username",)


@admin.register(TaskProgress)
class TaskProgressAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("day", "user", "task", "count", "claimed")
    list_filter = ("day", "claimed")
    search_fields = ("user__username",)


@admin.register(CoinGrant)
class CoinGrantAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("created_at", "user", "amount", "reason", "by", "settlement_key")
    search_fields = ("user__username", "reason", "settlement_key")

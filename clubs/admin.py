"""Clubs in the admin: searchable by name, number and owner, their members and join requests inline;
disabling one goes through clubs.ending (its tables end their series), never a bare edit of the flag.
An edit here reaches the club's lobby live as a member's would (clubs.live_events): the club's fields,
and members deleted inline (their sockets on the lobby close)."""
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _, ngettext

from clubs import ending, live_events
from clubs.models import Club, JoinRequest, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("user",)


class JoinRequestInline(admin.TabularInline):
    model = JoinRequest
    fk_name = "club"
    extra = 0
    raw_id_fields = ("user", "decided_by")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "owner", "needs_approval", "capacity", "disabled", "created_at")
    list_filter = ("disabled", "needs_approval")
    search_fields = ("name", "number", "owner__username")
    readonly_fields = ("disabled",)
    raw_id_fields = ("owner",)
    inlines = [MembershipInline, JoinRequestInline]
    actions = ["disable", "enable"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            live_events.changed(obj.pk)

    def save_formset(self, request, form, formset, change):
        super().save_formset(request, form, formset, change)
        if formset.model is Membership:
            for gone in formset.deleted_objects:
                live_events.member_gone(form.instance.pk, gone.user_id)

    @admin.action(description=_("Disable the selected clubs (their tables end their series)"))
    def disable(self, request, queryset):
        for club in queryset:
            ending.club_disable(club=club)
        self.message_user(request, ngettext("%(n)d club disabled.", "%(n)d clubs disabled.", len(queryset))
                          % {"n": len(queryset)}, messages.SUCCESS)

    @admin.action(description=_("Enable the selected clubs again"))
    def enable(self, request, queryset):
        count = queryset.update(disabled=False)  # nothing else to undo: the ended series stay ended
        self.message_user(request, ngettext("%(n)d club enabled.", "%(n)d clubs enabled.", count) % {"n": count},
                          messages.SUCCESS)

"""The admin for accounts: users (coins change only through the grant form, which writes a ledger
settlement against the house and the admin log: money.rewards.coins_grant). The economy's pages are
money.admin."""
import secrets

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from accounts.forms import ThrottledAdminLoginForm
from accounts.models import User
from games.errors import Refused
from money import rewards

admin.site.login_form = ThrottledAdminLoginForm  # failed log-ins wait here as on the site's page


class GrantForm(forms.Form):
    amount = forms.IntegerField(label=_("Coins"), help_text=_("Positive to give, negative to take away."))
    reason = forms.CharField(label=_("Reason"), max_length=200,
                             help_text=_("The player reads it in their coin history."))
    token = forms.CharField(widget=forms.HiddenInput)  # one per form shown: a resent form pays once

    def clean_amount(self):
        if not self.cleaned_data["amount"]:
            raise forms.ValidationError(_("Give an amount other than zero."))
        return self.cleaned_data["amount"]


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "coins", "level", "experience", "is_guest", "is_staff", "date_joined")
    list_filter = ("is_guest", "is_staff", "is_active")
    readonly_fields = ("coins", "grant_link")
    fieldsets = BaseUserAdmin.fieldsets + (
        (_("Game"), {"fields": ("coins", "grant_link", "level", "experience", "is_guest")}),
    )

    @admin.display(description=_("grant or remove coins"))
    def grant_link(self, user):
        if not user.pk:
            return "—"
        return format_html('<a class="button" href="{}">{}</a>', reverse("admin:accounts_user_grant", args=[user.pk]),
                           _("Grant or remove coins"))

    def get_urls(self):
        return [path("<path:object_id>/grant/", self.admin_site.admin_view(self.grant_view),
                     name="accounts_user_grant"), *super().get_urls()]

    def grant_view(self, request, object_id):
        """Grant or remove coins: one ledger settlement against the house, with its reason, logged."""
        user = get_object_or_404(User, pk=object_id)
        if not self.has_change_permission(request, user):
            raise PermissionDenied
        form = GrantForm(request.POST or None, initial={"token": secrets.token_hex(16)})
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                grant = rewards.coins_grant(user=user, amount=data["amount"], reason=data["reason"], by=request.user,
                                            token=data["token"])
            except Refused as e:
                form.add_error(None, str(e))
            else:
                if grant is not None:
                    self.log_change(request, user, f"coins {grant.amount:+d}: {grant.reason} ({grant.settlement_key})")
                    messages.success(request, _("%(amount)s coins for %(user)s.") % {"amount": f"{grant.amount:+d}",
                                                                                    "user": user})
                return redirect("admin:accounts_user_change", user.pk)
        context = {**self.admin_site.each_context(request), "opts": self.opts, "original": user, "form": form,
                   "title": _("Grant or remove coins: %(user)s") % {"user": user}}
        return TemplateResponse(request, "admin/accounts/user/grant.html", context)

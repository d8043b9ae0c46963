import re

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts import throttles
from accounts.models import User
from accounts.services import GUEST_PREFIX, RESERVED_PREFIX

# Names the site shows for its own seats and people, in either language (空位 / empty seat, 机器人 1 /
# Bot 1, 游客 12 / Guest 12), the badges beside a seat's name (庄家 / dealer, 托管 / auto-play), and
# admin: a player with such a name could pass for them.
RESERVED_NAMES = re.compile(r"(空位|机器人|游客|庄家|托管|admin|bot|guest|empty[\W_]*seat|dealer|auto[\W_]*play)"
                            r"[\W_]*\d*", re.IGNORECASE)


class SignupForm(UserCreationForm):
    """Username and password twice; also used to claim a guest account."""

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        username = super().clean_username()  # None when the name is taken (the error is added)
        if username and username.startswith((RESERVED_PREFIX, GUEST_PREFIX)):
            raise forms.ValidationError(
                _("Names starting with “%(prefix)s” are reserved."),
                params={"prefix": RESERVED_PREFIX if username.startswith(RESERVED_PREFIX) else GUEST_PREFIX})
        if username and RESERVED_NAMES.fullmatch(username.strip()):
            raise forms.ValidationError(_("“%(name)s” is reserved: the site uses it for its own seats and players."),
                                        params={"name": username}, code="reserved")
        return username


class Throttled:
    """A log-in form that waits after too many failures, per account and per address (accounts.throttles);
    while the wait lasts even the right password is refused, so guessing gains nothing."""

    def clean(self):
        username, ip = self.cleaned_data.get("username") or "", throttles.client_ip(self.request)
        wait = throttles.login_wait(username, ip)
        if wait:
            raise forms.ValidationError(wait_message(wait), code="throttled")
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            throttles.login_failed(username, ip)
            raise
        throttles.login_succeeded(username)
        return cleaned


class ThrottledLoginForm(Throttled, AuthenticationForm):
    """The site's log-in."""


class ThrottledAdminLoginForm(Throttled, AdminAuthenticationForm):
    """The admin's log-in (staff only), counted with the site's: neither is a way round the other's wait."""


def wait_message(seconds: int) -> str:
    """The wait in the page's language: in seconds up to two minutes, else in whole minutes."""
    if seconds < 120:
        return ngettext("Too many failed log-ins: try again in %(count)s second.",
                        "Too many failed log-ins: try again in %(count)s seconds.", seconds) % {"count": seconds}
    minutes = -(-seconds // 60)
    return ngettext("Too many failed log-ins: try again in %(count)s minute.",
                    "Too many failed log-ins: try again in %(count)s minutes.", minutes) % {"count": minutes}


class WatchSettingsForm(forms.ModelForm):
    """The profile's choices about others seeing one's play: public replays, being watched."""

    class Meta:
        model = User
        fields = ("public_replays", "may_be_watched")


class HintSettingForm(forms.Form):
    show_hints = forms.BooleanField(label=_("Show winning-card hints at the table"), required=False)

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import User
from .services import GUEST_PREFIX, RESERVED_PREFIX


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
        return username

"""Club forms: create or edit a club, a rule set (the private room's options), join by number."""
from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from games.pages.forms import PrivateRoomForm


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "announcement", "needs_approval"]
        widgets = {"announcement": forms.Textarea(attrs={"rows": 3})}


class RuleSetForm(PrivateRoomForm):
    """A club's rule set offers the private room's options but its timer (its rooms keep the site's)."""
    turn_seconds = None


class ClubJoinForm(forms.Form):
    number = forms.RegexField(label=_("Club number"), regex=r"^\d{6}$", max_length=6,
                              error_messages={"invalid": _("A club number has six digits.")})

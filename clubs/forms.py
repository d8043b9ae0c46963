"""Club forms: create or edit a club, a rule set (the private room's options), join by number, a club
tournament."""
from django import forms
from django.utils.translation import gettext, gettext_lazy as _

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


class ClubTournamentForm(forms.Form):
    """A club's free points tournament (tournaments.services.club_tournament_open): its name, one of the
    club's rule sets (its game, players per table and hands per round), how many play."""
    name = forms.CharField(label=_("Tournament name"), max_length=40)
    rule_set = forms.TypedChoiceField(label=_("Rule set"), coerce=int)
    entrants = forms.TypedChoiceField(label=_("Entrants"), coerce=int, initial=9,
                                      choices=[(n, n) for n in (3, 4, 6, 8, 9, 12, 16, 18, 24, 27)],
                                      help_text=_("A multiple of the rule set's players. It starts when full."))

    prefix = "tournament"  # the manage page's other forms have fields of their own

    def __init__(self, *args, rule_sets=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].choices = [
            (rs.pk, f"{rs.variant} · " + gettext("%(n)s hands, %(p)s players") % {"n": rs.planned_hands, "p": rs.player_count})
            for rs in rule_sets]

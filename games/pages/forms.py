"""Lobby forms: a private room (variant with its pattern level, 8 or 16 hands, 2–4 players, its turn
timer, the room options the variant allows) and an invite code."""
from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.models import Variant
from games.pages.room_options_form import RoomOptionsMixin
from games.templatetags.games_numbers import timer_label
from games.selectors import player_count_problem
from games.rooms import INVITE_LENGTH, PLANNED_HANDS, TURN_TIMERS


class PrivateRoomForm(RoomOptionsMixin, forms.Form):
    variant = forms.ModelChoiceField(Variant.objects.filter(active=True), label=_("Variant"), empty_label=None,
                                     help_text=_("Each Yongzhou level is its own variant."))  # R10.2
    planned_hands = forms.TypedChoiceField(label=_("Hands"), coerce=int, initial=8,
                                           choices=[(n, n) for n in PLANNED_HANDS])
    player_count = forms.TypedChoiceField(label=_("Players"), coerce=int, initial=3,
                                          choices=[(n, n) for n in (2, 3, 4)])
    watchable = forms.BooleanField(label=_("Friends may watch"), required=False,
                                   help_text=_("People with the invite link may watch the table."))
    hints = forms.BooleanField(label=_("Winning-card hints"), required=False, initial=True,
                               help_text=_("Show each player which cards would win their hand."))
    turn_seconds = forms.TypedChoiceField(  # 20 s unless chosen: the time strangers have, friends may wait
        label=_("Turn timer"), coerce=int, initial=20, required=False, empty_value=20,
        choices=[(n, lazy(timer_label, str)(n)) for n in TURN_TIMERS],
        help_text=_("Without a timer nobody is put on auto-play for being slow."))

    def clean(self):
        data = super().clean()
        variant, count = data.get("variant"), data.get("player_count")
        problem = variant and count and player_count_problem(variant, count)
        if problem:
            raise forms.ValidationError(problem)
        return data


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Invite code"), max_length=INVITE_LENGTH, min_length=INVITE_LENGTH)

    def clean_code(self):
        return self.cleaned_data["code"].strip().upper()

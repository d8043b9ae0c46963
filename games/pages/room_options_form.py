"""The create-room form's room options (games.room_options): one group of number inputs per variant
that allows any, the selected variant's shown (js/room_options.js), only its inputs read. A mixin, so
the private room's form and a club's rule set take it whole."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from games import room_options
from games.errors import Refused
from games.models import Variant


def field_name(variant, option) -> str:
    return f"option-{variant.pk}-{option.name}"


class RoomOptionsMixin:
    """Adds cleaned_data["options"]: the chosen room options of the chosen variant, checked."""

    def option_groups(self) -> list[dict]:
        """Per variant with options: its inputs (name, label, bounds, value shown)."""
        groups = []
        for variant in Variant.objects.filter(active=True).exclude(room_options={}):
            inputs = [{"name": field_name(variant, option), "label": option.label, "low": low, "high": high,
                       "value": self.data.get(field_name(variant, option), default), "zero": option.zero}
                      for option, low, high, default in room_options.allowed(variant)]
            if inputs:
                groups.append({"variant": variant, "inputs": inputs})
        return groups

    def clean(self):
        data = super().clean()
        variant = data.get("variant")
        if variant is None:
            return data
        chosen = {}
        for option, _low, _high, _default in room_options.allowed(variant):
            raw = self.data.get(field_name(variant, option), "")
            if str(raw).strip():
                try:
                    chosen[option.name] = int(raw)
                except ValueError:
                    raise forms.ValidationError(_("%(option)s must be a whole number.")
                                                % {"option": option.label}) from None
        try:
            data["options"] = room_options.chosen_check(variant, chosen)
        except Refused as e:
            raise forms.ValidationError(str(e)) from None
        return data

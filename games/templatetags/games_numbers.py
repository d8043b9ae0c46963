"""Coins, points and multipliers on the page, grouped for the page's language (4,000,000): the
humanize app's intcomma, plus the signed form of a change (+1,200 / -16 / +0), and a private room's
turn timer in words."""
from django import template
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def signed(value) -> str:
    """A change of coins or points with its sign, digits grouped: +1,200, -16, +0."""
    value = int(value or 0)
    return ("-" if value < 0 else "+") + intcomma(abs(value))


@register.filter
def timer_label(seconds) -> str:
    """A private room's turn timer (Table.turn_seconds): "No timer" for 0, else its seconds per move."""
    if not seconds:
        return _("No timer")
    return _("%(n)s s per move") % {"n": seconds}

"""Coins, points and multipliers on the page, grouped for the page's language (4,000,000): the
humanize app's intcomma, plus the signed form of a change (+1,200 / -16 / +0)."""
from django import template
from django.contrib.humanize.templatetags.humanize import intcomma

register = template.Library()


@register.filter
def signed(value) -> str:
    """A change of coins or points with its sign, digits grouped: +1,200, -16, +0."""
    value = int(value or 0)
    return ("-" if value < 0 else "+") + intcomma(abs(value))

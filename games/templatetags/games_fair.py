"""The replay's fair-deal box: a finished hand's revealed seeds (games.fairness), as on the result panel."""
from django import template

from games import fairness

register = template.Library()


@register.inclusion_tag("games/_fair.html")
def fair_revealed(hand):
    return {"f": fairness.revealed(hand)}

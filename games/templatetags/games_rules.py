"""The rules card's option lines (games.room_options), for templates."""
from django import template

from games import room_options

register = template.Library()


@register.simple_tag
def option_rows(options: dict) -> list:
    """[(label, value)] of a room's options, in the page's language."""
    return room_options.card_rows(options)

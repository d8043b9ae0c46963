"""The hot parts of the table's fragments (games.live.fragment_html) inside the templates that hold them."""
from django import template

from games.live import fragment_html

register = template.Library()


@register.simple_tag
def log_rows(events):
    return fragment_html.log_rows(events)


@register.simple_tag
def title_badge(rank):
    return fragment_html.title_badge(rank)

from django.urls import path, register_converter

from . import calculator, fair_views, howto, now_playing, views


class RowId:
    """A row id as the database can hold it (a 64-bit key, so at most 18 digits): a longer one is a 404
    of the URL, not an overflow in the query."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(RowId, "id")

app_name = "games"
urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("play/now/", now_playing.fragment, name="now_playing"),
    path("play/quick/", views.quick_match, name="quick_match"),
    path("play/private/", views.private_create, name="private_create"),
    path("join/", views.join_code, name="join_code"),
    path("join/<str:code>/", views.join, name="join"),
    path("tables/<id:table_id>/", views.table, name="table"),
    path("tables/<id:table_id>/watch/", views.watch, name="watch"),
    path("tables/<id:table_id>/leave/", views.leave, name="leave"),
    path("tables/<id:table_id>/move/", views.tier_move, name="tier_move"),
    path("tables/<id:table_id>/standings/", views.standings, name="standings"),
    path("hands/<id:hand_id>/replay/", views.replay, name="replay"),
    path("rules/", howto.how_to_play, name="how_to_play"),
    path("rules/<slug:slug>/", howto.variant_rules, name="variant_rules"),
    path("fair/", fair_views.fair, name="fair"),
    path("calculator/", calculator.calculator, name="calculator"),
]

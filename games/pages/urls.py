from django.urls import path

from paohuzi_site import ids  # noqa: F401 - the <id:…> converter

from games.pages import calculator, fair_views, howto, now_playing, views

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
    path("hands/<id:hand_id>/replay/share/", views.replay_share, name="replay_share"),
    path("hands/<id:hand_id>/replay/analysis/", views.replay_analysis, name="replay_analysis"),
    path("rules/", howto.how_to_play, name="how_to_play"),
    path("rules/<slug:slug>/", howto.variant_rules, name="variant_rules"),
    path("fair/", fair_views.fair, name="fair"),
    path("calculator/", calculator.calculator, name="calculator"),
    path("calculator/group/", calculator.calculator_group, name="calculator_group"),
]

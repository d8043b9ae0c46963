from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("play/", views.lobby, name="lobby"),
    path("play/quick/", views.quick_match, name="quick_match"),
    path("play/private/", views.private_create, name="private_create"),
    path("join/", views.join_code, name="join_code"),
    path("join/<str:code>/", views.join, name="join"),
    path("tables/<int:table_id>/", views.table, name="table"),
    path("tables/<int:table_id>/leave/", views.leave, name="leave"),
    path("tables/<int:table_id>/move/", views.tier_move, name="tier_move"),
    path("tables/<int:table_id>/standings/", views.standings, name="standings"),
    path("hands/<int:hand_id>/replay/", views.replay, name="replay"),
]

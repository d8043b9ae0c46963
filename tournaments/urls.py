from django.urls import path

from paohuzi_site import ids  # noqa: F401 - the <id:…> converter

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("<id:tournament_id>/", views.detail, name="detail"),
    path("<id:tournament_id>/register/", views.register, name="register"),
    path("<id:tournament_id>/unregister/", views.unregister, name="unregister"),
    path("table/<id:table_id>/line/", views.line, name="line"),
]

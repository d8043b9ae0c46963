from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts.views import leaderboard

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("accounts/", include("accounts.urls")),
    path("leaderboard/", leaderboard, name="leaderboard"),
    path("clubs/", include("clubs.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("games.pages.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

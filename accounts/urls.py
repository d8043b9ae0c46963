from django.contrib.auth import views as auth_views
from django.urls import path

from paohuzi_site import ids  # noqa: F401 - the <id:…> converter

from accounts import views
from accounts.forms import ThrottledLoginForm

app_name = "accounts"
urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(template_name="accounts/login.html", redirect_authenticated_user=True,
                                                authentication_form=ThrottledLoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("guest/", views.guest, name="guest"),
    path("claim/", views.claim, name="claim"),
    path("profile/", views.profile, name="profile"),
    path("relief/", views.relief, name="relief"),
    path("signin/", views.signin, name="signin"),
    path("tasks/<id:task_id>/claim/", views.task_claim, name="task_claim"),
    path("watch-settings/", views.watch_settings, name="watch_settings"),
    path("hints/", views.hint_setting, name="hints"),
]

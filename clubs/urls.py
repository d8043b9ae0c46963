from django.urls import path

from paohuzi_site import ids  # noqa: F401 - the <id:…> converter

from clubs import views

app_name = "clubs"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.create, name="create"),
    path("join/", views.join, name="join"),
    path("join/<str:number>/", views.invite, name="invite"),
    path("records/", views.my_records, name="my_records"),
    path("<str:number>/", views.lobby, name="lobby"),
    path("<str:number>/tap/<id:rule_set_id>/", views.tap, name="tap"),
    path("<str:number>/leave/", views.leave, name="leave"),
    path("<str:number>/manage/", views.manage, name="manage"),
    path("<str:number>/records/", views.records, name="records"),
]

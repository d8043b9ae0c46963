from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("tournaments")

    def ready(self):
        """The tournaments' clock runs in every sweep, their panels show in the lobby and at their tables,
        their tables refuse the dissolve vote and tell the tournament's page of their changes: hooks of the
        layers below (games.clock.sweeper, games.pages.extras, games.play.dissolve_guard_add,
        games.room_hooks), which import nothing of tournaments. Its event is parsed by every socket
        (games.events.register, in tournaments.notify)."""
        from games import room_hooks
        from games.clock import sweeper
        from games.pages import extras
        from games.play import dissolve_guard_add
        from tournaments import clock, notify, running, views

        sweeper.hook_add(clock.tick)
        room_hooks.register(notify.table_changed)
        dissolve_guard_add(running.dissolve_refused)
        extras.panel_add("lobby", views.lobby_panel)
        extras.panel_add("table", views.table_panel)

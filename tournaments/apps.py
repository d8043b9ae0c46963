from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("tournaments")

    def ready(self):
        """The tournaments' clock runs in every sweep, and their panels show in the lobby and at their
        tables: hooks of the layers below (games.clock.sweeper, games.pages.extras), which import nothing
        of tournaments."""
        from games.clock import sweeper
        from games.pages import extras
        from tournaments import clock, views

        sweeper.hook_add(clock.tick)
        extras.panel_add("lobby", views.lobby_panel)
        extras.panel_add("table", views.table_panel)

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("tournaments")

    def ready(self):
        """The tournaments' clock runs in every sweep (games.clock.sweeper's hook: the clock is below)."""
        from games.clock import sweeper
        from tournaments import clock

        sweeper.hook_add(clock.tick)

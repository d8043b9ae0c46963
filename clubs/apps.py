from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"
    verbose_name = _("clubs")

    def ready(self):
        """A club's tables tell its lobby of their changes (games.room_hooks: games never imports clubs);
        the club's events are parsed by every socket (games.events.register)."""
        from clubs import live_events
        from games import room_hooks

        room_hooks.register(live_events.table_changed)

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = _("Coins")

    def ready(self) -> None:
        from money import levels  # noqa: F401  (connects the signal that forgets the cached level table)

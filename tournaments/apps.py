"""App configuration for the tournaments app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Gives the app a translated name, which the admin shows as its section heading."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments.services import change_log

        change_log.connect()

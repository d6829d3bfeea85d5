"""App configuration for the tournaments app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Gives the app a translated name, which the admin shows as its section heading."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments.services import change_log, finishing, versions
        from tournaments.services.money.payments import ensure_money_settled
        from tournaments.services.money.settlement import freeze_settlement, unfreeze_settlement
        from tournaments.web import login_limit  # noqa: F401 - connects the known-device signal

        change_log.connect()
        versions.connect()
        # Open money is named before the finish; the treasurer's report is frozen with the
        # final ranking, and live again on reopen.
        finishing.before_tournament_finished(ensure_money_settled)
        finishing.on_tournament_finished(freeze_settlement)
        finishing.on_tournament_reopened(unfreeze_settlement)

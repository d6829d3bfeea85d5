"""App configuration for the publishing app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    """Gives the app a translated name, which the admin shows as its section heading."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "publishing"
    verbose_name = _("Publishing")

    def ready(self) -> None:
        from publishing.services.marks import publication_note
        from tournaments.web.notes import register_tournament_note

        register_tournament_note(publication_note)

"""App configuration for the door (Einlass) of open tournaments."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DoorConfig(AppConfig):
    """Gives the app a translated name, which the admin shows as its section heading."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "door"
    verbose_name = _("Door")

    def ready(self):
        # The core never imports the door; the door adds its audit verbs to the core's labels.
        from tournaments.services import audit
        from tournaments.web.director.page_links import TournamentLink, register_tournament_link

        from .audit_labels import DOOR_ACTION_LABELS

        audit.ACTION_LABELS.update(DOOR_ACTION_LABELS)
        register_tournament_link(
            TournamentLink(_("Door (registration on phones)"), "door:desk", "door")
        )

"""The door's audit verbs, registered with the core's audit trail labels in ``apps.py``."""

from django.utils.translation import gettext_noop

DOOR_ACTION_LABELS = {
    "arrival_accepted": gettext_noop("arrival accepted at the door"),
    "arrivals_rejected": gettext_noop("registrations at the door rejected"),
    "participant_checked_in": gettext_noop("participant checked in"),
    "door_opened": gettext_noop("registration at the door opened"),
    "door_closed": gettext_noop("registration at the door closed"),
    "check_in_required": gettext_noop("only present participants are drawn"),
    "check_in_not_required": gettext_noop("everyone registered is drawn"),
}

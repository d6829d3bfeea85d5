"""Adding a series (Serie) to a tournament."""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from tournaments.models import Series, Tournament
from tournaments.services.errors import Refusal
from tournaments.services.finishing import ensure_unfinished

NO_NEW_SERIES = Refusal(
    "tournament",
    "tournament_finished",
    gettext_noop("%(name)s is finished and takes no new series. Reopen it first (with a reason)."),
    conflict=True,
)

# --- Series -----------------------------------------------------------------------------


@transaction.atomic
def add_series(tournament: Tournament) -> Series:
    """The next series of a tournament (numbers 1, 2, …)."""
    locked = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if locked is not None:
        ensure_unfinished(locked, NO_NEW_SERIES, name=str(locked))
    top = tournament.series.aggregate(top=Max("number"))["top"] or 0
    return Series.objects.create(tournament=tournament, number=top + 1)

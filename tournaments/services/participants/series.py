"""Adding a series (Serie) to a tournament."""

from django.db import transaction
from django.db.models import Max

from tournaments.models import Series, Tournament

# --- Series -----------------------------------------------------------------------------


@transaction.atomic
def add_series(tournament: Tournament) -> Series:
    """The next series of a tournament (numbers 1, 2, …)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    top = tournament.series.aggregate(top=Max("number"))["top"] or 0
    return Series.objects.create(tournament=tournament, number=top + 1)

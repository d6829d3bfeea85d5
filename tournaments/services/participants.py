"""Registering players for a tournament (Anmeldung) with automatic start numbers."""

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext_noop

from tournaments.models import Participant, Series, Tournament

from .errors import Rejected


@transaction.atomic
def register(tournament: Tournament, player, start_number=None, team=None, withdrawn=False):
    """Add ``player``; the next free start number unless one is given."""
    if tournament.participants.filter(player=player).exists():
        raise Rejected.because(
            "player",
            "already_registered",
            gettext_noop("%(name)s is already registered for this tournament."),
            conflict=True,
            name=str(player),
        )
    if team is not None and team.tournament_id != tournament.id:
        raise Rejected.because(
            "team",
            "team_of_other_tournament",
            gettext_noop("This team belongs to another tournament."),
        )
    if start_number is None:
        start_number = (tournament.participants.aggregate(top=Max("start_number"))["top"] or 0) + 1
    elif tournament.participants.filter(start_number=start_number).exists():
        raise Rejected.because(
            "start_number",
            "start_number_taken",
            gettext_noop(
                "Start number %(number)d is already taken; leave it empty to get the next free one."
            ),
            conflict=True,
            number=start_number,
        )
    try:
        with transaction.atomic():
            return Participant.objects.create(
                tournament=tournament,
                player=player,
                start_number=start_number,
                team=team,
                withdrawn=withdrawn,
            )
    except IntegrityError as error:
        raise Rejected.because(
            "player",
            "registration_conflict",
            gettext_noop("The registration conflicts with another one; please try again."),
            conflict=True,
        ) from error


@transaction.atomic
def add_series(tournament: Tournament) -> Series:
    """The next series of a tournament (numbers 1, 2, …)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    top = tournament.series.aggregate(top=Max("number"))["top"] or 0
    return Series.objects.create(tournament=tournament, number=top + 1)

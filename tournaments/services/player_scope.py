"""Which players a director may write: those of the clubs they direct (services/roles.py).

A player's record belongs to their club: its directors create, change and move them. A
director of another club may not create a player in it, nor move a player into or out of
it; a guest without a club is anyone's. Reading stays public.
"""

from django.utils.translation import gettext_noop

from tournaments.models import Club

from . import roles
from .errors import Refusal

PLAYER_OF_ANOTHER_CLUB = Refusal(
    "club",
    "player_of_another_club",
    gettext_noop("Only the tournament director of %(club)s may create or change its players."),
    forbidden=True,
)


def ensure_may_write_players_of(user, *clubs: Club | None) -> None:
    """Refuse (403) unless ``user`` directs every one of ``clubs`` (None: a guest)."""
    for club in clubs:
        if club is not None and not roles.may_direct(user, club):
            raise PLAYER_OF_ANOTHER_CLUB.rejected(club=club.name)

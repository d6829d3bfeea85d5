"""Naming a club's directors (Turnierleitung des Vereins): the staff users who direct its
tournaments and league venues (services/roles.py says what that allows)."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Club

from . import audit, roles
from .errors import Refusal, is_id
from .input import ascii_whole_number

NOT_A_STAFF_USER = Refusal(
    "user",
    "not_a_staff_user",
    gettext_noop(
        "There is no active staff user with the id %(id)s; a club's director needs a staff login."
    ),
)


@transaction.atomic
def add_director(club: Club, user_id, *, user=None):
    """Name the staff user ``user_id`` a director of ``club``; returns that user."""
    pk = ascii_whole_number(user_id) if not isinstance(user_id, bool) else None
    director = (
        roles.directors(get_user_model().objects).filter(pk=pk).first() if is_id(pk) else None
    )
    if director is None:
        raise NOT_A_STAFF_USER.rejected(id=str(user_id)[:20])
    club.directors.add(director)
    audit.record(
        "club_director_added", user=user, obj=club, after={"club": club.pk, "user": director.pk}
    )
    return director


def director_ids(club: Club) -> list[int]:
    return sorted(club.directors.values_list("id", flat=True))

"""A club on the director's pages: create one for a typed player, rename it, list its
members (``/leitung/vereine/``), so that no club needs the admin.

Who may: any director creates a club and is named its director, so that it stays theirs
(a director named for other clubs would otherwise not direct it, services/roles.py); only
a director of the club (or the admin) renames it.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from tournaments.models import Club

from . import audit, roles
from .errors import Refusal

NAME_LENGTH = Club._meta.get_field("name").max_length

NAME_MISSING = Refusal("name", "club_name_missing", gettext_noop("Please give the club's name."))
NAME_TOO_LONG = Refusal(
    "name",
    "club_name_too_long",
    gettext_noop("The name may be at most %(limit)s characters long."),
)
NAME_TAKEN = Refusal("name", "club_name_taken", gettext_noop("A club “%(name)s” exists already."))
NAME_UNPRINTABLE = Refusal(
    "name", "club_name_unprintable", gettext_noop("The name may not contain control characters.")
)
NOT_THE_CLUB_S_DIRECTOR = Refusal(
    "name",
    "not_the_club_s_director",
    gettext_noop("Only the tournament director of %(club)s may rename it."),
    forbidden=True,
)
NOT_A_DIRECTOR = Refusal(
    "name",
    "not_a_director",
    gettext_noop("Only a tournament director may create a club."),
    forbidden=True,
)


def _clean_name(name, *, other_than: Club | None = None) -> str:
    """The name stripped of surrounding blanks; refused if empty, too long, a control
    character in it, or another club's name in any case."""
    name = str(name or "").strip()
    if not name:
        raise NAME_MISSING.rejected()
    if len(name) > NAME_LENGTH:
        raise NAME_TOO_LONG.rejected(limit=NAME_LENGTH)
    if any(ord(char) < 32 or ord(char) == 127 for char in name):
        raise NAME_UNPRINTABLE.rejected()
    same = Club.objects.filter(name__iexact=name)
    if other_than is not None:
        same = same.exclude(pk=other_than.pk)
    existing = same.first()
    if existing is not None:
        raise NAME_TAKEN.rejected(name=existing.name)
    return name


def create_club(name, *, user) -> Club:
    """A new club named ``name``. A director named for clubs becomes its director too, so
    that they keep it; one named for none (who directs every club that named nobody) is
    not named, since naming them would narrow them to this one club: the clubs they ran
    until now would vanish from their pages. The admin directs all anyway."""
    if not roles.is_director(user):
        raise NOT_A_DIRECTOR.rejected()
    name = _clean_name(name)
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name)
            if not roles.is_association_admin(user) and roles.directed_clubs(user):
                club.directors.add(user)
            audit.record("club_created", user=user, obj=club, after={"name": name})
    except IntegrityError:  # created by someone else between the check and the insert
        raise NAME_TAKEN.rejected(name=name) from None
    return club


def rename_club(club: Club, name, *, user) -> Club:
    """Rename ``club``; its directors and the admin only."""
    if not roles.directs_club(user, club.pk):
        raise NOT_THE_CLUB_S_DIRECTOR.rejected(club=club.name)
    name = _clean_name(name, other_than=club)
    before = club.name
    if name == before:
        return club
    try:
        with transaction.atomic():
            club.name = name
            club.save(update_fields=["name"])
            audit.record(
                "club_renamed", user=user, obj=club, before={"name": before}, after={"name": name}
            )
    except IntegrityError:
        club.name = before
        raise NAME_TAKEN.rejected(name=name) from None
    return club


def members(club: Club):
    """The club's players in German name order."""
    return club.players.order_by("sort_name", "id")

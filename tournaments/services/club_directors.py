"""Naming a club's directors (Turnierleitung des Vereins): the staff users who direct its
tournaments and league venues (services/roles.py says what that allows, and who may name
them: :func:`roles.may_name_directors`). The API and the club's page both call this
module; every step is in the audit trail."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Club

from . import audit, roles
from .errors import Refusal, is_id
from .input import ascii_whole_number, free_text

NOT_A_STAFF_USER = Refusal(
    "user",
    "not_a_staff_user",
    gettext_noop(
        "There is no active staff user with the id %(id)s; a club's director needs a staff login."
    ),
)
USERNAME_MISSING = Refusal(
    "username", "director_username_missing", gettext_noop("Please give the director's login name.")
)
NO_DIRECTOR_LOGIN = Refusal(
    "username",
    "no_director_login",
    gettext_noop("There is no active director's login with the login name “%(username)s”."),
)
NOT_A_DIRECTOR_OF_THE_CLUB = Refusal(
    "director",
    "not_a_director_of_the_club",
    gettext_noop("This login is no director of %(club)s (any more)."),
    missing=True,
)
LAST_DIRECTOR = Refusal(
    "director",
    "last_director",
    gettext_noop(
        "The club's last director stays: name another director of %(club)s first, then "
        "remove %(username)s."
    ),
    conflict=True,
)
MAY_NOT_NAME_DIRECTORS = Refusal(
    "director",
    "may_not_name_directors",
    gettext_noop("Only the association's administrator names a club's directors."),
    forbidden=True,
)


def _refuse_unless_allowed(user, club: Club) -> None:
    if not roles.may_name_directors(user, club):
        raise MAY_NOT_NAME_DIRECTORS.rejected()


def _name(club: Club, director, *, user):
    club.directors.add(director)
    audit.record(
        "club_director_added", user=user, obj=club, after={"club": club.pk, "user": director.pk}
    )
    return director


@transaction.atomic
def add_director(club: Club, user_id, *, user):
    """Name the staff user ``user_id`` a director of ``club``; returns that user."""
    _refuse_unless_allowed(user, club)
    pk = ascii_whole_number(user_id) if not isinstance(user_id, bool) else None
    director = (
        roles.directors(get_user_model().objects).filter(pk=pk).first() if is_id(pk) else None
    )
    if director is None:
        raise NOT_A_STAFF_USER.rejected(id=str(user_id)[:20])
    return _name(club, director, user=user)


@transaction.atomic
def add_director_by_name(club: Club, username, *, user):
    """Name the active staff login ``username`` a director of ``club`` (the club's page);
    returns that user. A login that is no director's is refused: making one is the
    admin site's, with its password."""
    _refuse_unless_allowed(user, club)
    username = free_text(username, field="username", max_length=150, multiline=False)
    if not username:
        raise USERNAME_MISSING.rejected()
    director = roles.directors(get_user_model().objects).filter(username=username).first()
    if director is None:
        raise NO_DIRECTOR_LOGIN.rejected(username=username)
    return _name(club, director, user=user)


@transaction.atomic
def remove_director(club: Club, director_id, *, user) -> None:
    """``director_id`` no longer directs ``club`` (the login stays). The last director is
    never removed, not even by themselves: a club without directors is directed by every
    staff user again."""
    _refuse_unless_allowed(user, club)
    pk = ascii_whole_number(director_id) if not isinstance(director_id, bool) else None
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one removal at a time
    named = list(club.directors.order_by("pk")) if is_id(pk) else []
    director = next((one for one in named if one.pk == pk), None)
    if director is None:
        raise NOT_A_DIRECTOR_OF_THE_CLUB.rejected(club=club.name)
    if len(named) == 1:
        raise LAST_DIRECTOR.rejected(club=club.name, username=director.get_username())
    club.directors.remove(director)
    audit.record("club_director_removed", user=user, obj=club, before={"club": club.pk, "user": pk})


def directors_of(club: Club) -> list:
    """The club's directors, by login name."""
    return sorted(club.directors.all(), key=lambda one: one.get_username())


def director_ids(club: Club) -> list[int]:
    return sorted(club.directors.values_list("id", flat=True))

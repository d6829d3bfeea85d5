"""Naming a club's treasurers (Kassenwart): the users who keep its cash boxes.

A club's directors name them on their page (/leitung/kassenwarte/), without the admin: an
existing login, or a new one made in the same step. A treasurer is a member of the group
``roles.TREASURER_GROUP`` named among the club's treasurers (``Club.treasurers``);
services/roles.py says what that allows. Every step is in the audit trail.
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Club

from . import audit, roles
from .errors import Refusal
from .input import TOO_LONG, free_text

LOGIN_EXISTS = Refusal(
    "password",
    "login_exists",
    gettext_noop(
        "The login %(username)s exists already and keeps its own password: leave "
        "the password empty."
    ),
)
INVALID_USERNAME = Refusal("username", "invalid_username", "%(reason)s")
PASSWORD_REQUIRED = Refusal(
    "password",
    "password_required",
    gettext_noop("A new login needs a password: type one for the treasurer."),
)
WEAK_PASSWORD = Refusal("password", "weak_password", "%(reason)s")
NOT_A_TREASURER = Refusal(
    "treasurer",
    "not_a_treasurer",
    gettext_noop("This login is no treasurer of %(club)s (any more)."),
    missing=True,
)


MAX_PASSWORD_LENGTH = 128


@dataclass(frozen=True)
class ClubTreasurers:
    club: Club
    treasurers: list


def treasurers_of(clubs) -> list[ClubTreasurers]:
    """Each club of ``clubs`` (a queryset) with its treasurers, in two queries."""
    clubs = clubs.prefetch_related("treasurers").order_by("name")
    return [
        ClubTreasurers(club, sorted(club.treasurers.all(), key=lambda u: u.get_username()))
        for club in clubs
    ]


def _treasurers_group() -> Group:
    return Group.objects.get_or_create(name=roles.TREASURER_GROUP)[0]


def _refuse_unless_director(user, club: Club) -> None:
    if not roles.may_name_treasurers(user, club):
        raise PermissionDenied("Only the club's directors name its treasurers.")


@transaction.atomic
def name_treasurer(club: Club, data: dict, *, user):
    """Name a treasurer of ``club``: the login ``data["username"]`` if it exists (its
    password stays its own), or a new login with ``data["password"]``; returns the user.
    """
    _refuse_unless_director(user, club)
    username = free_text(
        data.get("username"), field="username", max_length=150, required=True, multiline=False
    )
    password = data.get("password") or ""
    users = get_user_model().objects
    treasurer = users.filter(username=username).first()
    created = treasurer is None
    if treasurer is not None:
        if password:
            raise LOGIN_EXISTS.rejected(username=username)
    else:
        treasurer = users.model(username=username)
        _check_new_login(treasurer, password)
        treasurer.set_password(password)
        treasurer.save()
    _treasurers_group().user_set.add(treasurer)
    club.treasurers.add(treasurer)
    audit.record(
        "treasurer_named",
        user=user,
        obj=club,
        after={"club": club.pk, "user": treasurer.pk, "new_login": created},
    )
    return treasurer


def _check_new_login(treasurer, password: str) -> None:
    try:
        treasurer.full_clean(exclude=["password"])
    except ValidationError as error:
        messages = error.message_dict.get("username") or error.messages
        raise INVALID_USERNAME.rejected(reason=messages[0]) from None
    if not password:
        raise PASSWORD_REQUIRED.rejected()
    if len(password) > MAX_PASSWORD_LENGTH:
        raise TOO_LONG.rejected("password", max=MAX_PASSWORD_LENGTH, length=len(password))
    try:
        validate_password(password, treasurer)
    except ValidationError as error:
        raise WEAK_PASSWORD.rejected(reason=error.messages[0]) from None


@transaction.atomic
def remove_treasurer(club: Club, treasurer_id: int, *, user) -> None:
    """``treasurer_id`` no longer keeps ``club``'s cash boxes; named for no club any more,
    they leave the treasurers' group too (the login stays)."""
    _refuse_unless_director(user, club)
    treasurer = club.treasurers.filter(pk=treasurer_id).first()
    if treasurer is None:
        raise NOT_A_TREASURER.rejected(club=club.name)
    club.treasurers.remove(treasurer)
    if not treasurer.treasured_clubs.exists():
        _treasurers_group().user_set.remove(treasurer)
    audit.record(
        "treasurer_removed", user=user, obj=club, before={"club": club.pk, "user": treasurer.pk}
    )

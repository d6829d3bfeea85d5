"""Invitation links for the league's people (docs/league.md "Einladungen").

The association admin invites group leaders and club directors; a group leader invites
the captains of the group's teams and a director for one venue. The link
``/einladung/<token>/`` lets the invited person choose a login name and set a password
once; the login is then bound to the role:

- group leader: among the group's leaders;
- captain: the team's captain login;
- club director: staff, among the club's directors (directs its tournaments and venues);
- venue director: no staff rights; directs that venue's tournament and nothing else, and
  only on its match day (:func:`directs_venue_today`, registered as a director scope).

Only the SHA-256 digest of the token is stored (the link is shown once, when made). An
invitation is valid 14 days, a venue director's until the end of its match day.
"""

import datetime
import hashlib
import secrets

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from league.models import Invitation, LeagueGroup, LeagueTeam, Venue
from tournaments.models import Club
from tournaments.services import audit
from tournaments.services.errors import Refusal, Rejected
from tournaments.services.input import free_text

from . import invitation_privacy, reading, roles

VALID_DAYS = 14
Role = Invitation.Role

UNKNOWN = Refusal(
    "token",
    "invitation_unknown",
    gettext_noop("This invitation link is not known. Ask for a new one."),
    missing=True,
)
USED = Refusal(
    "token",
    "invitation_used",
    gettext_noop("This invitation has already been used. Log in with the login set then."),
    conflict=True,
)
EXPIRED = Refusal(
    "token",
    "invitation_expired",
    gettext_noop("This invitation has expired. Ask the person who sent it for a new one."),
    conflict=True,
)
LOGIN_TAKEN = Refusal(
    "username", "login_taken", gettext_noop("The login %(login)s is taken; choose another.")
)
MATCH_DAY_OVER = Refusal(
    "venue",
    "match_day_over",
    gettext_noop("The match day of this venue is over; nobody is invited to direct it now."),
    conflict=True,
)
PASSWORDS_DIFFER = Refusal(
    "password2", "passwords_differ", gettext_noop("The two passwords are not the same.")
)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def target_fields(target) -> tuple[str, dict]:
    """The role and the invitation's field for the object the person is invited to."""
    if isinstance(target, LeagueGroup):
        return Role.GROUP_LEADER, {"group": target}
    if isinstance(target, LeagueTeam):
        return Role.CAPTAIN, {"team": target, "group": target.group}
    if isinstance(target, Club):
        return Role.CLUB_DIRECTOR, {"club": target}
    if isinstance(target, Venue):
        return Role.VENUE_DIRECTOR, {"venue": target, "group": target.match_day.group}
    raise TypeError(f"Nobody is invited to {target!r}.")


def _expiry(role: str, fields: dict) -> datetime.datetime:
    now = timezone.now()
    if role == Role.VENUE_DIRECTOR:
        day = fields["venue"].match_day.date + datetime.timedelta(days=1)
        end = timezone.make_aware(datetime.datetime.combine(day, datetime.time.min))
        return min(end, now + datetime.timedelta(days=VALID_DAYS))
    return now + datetime.timedelta(days=VALID_DAYS)


@transaction.atomic
def invite(target, name, *, user=None) -> tuple[Invitation, str]:
    """An invitation of the person ``name`` to ``target`` (a group: as its leader; a
    team: as its captain; a club: as its director; a venue: as its director on the match
    day); the invitation and its token, which is not stored."""
    name = reading.name(name, limit=200)
    role, fields = target_fields(target)
    expires_at = _expiry(role, fields)
    if expires_at <= timezone.now():
        raise MATCH_DAY_OVER.rejected()
    invitation_privacy.delete_expired()  # each new invitation tidies the old ones away
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        role=role,
        name=name,
        token_digest=digest(token),
        created_by=user if user is not None and user.is_authenticated else None,
        expires_at=expires_at,
        **fields,
    )
    audit.record(
        "invitation_created",
        user=user,
        obj=invitation,
        after={"invitation": invitation.pk, "role": role, "name": name},
    )
    return invitation, token


def pending(token) -> Invitation:
    """The invitation of ``token`` if it can still be used; refused as unknown, used or
    expired."""
    token = str(token or "")
    invitation = (
        Invitation.objects.select_related("group__league__season", "team", "club", "venue")
        .filter(token_digest=digest(token))
        .first()
        if 20 <= len(token) <= 100
        else None
    )
    if invitation is None:
        raise UNKNOWN.rejected()
    if invitation.used_at is not None:
        raise USED.rejected()
    if invitation.expires_at <= timezone.now():
        raise EXPIRED.rejected()
    return invitation


@transaction.atomic
def accept(token, data: dict):
    """The login the person chose (``username``, ``password1``, ``password2``), made and
    bound to the invitation's role; the invitation is used up."""
    invitation = pending(token)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.used_at is not None:  # used by a racing request meanwhile
        raise USED.rejected()
    login = free_text(data.get("username"), field="username", max_length=150, required=True)
    users = get_user_model()
    if users.objects.filter(username__iexact=login).exists():
        raise LOGIN_TAKEN.rejected(login=login)
    password = str(data.get("password1") or "")
    if password != str(data.get("password2") or ""):
        raise PASSWORDS_DIFFER.rejected()
    person = users(username=login, first_name=invitation.name[:150])
    try:
        password_validation.validate_password(password, person)
    except ValidationError as invalid:
        raise Rejected.because(
            "password1", "password_too_weak", " ".join(invalid.messages)
        ) from None
    person.set_password(password)
    person.save()
    if invitation.role == Role.CLUB_DIRECTOR:
        roles.grant_director_login(person)
    _bind(invitation, person)
    invitation.used_at, invitation.user = timezone.now(), person
    invitation.save(update_fields=["used_at", "user"])
    audit.record(
        "invitation_used",
        user=person,
        obj=invitation,
        after={"invitation": invitation.pk, "role": invitation.role, "user": person.pk},
    )
    return person


def _bind(invitation: Invitation, person) -> None:
    if invitation.role == Role.GROUP_LEADER:
        invitation.group.leaders.add(person)
    elif invitation.role == Role.CAPTAIN:
        invitation.team.captain_user = person
        invitation.team.save(update_fields=["captain_user"])
    elif invitation.role == Role.CLUB_DIRECTOR:
        invitation.club.directors.add(person)
    # A venue director is bound by the used invitation itself (directs_venue_today).


def _venues_today(user):
    return Invitation.objects.filter(
        role=Role.VENUE_DIRECTOR,
        user=user,
        used_at__isnull=False,
        venue__match_day__date=timezone.localdate(),
    )


def directs_venue_today(user, tournament) -> bool:
    """Whether ``user`` was invited to direct the venue whose play is ``tournament`` and
    today is its match day."""
    if not (user is not None and user.is_authenticated):
        return False
    return _venues_today(user).filter(venue__tournament=tournament).exists()


def venues_directed_today(user):
    """The ids of the venue tournaments ``user`` directs today by an invitation."""
    if not (user is not None and user.is_authenticated):
        return Invitation.objects.none().values("venue__tournament_id")
    return _venues_today(user).values("venue__tournament_id")

"""A results portal (docs/results-format.md, "A results portal"): clubs' publishing tokens,
and publishing a document with one, through the same import as ``manage.py
import_results`` (:mod:`.results_import`).

A token belongs to one club of the portal and publishes that club's documents only. A
hall's club has its own public id, made on the hall; the portal's club takes it with the
first document its token publishes, and from then on a document naming any other club is
refused.
"""

import hashlib
import secrets
import uuid

from django.db import transaction
from django.utils.translation import gettext_noop

from publishing.models import ClubIdentity, PublishingToken
from tournaments.models import Club, Tournament
from tournaments.services.errors import Refusal

from .results_import import ImportOutcome, import_document

CLUB_NAME_TAKEN = Refusal(
    "name",
    "club_name_taken",
    gettext_noop("A club named %(name)s is kept on this portal already."),
    conflict=True,
)
NAME_MISSING = Refusal("name", "name_missing", gettext_noop("Please give the club's name."))
NAME_TOO_LONG = Refusal(
    "name", "name_too_long", gettext_noop("The club's name may have at most %(max)d characters.")
)


class NotThisClub(Exception):
    """The document names another club than the token's (403)."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def issue_token(name) -> tuple[Club, str]:
    """A new club named ``name`` on this portal and its publishing token (shown once)."""
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise NAME_MISSING.rejected()
    limit = Club._meta.get_field("name").max_length
    if len(name) > limit:
        raise NAME_TOO_LONG.rejected(max=limit)
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        if Club.objects.filter(name=name).exists():
            raise CLUB_NAME_TAKEN.rejected(name=name)
        club = Club.objects.create(name=name)
        ClubIdentity.objects.create(club=club)
        PublishingToken.objects.create(club=club, digest=digest(token))
    return club, token


def club_of_token(token: str) -> Club | None:
    found = PublishingToken.objects.select_related("club").filter(digest=digest(token)).first()
    return found.club if found else None


def publish(club: Club, document) -> ImportOutcome:
    """Import ``document`` for ``club``; raises :class:`NotThisClub` for another club's
    document and :class:`~tournaments.services.errors.Rejected` as the import does."""
    with transaction.atomic():
        named = _club_id(document)
        if named is not None:
            _ensure_own_club(club, named)
        return import_document(document)


def _club_id(document) -> uuid.UUID | None:
    """The club id the document names; None when it names none readable (the schema
    check of the import then names the field)."""
    try:
        return uuid.UUID(document["club"]["id"])
    except (TypeError, KeyError, ValueError, AttributeError):
        return None


def _ensure_own_club(club: Club, named: uuid.UUID) -> None:
    identity = ClubIdentity.objects.select_for_update().get_or_create(club=club)[0]
    if identity.uuid == named:
        return
    first_document = not Tournament.objects.filter(club=club).exists()
    if first_document and not ClubIdentity.objects.filter(uuid=named).exists():
        identity.uuid = named
        identity.save(update_fields=["uuid"])
        return
    raise NotThisClub

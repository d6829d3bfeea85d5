"""The one naming rule for the public (docs/privacy.md, RULES §8 in docs/rules.md).

Whatever an anonymous visitor sees — public pages and API, the projector, the verification
page, files downloaded without login, league pages — names a player through
:func:`public_name`, by the consent the player gave (:class:`~tournaments.models.Publication`):

- ``full``: "Erika Mustermann" and the club;
- ``short``: "Erika M." and the club;
- ``none``: "Teilnehmer 17" (the start number in that tournament), no club.

The people running the event (director, treasurer, group leader, the table device) see
full names and never call this. Rankings read their people as plain rows for speed, so
:func:`public_name_of` takes the same facts as values.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import NamedTuple

from django.utils.translation import gettext as _

from tournaments.models import Participant, Player, Publication

# Whether what is being made (a downloaded file) is for an anonymous reader: the download
# view says so once, and the exporters' name columns ask (:func:`shown_name`), so the
# exporters need no parameter of their own for it.
_for_the_public: ContextVar[bool] = ContextVar("for_the_public", default=False)


@contextmanager
def for_the_public(public: bool = True) -> Iterator[None]:
    """While inside, :func:`reader_is_public` answers ``public``."""
    token = _for_the_public.set(public)
    try:
        yield
    finally:
        _for_the_public.reset(token)


def reader_is_public() -> bool:
    return _for_the_public.get()


def shown_name(row) -> str:
    """A ranking row's name for the reader of what is being made: the full name for the
    people running the event, the public one (:attr:`RankingRow.public`) otherwise. Rows
    without ``public`` (a season's) are named publicly before they are written."""
    return row.public.name if reader_is_public() and _named_by_row(row) else row.name


def shown_club(row) -> str:
    return (row.public.club or "") if reader_is_public() and _named_by_row(row) else row.club


def _named_by_row(row) -> bool:
    return hasattr(type(row), "public")


class PublicName(NamedTuple):
    """A player as the public sees them: ``club`` is ``None`` when it is not shown."""

    name: str
    club: str | None


def public_name(player: Player, *, start_number: int | None = None) -> PublicName:
    """How ``player`` is named for an anonymous visitor; ``start_number`` is the player's
    number in the tournament shown (it names a player who consented to no name)."""
    club = player.club.name if player.club_id else None
    return public_name_of(
        player.first_name, player.last_name, club, player.publication, start_number
    )


def public_name_of(
    first_name: str,
    last_name: str,
    club: str | None,
    publication: str,
    start_number: int | None = None,
) -> PublicName:
    """:func:`public_name` for a player read as values (a ranking's people rows)."""
    return named_publicly(published_name(first_name, last_name, publication), club, start_number)


def published_name(first_name: str, last_name: str, publication: str) -> str:
    """The name a player's consent lets the public read, "" for none: the same in every
    language, so that a ranking keeps it in its cache with the row."""
    if publication == Publication.NONE:
        return ""
    if publication == Publication.SHORT:
        initial = last_name.strip()[:1]
        return f"{first_name} {initial}." if initial else first_name
    return f"{first_name} {last_name}"


def named_publicly(published: str, club: str | None, start_number: int | None) -> PublicName:
    """A player by their :func:`published_name`: without one, the start number and no club."""
    if not published:
        return PublicName(anonymous_name(start_number), None)
    return PublicName(published, club or None)


def public_row_name(row) -> PublicName:
    """A ranking row's player as the public sees them (rows made by
    :func:`tournaments.services.ranking.rank_people` carry ``published_name``)."""
    return named_publicly(row.published_name, row.club, row.start_number)


def participant_names(participant_ids) -> dict[int, str]:
    """Participant id → the name the public reads, for the participants ``participant_ids``
    (ids or a queryset of them), in one query."""
    return {pk: shown for pk, (_full, shown) in _names_of(participant_ids).items()}


def renamed_texts(texts: list[str], participant_ids) -> list[str]:
    """``texts`` (e.g. an audit entry's label, "Tisch 1 / 2: Erika Mustermann: …") with
    each participant's full name replaced by the public one."""
    names = sorted(_names_of(participant_ids).values(), key=lambda pair: -len(pair[0]))
    shown = []
    for text in texts:
        for full, public in names:
            text = text.replace(full, public)
        shown.append(text)
    return shown


def _names_of(participant_ids) -> dict[int, tuple[str, str]]:
    rows = Participant.objects.filter(pk__in=participant_ids).values_list(
        "pk", "start_number", "player__first_name", "player__last_name", "player__publication"
    )
    return {
        pk: (
            f"{first_name} {last_name}",
            public_name_of(first_name, last_name, None, publication, number).name,
        )
        for pk, number, first_name, last_name, publication in rows
    }


def renamed(data, shown: dict[int, str]):
    """``data`` (JSON-like: dicts, lists) with the ``name`` of every object that names a
    ``participant`` replaced by ``shown[participant]`` (e.g. the seal document inside an
    audit entry); names of participants not in ``shown`` are withheld."""
    if isinstance(data, list):
        return [renamed(item, shown) for item in data]
    if isinstance(data, dict):
        copy = {key: renamed(value, shown) for key, value in data.items()}
        if "participant" in copy and "name" in copy:
            copy["name"] = shown.get(copy["participant"], anonymous_name(None))
        return copy
    return data


def anonymous_name(start_number: int | None) -> str:
    """The name of a player who consented to none: the start number, or no number at all."""
    if start_number is None:
        return _("Participant")
    return _("Participant %(number)s") % {"number": start_number}


def shows_player_page(player: Player) -> bool:
    """A player who consented to no name has no public page (it would join their results
    across tournaments under one address)."""
    return player.publication != Publication.NONE

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

from typing import NamedTuple

from django.utils.translation import gettext as _

from tournaments.models import Player, Publication


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
    if publication == Publication.NONE:
        return PublicName(anonymous_name(start_number), None)
    club = club or None
    if publication == Publication.SHORT:
        initial = last_name.strip()[:1]
        name = f"{first_name} {initial}." if initial else first_name
        return PublicName(name, club)
    return PublicName(f"{first_name} {last_name}", club)


def anonymous_name(start_number: int | None) -> str:
    """The name of a player who consented to none: the start number, or no number at all."""
    if start_number is None:
        return _("Participant")
    return _("Participant %(number)s") % {"number": start_number}


def shows_player_page(player: Player) -> bool:
    """A player who consented to no name has no public page (it would join their results
    across tournaments under one address)."""
    return player.publication != Publication.NONE

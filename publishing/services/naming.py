"""How a results document names a player: by the player's publication consent, through
the core's one naming rule for the public (tournaments/services/public_names.py)."""

from typing import NamedTuple

from tournaments.models import Participant
from tournaments.services.public_names import public_name


class PublishedPlayer(NamedTuple):
    name: str
    club: str | None
    publication: str


def published_player(participant: Participant) -> PublishedPlayer:
    """The participant as a document names them: "Erika Mustermann" with club, "Erika M."
    with club, or "Teilnehmer 17" without (API.md §10, docs/privacy.md)."""
    player = participant.player
    shown = public_name(player, start_number=participant.start_number)
    return PublishedPlayer(shown.name, shown.club, player.publication)

"""Rows whose member number belongs to a differently named player: conflicts to resolve.

A club's member number names one person. When a row gives the number of "Werner Braun" but
the name "Walter Schäfer", registering Werner would quietly merge two people, so the
preview asks the director instead (:class:`~.preview.Resolution`): register the existing
player, create a new one, or skip the row. Differences that are only spelling (case,
accents, hyphens, first and last name swapped) still count as the same person.
"""

import json
import unicodedata

from django.utils.translation import gettext_noop

from tournaments.models import Player
from tournaments.skat import Problem

from ..errors import Refusal, Rejected
from .parse import ImportRow
from .preview import Resolution

INVALID_RESOLUTIONS = Refusal(
    "resolutions",
    "invalid_resolutions",
    gettext_noop(
        'resolutions must map line numbers to "existing", "new" or "skip", '
        'e.g. {"3": "new", "7": "skip"}.'
    ),
)
CONFLICTS_UNRESOLVED = Refusal(
    "resolutions",
    "conflicts_unresolved",
    gettext_noop(
        "Lines %(lines)s: the member number belongs to a differently named player. Choose "
        "for each row whether to register that player, create a new one or skip the row; "
        "nothing was imported."
    ),
)


# The notes of a conflicting row, by code; the preview shows them beside the row.
NAME_CONFLICT = gettext_noop(
    "Line %(line)d: member number %(number)s belongs to %(name)s, but the file says %(given)s. "
    "Choose whether to register %(name)s, create %(given)s as a new player, or skip the row."
)
SKIPPED_BY_CHOICE = gettext_noop("Line %(line)d: skipped as chosen; %(given)s is not registered.")
NEW_PLAYER_WITHOUT_NUMBER = gettext_noop(
    "Line %(line)d: %(given)s is created as a new player without a member number, because "
    "%(number)s belongs to %(name)s."
)


def _fold(text: str) -> str:
    """A name without case, accents and punctuation: ``Wérner-Braun`` → ``werner braun``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    for character in "-.,'_":
        letters = letters.replace(character, " ")
    return " ".join(letters.split())


def same_person(player: Player, row: ImportRow) -> bool:
    """Whether a row names ``player`` up to case, accents and swapped first/last name."""
    stored = (_fold(player.first_name), _fold(player.last_name))
    given = (_fold(row.first_name), _fold(row.last_name))
    return given in (stored, stored[::-1])


def conflict_note(row: ImportRow, player: Player) -> Problem:
    return _note("name_conflict", NAME_CONFLICT, row, player)


def skipped_note(row: ImportRow) -> Problem:
    return _note("skipped_by_choice", SKIPPED_BY_CHOICE, row)


def new_player_note(row: ImportRow, player: Player) -> Problem:
    return _note("new_player_without_number", NEW_PLAYER_WITHOUT_NUMBER, row, player)


def _note(code: str, message: str, row: ImportRow, player: Player | None = None) -> Problem:
    """A note on a row's member number: its line and the name in the file, and with
    ``player`` the number and the name of the player it belongs to."""
    params = {"line": row.line, "given": row.full_name}
    if player is not None:
        params.update(number=row.member_number, name=player.full_name)
    return Problem("member_number", code, message, params)


def read_resolutions(raw) -> dict[int, str]:
    """The director's choices as line → :class:`Resolution`, from a mapping or JSON text.

    The API takes them as a JSON object in the form field ``resolutions``, e.g.
    ``{"3": "new", "7": "skip"}``; anything else is refused naming that field.
    """
    if raw is None or raw == "":
        return {}
    mapping = raw
    if isinstance(raw, str | bytes):
        try:
            mapping = json.loads(raw)
        except ValueError:
            mapping = None
    choices = {}
    if isinstance(mapping, dict):
        for line, choice in mapping.items():
            try:
                number = int(line)
            except (TypeError, ValueError):
                break
            if not isinstance(choice, str) or choice not in Resolution.values:
                break
            choices[number] = choice
        else:
            return choices
    raise INVALID_RESOLUTIONS.rejected()


def unresolved(conflicts) -> Rejected:
    """Nothing is imported while a conflict is open; the message names its lines."""
    return CONFLICTS_UNRESOLVED.rejected(lines=", ".join(str(line.row.line) for line in conflicts))

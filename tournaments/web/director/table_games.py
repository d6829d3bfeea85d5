"""The games of one list on the director's table page, each with its way to a correction.

The correction itself happens in the table's touch form (``web/table/correction.py``), the
same screen the list keeper uses; this module lists the games and the corrections made,
before and after in words, as the audit trail keeps them.
"""

from django.utils.translation import gettext

from tournaments.models import AuditEntry, Table
from tournaments.web.table.display import describe_entry, describe_game, signed

CORRECTIONS_SHOWN = 20


def table_games_context(table: Table) -> dict:
    """The list's games (newest first) and its latest corrections with before and after."""
    games = [
        {
            "number": game.number,
            "description": describe_game(game),
            "declarer_seat": game.declarer_seat,
            "result": "" if game.passed else _outcome(game.won),
            "score": "" if game.passed else signed(game.score),
        }
        for game in table.games.order_by("-number")
    ]
    corrections = [
        {
            "entry": entry,
            "before": describe_inputs(entry.before or {}),
            "after": describe_inputs(entry.after or {}),
        }
        for entry in AuditEntry.objects.filter(table=table, action="game_corrected").order_by(
            "-created_at", "-id"
        )[:CORRECTIONS_SHOWN]
    ]
    return {"games": games, "corrections": corrections}


def describe_inputs(inputs: dict) -> str:
    """A game as the audit trail stored it, in the words of a paper list."""
    if not inputs or inputs.get("passed"):
        return gettext("passed in")
    words = gettext("seat %(seat)s: %(game)s") % {
        "seat": inputs.get("declarer_seat", "?"),
        "game": describe_entry(inputs),
    }
    won = inputs.get("won")
    return words if won is None else f"{words}, {_outcome(won)}"


def _outcome(won) -> str:
    return gettext("won") if won else gettext("lost")

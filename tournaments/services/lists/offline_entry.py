"""What a table device sends when it was offline: a typed line, and a clash on return.

A device that kept games while the hall's Wi-Fi was down sends them later, each with the
number it showed. Keyboard entries travel as the typed notation line (the device cannot
read it without the server), touch entries as the API's game fields. When the list moved
on meanwhile (another device, the director), the server refuses the game with 409 and the
refusal is written to the list's audit trail, so the director sees which game clashed
(docs/table-device.md).
"""

from django.utils.translation import gettext, gettext_noop

from tournaments.models import Game, Table
from tournaments.skat import Problem
from tournaments.skat.notation import canonical_data, parse_game_line

from .. import audit
from ..errors import Rejected

LINE_FIELD = "line"
MAX_LINE_LENGTH = 200


def entry_data(table: Table, body: dict) -> dict:
    """The game fields of ``body``: as sent, or read from its notation ``line``."""
    if LINE_FIELD not in body:
        return body
    line = body[LINE_FIELD]
    extra = sorted(set(body) - {LINE_FIELD, "number"})
    if extra or not isinstance(line, str) or len(line) > MAX_LINE_LENGTH:
        raise Rejected([_line_alone(extra)])
    parsed = parse_game_line(line, table.series.tournament.scheme)
    if parsed.problems:
        raise Rejected(list(parsed.problems))
    data = dict(parsed.data)
    if "number" in body:
        data["number"] = body["number"]
    return data


def same_game_stored(table: Table, data: dict, refused: Rejected, kept_list="A") -> Game | None:
    """The stored game ``data`` describes exactly, when it was refused as already entered.

    A device whose answer was lost (the page saved the game, the connection dropped before
    the answer) sends the game again under its number: the list already holds exactly this
    game, so it is answered as stored rather than as a clash. Any difference stays a 409.
    """
    number = data.get("number")
    codes = {problem.code for problem in refused.problems}
    if codes != {"game_exists"} or not isinstance(number, int):
        return None
    games = table.second_games if kept_list == "B" else table.games
    game = games.filter(number=number).first()
    sent = {key: value for key, value in data.items() if key != "number"}
    if game is None or canonical_data(game.inputs()) != canonical_data(sent):
        return None
    return game


def record_clash(table: Table, body, problems, *, actor: str) -> None:
    """Note in the audit trail that a table device's game was refused as a clash."""
    sent = body if isinstance(body, dict) else {}
    audit.record(
        "entry_clash",
        actor=actor,
        table=table,
        after={key: sent[key] for key in sorted(sent) if isinstance(sent[key], str | int | bool)},
        reason=" ".join(problem.text(gettext) for problem in problems)[:1000],
    )


def _line_alone(extra) -> Problem:
    return Problem(
        LINE_FIELD,
        "line_with_fields",
        gettext_noop(
            "Send a game either as one notation line (line, at most %(max)d characters, "
            "and number) or as its fields, not both; remove %(fields)s."
        ),
        {"max": MAX_LINE_LENGTH, "fields": ", ".join(extra) or "-"},
    )

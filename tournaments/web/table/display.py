"""How games, scores and previews read on the table pages (German number format, real minus)."""

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_noop

from tournaments.models import Game
from tournaments.models.games import INPUT_FIELDS
from tournaments.services.lists import listkeeping
from tournaments.skat import GAME_FIELDS, GameType
from tournaments.skat.explanation import MINUS
from tournaments.skat.notation import format_game_line

ANNOUNCEMENTS = (
    ("hand", gettext_noop("Hand")),
    ("schneider_announced", gettext_noop("Schneider announced")),
    ("schwarz_announced", gettext_noop("Schwarz announced")),
    ("ouvert", gettext_noop("Ouvert")),
)
RESULT_LEVELS = (
    ("schneider", gettext_noop("Schneider")),
    ("schwarz", gettext_noop("Schwarz")),
)


def plain(number: int) -> str:
    """1.234 / −56 with grouping of the language and a real minus sign, as on printed lists."""
    sign = MINUS if number < 0 else ""
    return sign + number_format(abs(number), force_grouping=True)


def signed(number: int) -> str:
    """+48 / −96: a list score always shows its sign."""
    return ("+" if number > 0 else "") + plain(number)


def describe_entry(inputs: dict) -> str:
    """A game given by its inputs as ``Game.inputs()`` stores them (the audit trail, one
    list's version of a difference), in the words of a paper list."""
    if not inputs or inputs.get("passed"):
        return gettext("passed in")
    values = {
        attribute: inputs[field]
        for field, attribute in zip(GAME_FIELDS, INPUT_FIELDS, strict=True)
        if inputs.get(field) is not None
    }
    return describe_game(Game(**values))


def describe_game(game: Game) -> str:
    """The game in the words of a paper list: "Kreuz mit 2, Hand, Schneider"."""
    if game.passed:
        return gettext("passed in")
    parts = [gettext(GameType(game.game).label)]
    if game.matadors is not None and game.game != GameType.NULL.value:
        template = gettext("with %(n)d") if game.with_matadors else gettext("without %(n)d")
        parts[0] += " " + template % {"n": game.matadors}
    for name, label in ANNOUNCEMENTS:
        if getattr(game, name):
            parts.append(gettext(label))
    for name, label in RESULT_LEVELS:
        if getattr(game, name):
            parts.append(gettext(label))
    if game.bid:
        parts.append(gettext("bid %(bid)d") % {"bid": game.bid})
    if game.conceded:
        parts.append(gettext("conceded"))
    return ", ".join(parts)


def row_display(row, seats) -> dict:
    game = row.game
    return {
        "number": game.number,
        "dealer_seat": game.dealer_seat,
        "passed": game.passed,
        "declarer_seat": game.declarer_seat,
        "declarer_name": row.declarer_name,
        "description": describe_game(game),
        "line": format_game_line(listkeeping.game_inputs(game)),
        "won": game.won,
        "overbid": game.overbid,
        "value": game.game_value,
        "score": signed(game.score) if not game.passed else "",
        "totals": [
            plain(row.totals[column]) if column in row.totals else ""
            for column in _column_numbers(seats)
        ],
    }


def _column_numbers(seats) -> list[int]:
    return sorted({seat.number for seat in seats})


def game_label(row: dict) -> str:
    """A row of the list in one phrase, e.g. "Kreuz mit 2, Hand, Platz 2, gewonnen +72"."""
    if row["passed"]:
        return row["description"]
    return gettext("%(game)s, seat %(seat)d, %(outcome)s %(score)s") % {
        "game": row["description"],
        "seat": row["declarer_seat"],
        "outcome": gettext("won") if row["won"] else gettext("lost"),
        "score": row["score"],
    }


def delete_question(row: dict) -> str:
    """The question before a game is deleted names it, so nobody deletes the wrong one."""
    return gettext("Delete game %(number)d (%(game)s)?") % {
        "number": row["number"],
        "game": game_label(row),
    }


def saved_message(game: Game, *, corrected: bool = False) -> str:
    """ "Game 5 saved: +48." after an entry, "Game 5 corrected: +48." after a correction."""
    if game.passed:
        text = (
            gettext("Game %(number)d corrected: passed in.")
            if corrected
            else gettext("Game %(number)d saved: passed in.")
        )
    else:
        text = (
            gettext("Game %(number)d corrected: %(score)s.")
            if corrected
            else gettext("Game %(number)d saved: %(score)s.")
        )
    return text % {"number": game.number, "score": signed(game.score)}


def preview_display(preview) -> dict:
    evaluation = preview.evaluation
    data = {
        "ok": True,
        "summary": _preview_summary(preview),
        "number": preview.number,
        "dealer_seat": preview.dealer_seat,
        "passed": preview.passed,
        "declarer_seat": preview.declarer_seat,
        "points": {str(seat): value for seat, value in preview.points.items()},
        "totals": {str(seat): value for seat, value in preview.totals.items()},
        "points_display": {str(s): signed(v) for s, v in preview.points.items()},
        "totals_display": {str(s): plain(v) for s, v in preview.totals.items()},
        "list_totals_display": {str(s): plain(v) for s, v in preview.list_totals.items()},
    }
    if evaluation is not None:
        data.update(
            {
                "game_value": evaluation.game_value,
                "score": evaluation.score,
                "score_display": signed(evaluation.score),
                "won": evaluation.won,
                "overbid": evaluation.overbid,
                "explanation": evaluation.explain(gettext),
                # The bar names the game as the paper does: "Kreuz mit 1, Hand – gewonnen".
                "game_words": f"{describe_game(preview.game)} – {_outcome_word(evaluation)}",
            }
        )
    return data


def _outcome_word(evaluation) -> str:
    if evaluation.overbid:
        return gettext("overbid – lost")
    return gettext("won") if evaluation.won else gettext("lost")


def _preview_summary(preview) -> str:
    """One sentence for the keyboard page: "Game 5: seat 2, Kreuz with 2, Hand – won, +48"."""
    if preview.passed:
        return gettext("Game %(number)d: passed in") % {"number": preview.number}
    evaluation = preview.evaluation
    outcome = _outcome_word(evaluation)
    return gettext(
        "Game %(number)d: seat %(seat)d, %(game)s – %(outcome)s, value %(value)d, %(score)s"
    ) % {
        "number": preview.number,
        "seat": preview.declarer_seat,
        "game": describe_game(preview.game),
        "outcome": outcome,
        "value": evaluation.game_value,
        "score": signed(evaluation.score),
    }

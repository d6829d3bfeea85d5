"""A game as a posted form describes it, valued before it is saved (Vorschau).

The touch entry (with its "show value first" button and its live preview) and the game value
calculator post the same controls: declarer, game, matadors with/without, the announcement
and result boxes, won/lost, bid. This module is the one place that reads those controls into
the fields of a game, so both screens ask the rules engine the same question: the touch
entry through :func:`preview_at_table`, the calculator (which posts its form as it is to
``POST /api/v1/game-value/``) through :func:`calculator_fields`.
"""

from collections.abc import Mapping

from tournaments.models import Table
from tournaments.services.input import ascii_whole_number
from tournaments.services.lists.running_list import GamePreview, preview_game
from tournaments.skat import NULL_VALUES, GameType

# Boxes of the form that mean "true" when ticked; unticked they are left to the rules engine.
TICKED_MEANS_TRUE = ("hand", "ouvert", "schneider_announced", "schwarz_announced", "conceded")
MAX_DIGITS = 9
EYES_FIELDS = ("declarer_eyes", "declarer_tricks")


def game_fields(form: Mapping) -> dict:
    """The API's game fields from the posted form; bad values are left for the rules to name."""
    declarer = form.get("declarer", "")
    data: dict = {}
    number = whole_number(form.get("number", ""))
    if number is not None:
        data["number"] = number
    if declarer == "passed":
        data["passed"] = True
        return data
    if declarer:
        data["declarer_seat"] = number_or_text(declarer)
    game = form.get("game", "")
    if game:
        data["game"] = game
    # Ticked boxes only: a box the page showed as implied (Hand in an ouvert game) may
    # come disabled and unsent, and "not given" lets the rules engine imply it.
    for name in TICKED_MEANS_TRUE:
        if name in form:
            data[name] = True
    for name in ("schneider", "schwarz"):
        if name in form:
            data[name] = True
        elif game != GameType.NULL.value:
            data[name] = False
    if form.get("bid", ""):
        data["bid"] = number_or_text(form["bid"])
    if form.get("won") in ("true", "false"):
        data["won"] = form["won"] == "true"
    if _needs_matadors(game, data) and form.get("matadors", ""):
        data["matadors"] = number_or_text(form["matadors"])
        data["with_matadors"] = form.get("with_matadors", "true") != "false"
    return data


def calculator_fields(form: Mapping) -> dict:
    """The calculator's form as game fields: a game without a table or declarer.

    Its result is either the won/lost and level boxes of the touch entry or, with
    ``result_mode`` "eyes", the declarer's eyes and tricks, from which the rules engine
    works out won, Schneider and Schwarz (a Null game counts tricks only).
    """
    data = game_fields(form)
    if form.get("result_mode") != "eyes":
        return data
    for name in ("won", "schneider", "schwarz"):
        data.pop(name, None)
    names = ("declarer_tricks",) if data.get("game") == GameType.NULL.value else EYES_FIELDS
    for name in names:
        if form.get(name, "").strip():
            data[name] = number_or_text(form[name])
    return data


def preview_at_table(table: Table, form: Mapping, kept_list="A") -> GamePreview:
    """The next game of ``table`` (of list B with ``kept_list`` "B") as the form describes
    it: value, points, new totals.

    Raises :class:`~tournaments.services.errors.Rejected` with the problems saving would report.
    """
    return preview_game(table, game_fields(form), kept_list=kept_list)


def whole_number(text: str) -> int | None:
    """``text`` as a whole number of at most 9 ASCII digits, else None (services/input.py)."""
    return ascii_whole_number(text) if len(text.strip()) <= MAX_DIGITS else None


def number_or_text(text: str):
    """A whole number, or the text as typed so the rules engine can say what is wrong."""
    number = whole_number(text)
    return text.strip()[:20] if number is None else number


def _needs_matadors(game: str, data: dict) -> bool:
    """Null needs matadors only when the bid was above its value (ISkO 3.6.2)."""
    if game != GameType.NULL.value:
        return True
    bid = data.get("bid")
    value = NULL_VALUES[(bool(data.get("ouvert")), bool(data.get("hand")))]
    return isinstance(bid, int) and bid > value

"""One entry of a list checked against its deal: passed in, who may declare, the value.

What list keeping refuses before it stores a game, and the list points every player
present gets from it, without the database: the server's list keeping and the table
device's copy of these rules (``static/js/rules/entry.js``) use the same checks, and a
differential test holds the two equal.
"""

from dataclasses import dataclass

from .declaration import Declaration, Outcome
from .extra_points import SKWO, ExtraPointsScheme
from .i18n import gettext_noop
from .problems import GameInvalid, Problem
from .reading import GAME_FIELDS, read_game
from .rounds import Deal
from .values import Evaluation, evaluate

ENTRY_FIELDS = frozenset(GAME_FIELDS) | {"declarer_seat", "passed", "number"}


@dataclass(frozen=True)
class Entry:
    """A checked entry: passed in, or a declarer with the valued game."""

    passed: bool
    declarer_seat: int | None = None
    declaration: Declaration | None = None
    outcome: Outcome | None = None
    evaluation: Evaluation | None = None


def check_entry(data: dict, deal: Deal, scheme: ExtraPointsScheme = SKWO) -> Entry:
    """``data`` (the API's fields) as game ``deal.number``; raise :class:`GameInvalid`."""
    problems = unknown_fields(data)
    passed = data.get("passed", False)
    if not isinstance(passed, bool):
        problems.append(
            Problem(
                "passed",
                "not_a_boolean",
                gettext_noop("%(field)s must be true or false."),
                {"field": "passed"},
            )
        )
    elif passed:
        problems += _passed_without_values(data)
        if problems:
            raise GameInvalid(problems)
        return Entry(passed=True)
    problems += declarer_problems(data.get("declarer_seat"), deal)
    try:
        declaration, outcome = read_game(data)
        evaluation = evaluate(declaration, outcome, scheme)
    except GameInvalid as invalid:
        raise GameInvalid(problems + list(invalid.problems)) from invalid
    if problems:
        raise GameInvalid(problems)
    return Entry(False, data["declarer_seat"], declaration, outcome, evaluation)


def points_per_seat(entry: Entry, deal: Deal) -> dict[int, int]:
    """The list points of every seat present: the declarer's, and each other player's
    (the dealer sitting out at a 4-table included) for a lost game."""
    if entry.passed:
        return dict.fromkeys(deal.seats, 0)
    points = entry.evaluation.list_points
    other = points.for_opponent(deal.table_size)
    return {seat: points.declarer if seat == entry.declarer_seat else other for seat in deal.seats}


def unknown_fields(data: dict) -> list[Problem]:
    return [
        Problem(
            name,
            "unknown_field",
            gettext_noop("%(field)s is not a field of a game; check the spelling."),
            {"field": name},
        )
        for name in data
        if name not in ENTRY_FIELDS
    ]


def _passed_without_values(data: dict) -> list[Problem]:
    given = [name for name in (*GAME_FIELDS, "declarer_seat") if data.get(name) is not None]
    return [
        Problem(
            name,
            "passed_game_has_no_values",
            gettext_noop(
                "A passed-in game (eingepasst) has no declarer and no game: remove %(field)s "
                "or untick 'passed'."
            ),
            {"field": name},
        )
        for name in given
    ]


def declarer_problems(seat, deal: Deal) -> list[Problem]:
    """The declarer must be one of the three seats playing the deal."""
    active = ", ".join(str(s) for s in deal.active)
    if seat is None:
        return [
            Problem(
                "declarer_seat",
                "declarer_required",
                gettext_noop(
                    "Enter the declarer's seat (%(active)s), or mark the game as passed in."
                ),
                {"active": active},
            )
        ]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in deal.seats:
        return [
            Problem(
                "declarer_seat",
                "unknown_seat",
                gettext_noop(
                    "There is no player on seat %(seat)s at game %(number)d; the declarer "
                    "is one of seats %(active)s."
                ),
                {"seat": seat, "number": deal.number, "active": active},
            )
        ]
    if seat not in deal.active:
        return [
            Problem(
                "declarer_seat",
                "dealer_cannot_declare",
                gettext_noop(
                    "Seat %(seat)d deals game %(number)d and sits out at a 4-player table; "
                    "the declarer is one of seats %(active)s."
                ),
                {"seat": seat, "number": deal.number, "active": active},
            )
        ]
    return []

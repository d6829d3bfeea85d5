"""The rules of tournament Skat (ISkO game values, SkWO extra points, dealing).

Pure Python without Django, so every score in the product comes from one place that
can be tested on its own. Entry points: :func:`read_game` for raw input,
:func:`evaluate` for a valued game.
"""

from .dealing import Position, active_seats, dealer_in_round, dealer_seat, positions
from .declaration import Declaration, Outcome
from .extra_points import (
    GAME_POINTS_ONLY,
    SKWO,
    ExtraPointsScheme,
    ListPoints,
    list_points,
)
from .games import BASE_VALUES, NULL_VALUES, POSSIBLE_GAME_VALUES, GameType
from .problems import GameInvalid, Problem
from .reading import GAME_FIELDS, read_game
from .values import Evaluation, Levels, evaluate

__all__ = [
    "BASE_VALUES",
    "GAME_FIELDS",
    "GAME_POINTS_ONLY",
    "NULL_VALUES",
    "POSSIBLE_GAME_VALUES",
    "SKWO",
    "Declaration",
    "Evaluation",
    "ExtraPointsScheme",
    "GameInvalid",
    "GameType",
    "Levels",
    "ListPoints",
    "Outcome",
    "Position",
    "Problem",
    "active_seats",
    "dealer_in_round",
    "dealer_seat",
    "evaluate",
    "list_points",
    "positions",
    "read_game",
]


def evaluate_data(data, scheme=SKWO) -> Evaluation:
    """Read raw input and value it in one step (the calculator's use case)."""
    declaration, outcome = read_game(data)
    return evaluate(declaration, outcome, scheme)


__all__.append("evaluate_data")

"""Reading a game from untrusted key/value input (JSON bodies, form data, imports).

Every type problem is collected, not just the first, so that a form can mark all wrong
fields at once. Range and rule checks follow in :mod:`.validation`.
"""

from collections.abc import Mapping

from .declaration import Declaration, Outcome
from .games import GameType
from .i18n import gettext_noop
from .problems import GameInvalid, Problem

DECLARATION_FIELDS = (
    "game",
    "matadors",
    "with_matadors",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "bid",
)
OUTCOME_FIELDS = (
    "won",
    "schneider",
    "schwarz",
    "declarer_eyes",
    "declarer_tricks",
    "conceded",
)
GAME_FIELDS = DECLARATION_FIELDS + OUTCOME_FIELDS

_BOOL_FIELDS = {
    "with_matadors",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "won",
    "schneider",
    "schwarz",
    "conceded",
}
_INT_FIELDS = {"matadors", "bid", "declarer_eyes", "declarer_tricks"}
# Fields whose absence means "false"; the others stay None ("not given").
_FALSE_BY_DEFAULT = {"ouvert", "schneider_announced", "schwarz_announced", "conceded"}


def read_game(data: Mapping[str, object]) -> tuple[Declaration, Outcome]:
    """Turn raw input into a declaration and an outcome, or raise :class:`GameInvalid`.

    Unknown keys are the caller's business (an API may allow its own extra fields).
    """
    if not isinstance(data, Mapping):
        raise GameInvalid(
            [
                Problem(
                    "body",
                    "not_an_object",
                    gettext_noop('Send the game as an object, e.g. {"game": "clubs", ...}.'),
                )
            ]
        )
    problems: list[Problem] = []
    values: dict[str, object] = {}
    for name in GAME_FIELDS:
        raw = data.get(name)
        if raw is None:
            continue
        if name == "game":
            values[name] = _read_game_type(raw, problems)
        elif name in _BOOL_FIELDS:
            values[name] = read_bool(name, raw, problems)
        elif name in _INT_FIELDS:
            values[name] = _read_int(name, raw, problems)
    if "game" not in data or data.get("game") is None:
        problems.append(
            Problem(
                "game",
                "game_required",
                gettext_noop("Choose the game that was played."),
            )
        )
    if problems:
        raise GameInvalid(problems)
    for name in _FALSE_BY_DEFAULT:
        values.setdefault(name, False)
    values.setdefault("with_matadors", True)
    declaration = Declaration(**{k: v for k, v in values.items() if k in DECLARATION_FIELDS})
    outcome = Outcome(**{k: v for k, v in values.items() if k in OUTCOME_FIELDS})
    return declaration, outcome


def _read_game_type(raw: object, problems: list[Problem]) -> GameType | None:
    try:
        return GameType(raw)
    except (ValueError, TypeError):
        problems.append(
            Problem(
                "game",
                "unknown_game",
                gettext_noop(
                    "Unknown game %(value)s. Tournament Skat knows diamonds, hearts, spades, "
                    "clubs, grand and null."
                ),
                {"value": repr(raw)},
            )
        )
        return None


def read_bool(name: str, raw: object, problems: list[Problem]) -> bool | None:
    """``raw`` if it is true or false; otherwise ``None`` and a problem for ``name``."""
    if isinstance(raw, bool):
        return raw
    problems.append(
        Problem(
            name,
            "not_a_boolean",
            gettext_noop("%(field)s must be true or false."),
            {"field": name},
        )
    )
    return None


def _read_int(name: str, raw: object, problems: list[Problem]) -> int | None:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    problems.append(
        Problem(
            name,
            "not_an_integer",
            gettext_noop("%(field)s must be a whole number."),
            {"field": name},
        )
    )
    return None

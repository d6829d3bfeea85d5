"""Rule checks on a declaration and its outcome (docs/rules.md 1).

:func:`validate` returns every problem at once; an empty list means the engine can value
the game. Messages are written in the words used at the table and say how to fix the entry.
"""

from .declaration import Declaration, Outcome
from .games import (
    MAX_BID,
    MAX_MATADORS,
    MIN_BID,
    NULL_VALUES,
    POSSIBLE_GAME_VALUES,
    GameType,
)
from .i18n import gettext_noop
from .problems import Problem

MAX_EYES = 120
MAX_TRICKS = 10
# Two aces: the most a declarer can push into the skat (ISkO 2.5.6, docs/rules.md 1.3).
MAX_SKAT_EYES = 22
ANNOUNCEMENTS = ("schneider_announced", "schwarz_announced")

# Problems worded two ways under one field and code: the first message where the case
# named by the check holds (a Null game, a Grand, the entry says won, the eyes say
# Schneider), the second where it does not.
TWO_WORDINGS = {
    "matadors_required": (
        gettext_noop(
            "The bid is higher than this Null game is worth, so it is lost as the cheapest "
            "suit or grand game: enter the declarer's matadors (with or without 1 to 11)."
        ),
        gettext_noop("Enter the matadors: with or without 1 to %(max)d."),
    ),
    "matadors_out_of_range": (
        gettext_noop("In a Grand only the jacks are trumps: with or without 1 to 4 matadors."),
        gettext_noop(
            "In a suit game there are with or without 1 to 11 matadors "
            "(4 jacks and 7 cards of the trump suit)."
        ),
    ),
    "won_contradicts_tricks": (
        gettext_noop(
            "Without a trick the declarer has lost, not won: correct the result or the tricks."
        ),
        gettext_noop(
            "With all 10 tricks the declarer has won, not lost: correct the result or the tricks."
        ),
    ),
    "schneider_contradicts_eyes": (
        gettext_noop(
            "With %(eyes)d eyes a party is Schneider (30 eyes or fewer): tick Schneider or "
            "correct the eyes."
        ),
        gettext_noop(
            "With %(eyes)d eyes neither party is Schneider: untick Schneider or correct the eyes."
        ),
    ),
    "won_contradicts_eyes": (
        gettext_noop(
            "With %(eyes)d eyes the declarer has lost, not won: 61 eyes win, 60 lose; "
            "with Schneider announced he needs 90, with Schwarz announced every trick."
        ),
        gettext_noop(
            "With %(eyes)d eyes the declarer has won, not lost: correct the result or the eyes."
        ),
    ),
}


def validate(declaration: Declaration, outcome: Outcome) -> list[Problem]:
    problems: list[Problem] = []
    problems += _check_matadors(declaration)
    problems += _check_hand_and_announcements(declaration)
    problems += _check_bid(declaration)
    problems += _check_eyes_and_tricks(outcome)
    if declaration.game.is_null:
        problems += _check_null_outcome(declaration, outcome)
    elif not any(p.field in ("declarer_eyes", "declarer_tricks") for p in problems):
        unknown_schwarz = _check_schwarz_is_known(outcome)
        problems += unknown_schwarz or _check_trump_outcome(declaration, outcome)
    return problems


def null_is_overbid(declaration: Declaration) -> bool:
    """A Null game announced although the bid is above its fixed value (ISkO 3.6.2)."""
    value = NULL_VALUES[(declaration.ouvert, bool(declaration.hand))]
    return declaration.bid is not None and declaration.bid > value


def _check_matadors(declaration: Declaration) -> list[Problem]:
    game = declaration.game
    top = MAX_MATADORS[game]
    if declaration.matadors is None:
        if game.is_null and not null_is_overbid(declaration):
            return []
        return [_worded("matadors", "matadors_required", game.is_null, {"max": top})]
    if game.is_null and not null_is_overbid(declaration):
        # A Null game has no matadors; ones that came with it (a stray "m2" on a line)
        # would be stored and shown although they count for nothing.
        return [
            Problem(
                "matadors",
                "matadors_not_in_null",
                gettext_noop(
                    "A Null game has no matadors: remove them, unless the bid was higher "
                    "than the Null game is worth."
                ),
            )
        ]
    if not 1 <= declaration.matadors <= top:
        grand = game is GameType.GRAND
        return [_worded("matadors", "matadors_out_of_range", grand, {"max": top})]
    return []


def _check_hand_and_announcements(declaration: Declaration) -> list[Problem]:
    problems = []
    if declaration.game.is_null:
        return _each_ticked(
            declaration,
            ANNOUNCEMENTS,
            "announcement_not_in_null",
            gettext_noop(
                "Schneider and Schwarz cannot be announced in a Null game: untick the announcement."
            ),
        )
    if declaration.ouvert and declaration.hand is False:
        problems.append(
            Problem(
                "hand",
                "ouvert_requires_hand",
                gettext_noop(
                    "An open suit or grand game is always a hand game: tick Hand or untick Ouvert."
                ),
            )
        )
    if not declaration.is_hand:
        problems += _each_ticked(
            declaration,
            ANNOUNCEMENTS,
            "announcement_requires_hand",
            gettext_noop(
                "Schneider or Schwarz can only be announced in a hand game. After "
                "taking up the skat an announcement is void: tick Hand or untick "
                "the announcement."
            ),
        )
    return problems


def _check_bid(declaration: Declaration) -> list[Problem]:
    bid = declaration.bid
    if bid is None:
        return []
    if not MIN_BID <= bid <= MAX_BID:
        return [
            Problem(
                "bid",
                "bid_out_of_range",
                gettext_noop("Bids run from %(min)d to %(max)d; %(bid)d is not possible."),
                {"min": MIN_BID, "max": MAX_BID, "bid": bid},
            )
        ]
    if bid not in POSSIBLE_GAME_VALUES:
        lower = max(v for v in POSSIBLE_GAME_VALUES if v < bid)
        higher = min(v for v in POSSIBLE_GAME_VALUES if v > bid)
        return [
            Problem(
                "bid",
                "bid_not_a_game_value",
                gettext_noop(
                    "%(bid)d is not a game value and cannot be bid; did you mean %(lower)d "
                    "or %(higher)d?"
                ),
                {"bid": bid, "lower": lower, "higher": higher},
            )
        ]
    return []


def _check_eyes_and_tricks(outcome: Outcome) -> list[Problem]:
    problems = []
    eyes, tricks = outcome.declarer_eyes, outcome.declarer_tricks
    if eyes is not None and not 0 <= eyes <= MAX_EYES:
        problems.append(
            Problem(
                "declarer_eyes",
                "eyes_out_of_range",
                gettext_noop("The declarer's eyes must be between 0 and 120 (skat included)."),
            )
        )
    if tricks is not None and not 0 <= tricks <= MAX_TRICKS:
        problems.append(
            Problem(
                "declarer_tricks",
                "tricks_out_of_range",
                gettext_noop("The declarer's tricks must be between 0 and 10."),
            )
        )
    if problems or eyes is None or tricks is None:
        return problems
    # Without a trick the declarer can still "have" up to 22 eyes pushed into the skat; they
    # do not count (the skat is no trick), and the game is lost Schwarz (Skat Court on ISkO
    # 2.5.6). With all ten tricks the opponents have nothing, so the declarer has 120.
    if (tricks == 0 and eyes > MAX_SKAT_EYES) or (tricks == MAX_TRICKS and eyes != MAX_EYES):
        problems.append(
            Problem(
                "declarer_tricks",
                "tricks_contradict_eyes",
                gettext_noop(
                    "%(tricks)d tricks and %(eyes)d eyes do not fit together: without a trick "
                    "the declarer has at most the 22 eyes pushed into the skat, with all 10 "
                    "tricks he has 120."
                ),
                {"tricks": tricks, "eyes": eyes},
            )
        )
    return problems


def _check_schwarz_is_known(outcome: Outcome) -> list[Problem]:
    """Ask for the tricks where the eyes alone cannot say whether a party is Schwarz.

    0 eyes can come with a trick worth nothing, 120 eyes with nine tricks (also in a game
    with Schwarz announced or ouvert, which the tricks decide). Scoring such an entry
    quietly either way is the one error the players would not notice on the list.
    """
    if outcome.declarer_tricks is not None or outcome.schwarz or outcome.conceded:
        return []
    eyes = outcome.declarer_eyes
    if eyes is None:
        return []
    if eyes in (0, MAX_EYES):
        return [
            Problem(
                "declarer_tricks",
                "tricks_required",
                gettext_noop(
                    "With %(eyes)d eyes Schwarz depends on the tricks: enter the declarer's "
                    "tricks (0 to 10), or tick Schwarz if a party took no trick."
                ),
                {"eyes": eyes},
            )
        ]
    return []


def _check_null_outcome(declaration: Declaration, outcome: Outcome) -> list[Problem]:
    problems = _each_ticked(
        outcome,
        ("schneider", "schwarz"),
        "not_in_null",
        gettext_noop("A Null game has no Schneider or Schwarz: untick it."),
    )
    tricks = outcome.declarer_tricks
    if outcome.won is None and tricks is None:
        if not null_is_overbid(declaration) and not outcome.conceded:
            problems.append(
                Problem(
                    "won",
                    "won_required",
                    gettext_noop("Say whether the Null game was won or lost."),
                )
            )
    elif outcome.won is not None and tricks is not None and outcome.won != (tricks == 0):
        problems.append(
            Problem(
                "won",
                "won_contradicts_tricks",
                gettext_noop(
                    "A Null game is won only if the declarer takes no trick; with %(tricks)d "
                    "tricks it is lost."
                ),
                {"tricks": tricks},
            )
        )
    if outcome.conceded and outcome.won:
        problems.append(_conceded_but_won())
    return problems


def _check_trump_outcome(declaration: Declaration, outcome: Outcome) -> list[Problem]:
    problems = []
    eyes = outcome.declarer_eyes
    if outcome.won is None and eyes is None and not outcome.conceded:
        return [
            Problem(
                "won",
                "won_required",
                gettext_noop("Say whether the game was won or lost, or enter the eyes."),
            )
        ]
    if outcome.conceded and outcome.won:
        problems.append(_conceded_but_won())
    schwarz = _schwarz_from_input(outcome)
    tricks = outcome.declarer_tricks
    if outcome.schwarz is not None and tricks is not None and outcome.schwarz != schwarz:
        problems.append(
            Problem(
                "schwarz",
                "schwarz_contradicts_tricks",
                gettext_noop(
                    "Schwarz means a party took no trick; with %(tricks)d declarer tricks "
                    "correct Schwarz or the tricks."
                ),
                {"tricks": tricks},
            )
        )
    if eyes is not None:
        problems += _check_eyes_agree(declaration, outcome, schwarz)
    elif tricks in (0, MAX_TRICKS) and outcome.won is not None and not outcome.conceded:
        if outcome.won != (tricks == MAX_TRICKS):
            params = {"tricks": tricks}
            problems.append(_worded("won", "won_contradicts_tricks", outcome.won, params))
    if outcome.won and not outcome.conceded:
        schneider = _schneider_from_input(outcome, schwarz)
        if declaration.schwarz_is_announced and not schwarz:
            code = "ouvert_won_without_schwarz" if declaration.ouvert else None
            problems.append(
                Problem(
                    "schwarz",
                    code or "won_missing_announced_schwarz",
                    gettext_noop(
                        "An open game or one with Schwarz announced is won only with every "
                        "trick: tick Schwarz, or enter the game as lost."
                    ),
                )
            )
        elif declaration.schneider_is_announced and not schneider:
            problems.append(
                Problem(
                    "schneider",
                    "won_missing_announced_schneider",
                    gettext_noop(
                        "With Schneider announced the game is won only with 90 eyes or more: "
                        "tick Schneider, or enter the game as lost."
                    ),
                )
            )
    return problems


def _check_eyes_agree(declaration: Declaration, outcome: Outcome, schwarz: bool) -> list[Problem]:
    problems = []
    eyes = outcome.declarer_eyes
    if outcome.schwarz and 0 < eyes < MAX_EYES:
        problems.append(
            Problem(
                "schwarz",
                "schwarz_contradicts_eyes",
                gettext_noop(
                    "Schwarz means a party took no trick, so the declarer has 0 or 120 eyes, "
                    "not %(eyes)d."
                ),
                {"eyes": eyes},
            )
        )
    eyes_say_schneider = eyes <= 30 or eyes >= 90
    if outcome.schneider is not None and not schwarz and outcome.schneider != eyes_say_schneider:
        code = "schneider_contradicts_eyes"
        problems.append(_worded("schneider", code, eyes_say_schneider, {"eyes": eyes}))
    if outcome.won is not None and not outcome.conceded:
        if outcome.won != won_by_play(declaration, eyes, outcome.declarer_tricks, schwarz):
            problems.append(_worded("won", "won_contradicts_eyes", outcome.won, {"eyes": eyes}))
    return problems


def won_by_play(declaration: Declaration, eyes: int, tricks: int | None, schwarz: bool) -> bool:
    """Whether the declarer's eyes (and tricks) win the game as announced."""
    if declaration.schwarz_is_announced:
        return tricks == MAX_TRICKS if tricks is not None else (schwarz and eyes == MAX_EYES)
    if declaration.schneider_is_announced:
        return eyes >= 90
    return eyes >= 61


def _schwarz_from_input(outcome: Outcome) -> bool:
    if outcome.declarer_tricks is not None:
        return outcome.declarer_tricks in (0, MAX_TRICKS)
    return bool(outcome.schwarz)


def _schneider_from_input(outcome: Outcome, schwarz: bool) -> bool:
    if outcome.declarer_eyes is not None:
        return outcome.declarer_eyes <= 30 or outcome.declarer_eyes >= 90 or schwarz
    return bool(outcome.schneider) or schwarz


def _conceded_but_won() -> Problem:
    return Problem(
        "won",
        "conceded_game_is_lost",
        gettext_noop("A conceded game or one lost by a rule violation cannot be won."),
    )


def _worded(field: str, code: str, case: bool, params: dict) -> Problem:
    """The problem ``code`` in its wording for ``case`` (see :data:`TWO_WORDINGS`)."""
    if_case, otherwise = TWO_WORDINGS[code]
    return Problem(field, code, if_case if case else otherwise, params)


def _each_ticked(source, names: tuple[str, ...], code: str, message: str) -> list[Problem]:
    """The problem ``code`` once under each box of ``names`` that ``source`` has ticked."""
    return [Problem(name, code, message) for name in names if getattr(source, name)]

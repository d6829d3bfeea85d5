"""The game value (Spielwert) and the declarer's score, exactly as docs/rules.md section 1 says."""

from dataclasses import dataclass, replace
from math import ceil

from .declaration import Declaration, Outcome
from .extra_points import SKWO, ExtraPointsScheme, ListPoints, list_points
from .games import BASE_VALUES, NULL_VALUES, TRUMP_GAMES, GameType
from .i18n import Translate, identity
from .problems import GameInvalid
from .validation import MAX_TRICKS, null_is_overbid, validate, won_by_play


@dataclass(frozen=True)
class Levels:
    """The winning levels (Gewinnstufen) that count for a trump game's multiplier."""

    matadors: int
    with_matadors: bool
    hand: bool = False
    schneider: bool = False
    schneider_announced: bool = False
    schwarz: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False

    @property
    def multiplier(self) -> int:
        flags = (
            self.hand,
            self.schneider,
            self.schneider_announced,
            self.schwarz,
            self.schwarz_announced,
            self.ouvert,
        )
        return self.matadors + 1 + sum(flags)


@dataclass(frozen=True)
class Evaluation:
    """Everything the list needs about one game, computed once and stored."""

    declaration: Declaration
    scored_as: GameType
    base_value: int
    multiplier: int | None
    game_value: int
    won: bool
    overbid: bool
    score: int
    list_points: ListPoints
    levels: Levels | None
    conceded: bool = False
    played_multiplier: int | None = None
    # Eyes the declarer pushed into the skat and that did not count because he took no
    # trick (the skat is no trick, ISkO 4.3.1); shown in the explanation.
    uncounted_skat_eyes: int = 0

    @property
    def game(self) -> GameType:
        return self.declaration.game

    @property
    def bid(self) -> int | None:
        return self.declaration.bid

    def explain(self, translate: Translate = identity) -> str:
        from .explanation import explain

        return explain(self, translate)


def evaluate(
    declaration: Declaration, outcome: Outcome, scheme: ExtraPointsScheme = SKWO
) -> Evaluation:
    """Value a game; raise :class:`GameInvalid` listing every problem of the input."""
    problems = validate(declaration, outcome)
    if problems:
        raise GameInvalid(problems)
    if declaration.game.is_null:
        return _evaluate_null(declaration, outcome, scheme)
    return _evaluate_trump_game(declaration, outcome, scheme)


def _evaluate_trump_game(
    declaration: Declaration, outcome: Outcome, scheme: ExtraPointsScheme
) -> Evaluation:
    won, schneider, schwarz = _result(declaration, outcome)
    levels = Levels(
        matadors=declaration.matadors,
        with_matadors=declaration.with_matadors,
        hand=declaration.is_hand,
        schneider=schneider or declaration.schneider_is_announced,
        schneider_announced=declaration.schneider_is_announced,
        schwarz=schwarz or declaration.schwarz_is_announced,
        schwarz_announced=declaration.schwarz_is_announced,
        ouvert=declaration.ouvert,
    )
    base = BASE_VALUES[declaration.game]
    played = levels.multiplier
    multiplier, overbid = _apply_bid(base, played, declaration.bid)
    won = won and not overbid
    uncounted = (outcome.declarer_eyes or 0) if outcome.declarer_tricks == 0 else 0
    evaluation = _evaluation(
        declaration,
        declaration.game,
        base,
        multiplier,
        won,
        overbid,
        scheme,
        levels=levels,
        conceded=outcome.conceded,
        played_multiplier=played,
    )
    return replace(evaluation, uncounted_skat_eyes=uncounted)


def _evaluate_null(declaration: Declaration, outcome: Outcome, scheme: ExtraPointsScheme):
    if null_is_overbid(declaration):
        game, base, multiplier, levels = cheapest_game_reaching_bid(declaration)
        return _evaluation(
            declaration,
            game,
            base,
            multiplier,
            False,
            True,
            scheme,
            levels=levels,
            conceded=outcome.conceded,
        )
    value = NULL_VALUES[(declaration.ouvert, bool(declaration.hand))]
    if outcome.conceded:
        won = False
    elif outcome.won is not None:
        won = outcome.won
    else:
        won = outcome.declarer_tricks == 0
    return _evaluation(
        declaration,
        GameType.NULL,
        value,
        None,
        won,
        False,
        scheme,
        conceded=outcome.conceded,
    )


def cheapest_game_reaching_bid(
    declaration: Declaration,
) -> tuple[GameType, int, int, Levels]:
    """The suit or grand game an overbid Null is lost as (docs/rules.md 1.5, ISkO 3.6.2).

    The declarer's matadors count for every suit game and, capped at four, for Grand:
    the engine does not know the cards, so the director enters the matadors of the
    cheapest game (our choice).
    """
    candidates = []
    for game in TRUMP_GAMES:
        matadors = min(declaration.matadors, 4) if game is GameType.GRAND else declaration.matadors
        levels = Levels(matadors, declaration.with_matadors, hand=bool(declaration.hand))
        base = BASE_VALUES[game]
        multiplier, _ = _apply_bid(base, levels.multiplier, declaration.bid)
        candidates.append(
            (base * multiplier, TRUMP_GAMES.index(game), game, base, multiplier, levels)
        )
    _, _, game, base, multiplier, levels = min(candidates)
    return game, base, multiplier, levels


def _apply_bid(base: int, multiplier: int, bid: int | None) -> tuple[int, bool]:
    """Raise the multiplier to the smallest one reaching the bid; say if that was needed."""
    if bid is None or base * multiplier >= bid:
        return multiplier, False
    return max(multiplier, ceil(bid / base)), True


def _result(declaration: Declaration, outcome: Outcome) -> tuple[bool, bool, bool]:
    """Won, Schneider and Schwarz as played (before the bid is checked)."""
    if outcome.declarer_tricks is not None:
        schwarz = outcome.declarer_tricks in (0, MAX_TRICKS)
    else:
        schwarz = bool(outcome.schwarz)
    eyes = outcome.declarer_eyes
    if eyes is not None:
        schneider = eyes <= 30 or eyes >= 90 or schwarz
        won = won_by_play(declaration, eyes, outcome.declarer_tricks, schwarz)
    else:
        schneider = bool(outcome.schneider) or schwarz
        won = bool(outcome.won)
    if outcome.conceded:
        return False, False, False
    return won, schneider, schwarz


def _evaluation(
    declaration: Declaration,
    scored_as: GameType,
    base: int,
    multiplier: int | None,
    won: bool,
    overbid: bool,
    scheme: ExtraPointsScheme,
    *,
    levels: Levels | None = None,
    conceded: bool = False,
    played_multiplier: int | None = None,
) -> Evaluation:
    value = base if multiplier is None else base * multiplier
    score = value if won else -2 * value
    return Evaluation(
        declaration=declaration,
        scored_as=scored_as,
        base_value=base,
        multiplier=multiplier,
        game_value=value,
        won=won,
        overbid=overbid,
        score=score,
        list_points=list_points(score, won, scheme),
        levels=levels,
        conceded=conceded,
        played_multiplier=played_multiplier,
    )

"""Rules every valued game obeys (docs/rules.md 1.3-1.5 and 2), shared by the property tests."""

from math import ceil

from tournaments.skat import BASE_VALUES, NULL_VALUES, POSSIBLE_GAME_VALUES, GameType


def check_invariants(evaluation, bid):
    value, score, points = evaluation.game_value, evaluation.score, evaluation.list_points
    if evaluation.won:
        assert score == value
        assert (points.declarer, points.opponent_at_3_table, points.opponent_at_4_table) == (
            score + 50,
            0,
            0,
        )
    else:
        assert score == -2 * value
        assert (points.declarer, points.opponent_at_3_table, points.opponent_at_4_table) == (
            score - 50,
            40,
            30,
        )
    if bid is not None:
        assert value >= bid
    if evaluation.overbid:
        # 1.5: base x max(multiplier reached, ceil(bid / base)); above the game's own
        # maximum (Karo at bid 204 -> 207) that is no value of POSSIBLE_GAME_VALUES
        base, levels = evaluation.base_value, evaluation.levels
        assert not evaluation.won
        assert value == base * max(levels.multiplier, ceil(bid / base))
    else:
        assert value in POSSIBLE_GAME_VALUES
    if evaluation.scored_as is GameType.NULL:
        declaration = evaluation.declaration
        assert value == NULL_VALUES[(declaration.ouvert, bool(declaration.hand))]
    else:
        assert evaluation.base_value == BASE_VALUES[evaluation.scored_as]
        assert evaluation.multiplier * evaluation.base_value == value

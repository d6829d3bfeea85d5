"""Every declaration and outcome the engine accepts, enumerated and checked against docs/rules.md 1.

The enumeration runs the full product of the input flags and decides on its own which
combinations are valid, so the engine must agree on both the accepted and the rejected ones.
"""

from itertools import product
from math import ceil
from typing import NamedTuple

import pytest

from tournaments.skat import (
    BASE_VALUES,
    NULL_VALUES,
    POSSIBLE_GAME_VALUES,
    GameInvalid,
    GameType,
    evaluate_data,
)

from .invariants import check_invariants

TRUMP_GAMES = [game for game in GameType if not game.is_null]
MAX_MATADORS = {game: 4 if game is GameType.GRAND else 11 for game in TRUMP_GAMES}  # 1.2
FLAGS = (False, True)
BIDS = (None, *POSSIBLE_GAME_VALUES)


class Combo(NamedTuple):
    game: GameType
    matadors: int | None
    with_matadors: bool
    hand: bool
    ouvert: bool
    schneider_announced: bool
    schwarz_announced: bool
    won: bool
    schneider: bool
    schwarz: bool
    bid: int | None = None

    def as_data(self):
        return {**self._asdict(), "game": self.game.value}


def _null_is_overbid(combo):
    return combo.bid is not None and combo.bid > NULL_VALUES[(combo.ouvert, combo.hand)]


def expected_valid(combo):
    """docs/rules.md 1.3/1.4: announcements only in hand games; a won game reaches them."""
    announced = combo.schneider_announced or combo.schwarz_announced
    if combo.game.is_null:
        # Matadors count only for an overbid Null, which needs them (docs/rules.md 1.5).
        return not (announced or combo.schneider or combo.schwarz) and (
            (combo.matadors is not None) == _null_is_overbid(combo)
        )
    if not combo.hand and (combo.ouvert or announced):
        return False
    schwarz_needed = combo.schwarz_announced or combo.ouvert
    schneider_needed = combo.schneider_announced or schwarz_needed
    if combo.won and schwarz_needed and not combo.schwarz:
        return False
    return not (combo.won and schneider_needed and not (combo.schneider or combo.schwarz))


def expected_multiplier(combo):
    """1.3: matadors + Spiel + Hand, Schneider, angesagt, Schwarz, angesagt, Ouvert."""
    schwarz_announced = combo.schwarz_announced or combo.ouvert
    schneider_announced = combo.schneider_announced or schwarz_announced
    schwarz = combo.schwarz or schwarz_announced
    schneider = combo.schneider or schwarz or schneider_announced
    levels = (combo.hand, schneider, schneider_announced, schwarz, schwarz_announced, combo.ouvert)
    return combo.matadors + 1 + sum(levels)


def expected_null_overbid_value(combo):
    """1.5 / ISkO 3.6.2: the cheapest suit or grand game reaching the bid."""
    values = []
    for game in TRUMP_GAMES:
        matadors = min(combo.matadors, MAX_MATADORS[game])
        base = BASE_VALUES[game]
        values.append(base * max(matadors + 1 + combo.hand, ceil(combo.bid / base)))
    return min(values)


def trump_combos(matadors_of, with_matadors):
    for game in TRUMP_GAMES:
        for matadors, with_, *flags in product(matadors_of(game), with_matadors, *[FLAGS] * 7):
            yield Combo(game, matadors, with_, *flags)


def all_combos_without_bid():
    """Every game × matadors 1..max × with/without × hand × ouvert × announcements × result."""
    yield from trump_combos(lambda game: range(1, MAX_MATADORS[game] + 1), FLAGS)
    for flags in product(FLAGS, repeat=7):
        yield Combo(GameType.NULL, None, True, *flags)


def combos_with_bids():
    """Every bid for a subset: matadors 1 and max (with); Null with 1, 4, 11 (with/without).

    Trump games only in combinations valid without a bid (the rejected ones are covered
    above); Null games with matadors, which are valid only when the bid overbids them.
    """
    trump = trump_combos(lambda game: (1, MAX_MATADORS[game]), [True])
    null = [
        Combo(GameType.NULL, matadors, with_, hand, ouvert, False, False, won, False, False)
        for matadors, with_, hand, ouvert, won in product((1, 4, 11), *[FLAGS] * 4)
    ]
    subset = [combo for combo in trump if expected_valid(combo)] + null
    return [combo._replace(bid=bid) for bid in BIDS for combo in subset]


def _run(combos):
    valid, disagreements = {}, []
    for combo in combos:
        try:
            valid[combo] = evaluate_data(combo.as_data())
        except GameInvalid:
            if expected_valid(combo):
                disagreements.append(combo)
        else:
            if not expected_valid(combo):
                disagreements.append(combo)
    return valid, disagreements


@pytest.fixture(scope="module")
def without_bid():
    return _run(all_combos_without_bid())


@pytest.fixture(scope="module")
def with_bids():
    return _run(combos_with_bids())


# Valid outcomes (won × Schneider × Schwarz = 8) per declaration:
#   no hand 8; hand 8; hand + Schneider announced 7 (won needs Schneider or Schwarz);
#   hand + Schwarz announced, with or without Schneider announced, 6 each (won needs
#   Schwarz); ouvert with any of 4 announcement ticks, 6 each.
OUTCOMES_PER_MATADORS = 8 + 8 + 7 + 2 * 6 + 4 * 6  # 59
MATADOR_SETTINGS = (4 * 11 + 4) * 2  # suits 1..11, Grand 1..4; with/without
NULL_DECLARATIONS = 2 * 2 * 2  # hand × ouvert × won
EXPECTED_WITHOUT_BID = MATADOR_SETTINGS * OUTCOMES_PER_MATADORS + NULL_DECLARATIONS  # 5672
# subset per bid: 5 games × matadors {1, max} × 59 outcomes; Null with {1, 4, 11} × with/without
# matadors only where the bid is above its value (hand × ouvert), won or lost.
TRUMP_PER_BID = 5 * 2 * OUTCOMES_PER_MATADORS  # 590
NULL_OVERBID = sum(
    2 * 3 * 2 * sum(bid > value for value in NULL_VALUES.values()) for bid in POSSIBLE_GAME_VALUES
)
EXPECTED_WITH_BIDS = (1 + len(POSSIBLE_GAME_VALUES)) * TRUMP_PER_BID + NULL_OVERBID


def test_enumeration_count_without_bid(without_bid):
    valid, disagreements = without_bid

    assert (len(valid), disagreements) == (EXPECTED_WITHOUT_BID, [])
    assert EXPECTED_WITHOUT_BID == 5672


def test_enumeration_count_with_bids(with_bids):
    valid, disagreements = with_bids

    assert (len(valid), disagreements) == (EXPECTED_WITH_BIDS, [])
    assert EXPECTED_WITH_BIDS == 64 * 590 + 2472


def test_enumeration_obeys_invariants(without_bid, with_bids):
    for combo, evaluation in [*without_bid[0].items(), *with_bids[0].items()]:
        check_invariants(evaluation, combo.bid)


def test_enumeration_value_is_base_times_levels_when_not_overbid(without_bid, with_bids):
    wrong = []
    for combo, evaluation in [*without_bid[0].items(), *with_bids[0].items()]:
        if evaluation.overbid:
            continue
        if combo.game.is_null:
            expected = NULL_VALUES[(combo.ouvert, combo.hand)]
        else:
            expected = BASE_VALUES[combo.game] * expected_multiplier(combo)
        if evaluation.game_value != expected:
            wrong.append((combo, evaluation.game_value, expected))

    assert wrong == []


def test_enumeration_lost_game_counts_base_times_levels_twice(without_bid):
    wrong = []
    for combo, evaluation in without_bid[0].items():
        if combo.game.is_null or evaluation.won:
            continue
        expected = -2 * BASE_VALUES[combo.game] * expected_multiplier(combo)
        if (evaluation.overbid, evaluation.score) != (False, expected):
            wrong.append((combo, evaluation.score, expected))

    assert wrong == []


def test_enumeration_result_follows_won_flag_and_bid(with_bids):
    wrong = []
    for combo, evaluation in with_bids[0].items():
        if combo.game.is_null:
            overbid = _null_is_overbid(combo)
        else:
            played = BASE_VALUES[combo.game] * expected_multiplier(combo)
            overbid = combo.bid is not None and played < combo.bid
        expected = (combo.won and not overbid, overbid)
        if (evaluation.won, evaluation.overbid) != expected:
            wrong.append((combo, expected))

    assert wrong == []


def test_enumeration_overbid_null_is_cheapest_game_reaching_bid(with_bids):
    wrong = []
    for combo, evaluation in with_bids[0].items():
        if combo.game.is_null and evaluation.overbid:
            expected = expected_null_overbid_value(combo)
            if (evaluation.game_value, evaluation.scored_as.is_null) != (expected, False):
                wrong.append((combo, evaluation.game_value, expected))

    assert wrong == []


def _level_added(combo):
    """The same game with one more winning level (1.3)."""
    if combo.matadors < MAX_MATADORS[combo.game]:
        yield combo._replace(matadors=combo.matadors + 1)
    for flag in ("hand", "ouvert", "schneider_announced", "schwarz_announced", "schneider"):
        if not getattr(combo, flag):
            yield combo._replace(**{flag: True})
    if not combo.schwarz:
        yield combo._replace(schwarz=True, schneider=True)


def test_enumeration_value_never_drops_when_level_added(without_bid):
    valid = without_bid[0]
    dropped = []
    for combo, evaluation in valid.items():
        if combo.game.is_null:
            continue
        for higher in _level_added(combo):
            if higher in valid and valid[higher].game_value < evaluation.game_value:
                dropped.append((combo, higher))

    assert dropped == []


def test_enumeration_with_and_without_count_the_same(without_bid):
    valid = without_bid[0]
    differ = []
    for combo, evaluation in valid.items():
        if combo.with_matadors and not combo.game.is_null:
            without = valid[combo._replace(with_matadors=False)]
            if (without.game_value, without.score) != (evaluation.game_value, evaluation.score):
                differ.append(combo)

    assert differ == []


def test_enumeration_value_never_drops_when_bid_rises(with_bids):
    values = {}
    for combo, evaluation in with_bids[0].items():
        values.setdefault(combo._replace(bid=None), []).append(
            (combo.bid or 0, evaluation.game_value)
        )
    dropped = []
    for combo, by_bid in values.items():
        in_bid_order = [value for _, value in sorted(by_bid)]
        if in_bid_order != sorted(in_bid_order):
            dropped.append(combo)

    assert dropped == []

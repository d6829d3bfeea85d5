"""Property-based tests: whatever the input, the engine values it or says what is wrong."""

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tournaments.skat import (
    GAME_FIELDS,
    POSSIBLE_GAME_VALUES,
    Evaluation,
    GameInvalid,
    GameType,
    evaluate_data,
)

from .invariants import check_invariants

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

WRONG_TYPES = st.one_of(
    st.none(),
    st.text(max_size=5),
    st.floats(allow_nan=True),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.binary(max_size=2),
)
GAMES = st.sampled_from([game.value for game in GameType])
BOOLS = st.booleans()
INTS = st.integers(min_value=-3, max_value=300)
BIDS = st.sampled_from(POSSIBLE_GAME_VALUES) | INTS
FIELD_VALUES = {
    "game": GAMES | st.sampled_from(["ramsch", "Clubs", ""]),
    "matadors": st.integers(min_value=-1, max_value=12),
    "with_matadors": BOOLS,
    "hand": BOOLS,
    "ouvert": BOOLS,
    "schneider_announced": BOOLS,
    "schwarz_announced": BOOLS,
    "bid": BIDS,
    "won": BOOLS,
    "schneider": BOOLS,
    "schwarz": BOOLS,
    "declarer_eyes": st.integers(min_value=-1, max_value=121),
    "declarer_tricks": st.integers(min_value=-1, max_value=11),
    "conceded": BOOLS,
}
assert set(FIELD_VALUES) == set(GAME_FIELDS)


@st.composite
def plausible_data(draw):
    """Mostly valid games: right types and ranges, outcome by flags or by eyes and tricks."""
    game = draw(st.sampled_from(list(GameType)))
    top = 4 if game is GameType.GRAND else 11
    data = {
        "game": game.value,
        "matadors": draw(st.integers(min_value=1, max_value=top)),
        "with_matadors": draw(BOOLS),
        "hand": draw(BOOLS),
        "ouvert": draw(BOOLS),
        "bid": draw(st.none() | st.sampled_from(POSSIBLE_GAME_VALUES)),
        "conceded": draw(st.sampled_from([False, False, False, True])),
    }
    if not game.is_null and data["hand"]:
        data["schneider_announced"] = draw(BOOLS)
        data["schwarz_announced"] = draw(BOOLS)
    if draw(BOOLS):
        data["won"] = draw(BOOLS)
        if not game.is_null:
            data["schneider"] = draw(BOOLS)
            data["schwarz"] = draw(BOOLS)
    else:
        eyes = draw(st.integers(min_value=0, max_value=120))
        if eyes == 0:
            tricks = draw(st.integers(min_value=0, max_value=9))
        elif eyes == 120:
            tricks = draw(st.integers(min_value=1, max_value=10))
        else:
            tricks = draw(st.integers(min_value=1, max_value=9))
        data["declarer_eyes"] = eyes
        data["declarer_tricks"] = tricks
    return data


ANY_VALUE = {name: values | WRONG_TYPES | BOOLS | INTS for name, values in FIELD_VALUES.items()}


@st.composite
def garbled_data(draw):
    """A plausible game with up to three fields dropped or replaced by anything."""
    data = draw(plausible_data())
    for name in draw(st.lists(st.sampled_from(GAME_FIELDS), max_size=3)):
        if draw(BOOLS):
            data.pop(name, None)
        else:
            data[name] = draw(ANY_VALUE[name])
    return data


RAW_DATA = garbled_data() | st.fixed_dictionaries({}, optional=ANY_VALUE)


def _evaluate(data):
    try:
        return evaluate_data(data)
    except GameInvalid as invalid:
        return invalid


@SETTINGS
@given(RAW_DATA)
@example({})
@example({"game": []})
@example({"game": {}, "bid": float("inf")})
def test_evaluate_data_returns_evaluation_or_raises_game_invalid(data):
    result = _evaluate(data)

    assert isinstance(result, Evaluation | GameInvalid)
    if isinstance(result, GameInvalid):
        assert result.problems
        assert {p.field for p in result.problems} <= set(GAME_FIELDS)


@SETTINGS
@given(RAW_DATA)
def test_valid_raw_input_obeys_invariants(data):
    result = _evaluate(data)

    if isinstance(result, Evaluation):
        check_invariants(result, data.get("bid"))


@SETTINGS
@given(plausible_data())
@example({"game": "null", "matadors": 3, "with_matadors": False, "bid": 24, "won": False})
@example({"game": "diamonds", "matadors": 1, "bid": 204, "declarer_eyes": 0, "declarer_tricks": 0})
def test_plausible_input_obeys_invariants(data):
    result = _evaluate(data)

    if isinstance(result, Evaluation):
        check_invariants(result, data.get("bid"))

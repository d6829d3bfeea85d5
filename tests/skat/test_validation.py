"""Every problem code the engine reports, and how problems are reported."""

import ast
import re
from pathlib import Path

import pytest

from tournaments.skat import GAME_FIELDS, Evaluation, GameInvalid, Problem, evaluate_data

CLUBS_MIT_1 = {"game": "clubs", "matadors": 1}
GRAND_HAND_MIT_1 = {"game": "grand", "matadors": 1, "hand": True}
ENGINE = Path(__file__).resolve().parents[2] / "tournaments" / "skat"

PROBLEM_CASES = [
    # reading.py: types
    pytest.param({}, "game", "game_required", id="game_required-missing"),
    pytest.param({"game": None, "won": True}, "game", "game_required", id="game_required-none"),
    pytest.param({"game": "ramsch", "won": True}, "game", "unknown_game", id="unknown_game"),
    pytest.param({"game": "Clubs", "won": True}, "game", "unknown_game", id="unknown_game-case"),
    pytest.param({**CLUBS_MIT_1, "won": "yes"}, "won", "not_a_boolean", id="not_a_boolean"),
    pytest.param(
        {**CLUBS_MIT_1, "hand": 1, "won": True}, "hand", "not_a_boolean", id="not_a_boolean-int"
    ),
    pytest.param(
        {"game": "clubs", "matadors": "1"}, "matadors", "not_an_integer", id="not_an_integer"
    ),
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": True},
        "declarer_eyes",
        "not_an_integer",
        id="not_an_integer-bool",
    ),
    pytest.param({**CLUBS_MIT_1, "bid": 24.0}, "bid", "not_an_integer", id="not_an_integer-float"),
    # validation.py: declaration
    pytest.param(
        {"game": "null", "matadors": 2, "won": True},
        "matadors",
        "matadors_not_in_null",
        id="matadors_not_in_null",
    ),
    pytest.param(
        {"game": "clubs", "won": True}, "matadors", "matadors_required", id="matadors_required"
    ),
    pytest.param(
        {"game": "null", "bid": 24},
        "matadors",
        "matadors_required",
        id="matadors_required-null-overbid",
    ),
    pytest.param(
        {"game": "grand", "matadors": 5, "won": True},
        "matadors",
        "matadors_out_of_range",
        id="matadors_out_of_range-grand-5",
    ),
    pytest.param(
        {"game": "clubs", "matadors": 12, "won": True},
        "matadors",
        "matadors_out_of_range",
        id="matadors_out_of_range-suit-12",
    ),
    pytest.param(
        {"game": "hearts", "matadors": 0, "won": True},
        "matadors",
        "matadors_out_of_range",
        id="matadors_out_of_range-0",
    ),
    pytest.param(
        {"game": "null", "hand": True, "schneider_announced": True, "won": True},
        "schneider_announced",
        "announcement_not_in_null",
        id="announcement_not_in_null-schneider",
    ),
    pytest.param(
        {"game": "null", "hand": True, "schwarz_announced": True, "won": True},
        "schwarz_announced",
        "announcement_not_in_null",
        id="announcement_not_in_null-schwarz",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "ouvert": True, "hand": False, "won": False},
        "hand",
        "ouvert_requires_hand",
        id="ouvert_requires_hand",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "schneider_announced": True, "won": True, "schneider": True},
        "schneider_announced",
        "announcement_requires_hand",
        id="announcement_requires_hand-schneider",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "hand": False, "schwarz_announced": True, "won": False},
        "schwarz_announced",
        "announcement_requires_hand",
        id="announcement_requires_hand-schwarz",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "bid": 17}, "bid", "bid_out_of_range", id="bid_out_of_range-17"
    ),
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "bid": 265},
        "bid",
        "bid_out_of_range",
        id="bid_out_of_range-265",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "bid": 19},
        "bid",
        "bid_not_a_game_value",
        id="bid_not_a_game_value",
    ),
    # validation.py: eyes and tricks
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 121},
        "declarer_eyes",
        "eyes_out_of_range",
        id="eyes_out_of_range-121",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": -1},
        "declarer_eyes",
        "eyes_out_of_range",
        id="eyes_out_of_range-negative",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "declarer_tricks": 11},
        "declarer_tricks",
        "tricks_out_of_range",
        id="tricks_out_of_range-11",
    ),
    pytest.param(
        {"game": "null", "declarer_tricks": -1},
        "declarer_tricks",
        "tricks_out_of_range",
        id="tricks_out_of_range-negative",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 23, "declarer_tricks": 0},
        "declarer_tricks",
        "tricks_contradict_eyes",
        id="tricks_contradict_eyes-no-trick-more-than-a-skat",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 120},
        "declarer_tricks",
        "tricks_required",
        id="tricks_required-120-eyes",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 119, "declarer_tricks": 10},
        "declarer_tricks",
        "tricks_contradict_eyes",
        id="tricks_contradict_eyes-all-tricks",
    ),
    # validation.py: Null outcome
    pytest.param(
        {"game": "null", "won": False, "schneider": True},
        "schneider",
        "not_in_null",
        id="not_in_null-schneider",
    ),
    pytest.param(
        {"game": "null", "won": False, "schwarz": True},
        "schwarz",
        "not_in_null",
        id="not_in_null-schwarz",
    ),
    pytest.param({"game": "null"}, "won", "won_required", id="won_required-null"),
    pytest.param(["clubs"], "body", "not_an_object", id="not_an_object"),
    pytest.param(
        {"game": "null", "won": True, "declarer_tricks": 1},
        "won",
        "won_contradicts_tricks",
        id="won_contradicts_tricks-won",
    ),
    pytest.param(
        {"game": "null", "won": False, "declarer_tricks": 0},
        "won",
        "won_contradicts_tricks",
        id="won_contradicts_tricks-lost",
    ),
    pytest.param(
        {"game": "null", "won": True, "conceded": True},
        "won",
        "conceded_game_is_lost",
        id="conceded_game_is_lost-null",
    ),
    # validation.py: suit and grand outcome
    pytest.param(CLUBS_MIT_1, "won", "won_required", id="won_required-trump"),
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "conceded": True},
        "won",
        "conceded_game_is_lost",
        id="conceded_game_is_lost-trump",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "schwarz": True, "declarer_eyes": 60},
        "schwarz",
        "schwarz_contradicts_eyes",
        id="schwarz_contradicts_eyes",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "schneider": True, "declarer_eyes": 60},
        "schneider",
        "schneider_contradicts_eyes",
        id="schneider_contradicts_eyes-ticked",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "schneider": False, "declarer_eyes": 95},
        "schneider",
        "schneider_contradicts_eyes",
        id="schneider_contradicts_eyes-unticked",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "schwarz": False, "declarer_eyes": 120, "declarer_tricks": 10},
        "schwarz",
        "schwarz_contradicts_tricks",
        id="schwarz_contradicts_tricks-unticked",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "schwarz": True, "declarer_eyes": 120, "declarer_tricks": 9},
        "schwarz",
        "schwarz_contradicts_tricks",
        id="schwarz_contradicts_tricks-ticked",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "declarer_eyes": 60},
        "won",
        "won_contradicts_eyes",
        id="won_contradicts_eyes-won",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "won": False, "declarer_eyes": 61},
        "won",
        "won_contradicts_eyes",
        id="won_contradicts_eyes-lost",
    ),
    pytest.param(
        {**GRAND_HAND_MIT_1, "schneider_announced": True, "won": True, "declarer_eyes": 89},
        "won",
        "won_contradicts_eyes",
        id="won_contradicts_eyes-schneider-announced",
    ),
    pytest.param(
        {**GRAND_HAND_MIT_1, "schwarz_announced": True, "won": True, "schneider": True},
        "schwarz",
        "won_missing_announced_schwarz",
        id="won_missing_announced_schwarz",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "ouvert": True, "won": True, "schneider": True},
        "schwarz",
        "ouvert_won_without_schwarz",
        id="ouvert_won_without_schwarz",
    ),
    pytest.param(
        {**GRAND_HAND_MIT_1, "schneider_announced": True, "won": True},
        "schneider",
        "won_missing_announced_schneider",
        id="won_missing_announced_schneider",
    ),
]


@pytest.mark.parametrize(("data", "field", "code"), PROBLEM_CASES)
def test_problem_reported_when_input_is_wrong(data, field, code):
    with pytest.raises(GameInvalid) as raised:
        evaluate_data(data)

    assert (field, code) in [(p.field, p.code) for p in raised.value.problems]


def _codes_in_engine_source():
    """Every snake_case string literal of reading.py and validation.py that is no field."""
    literals = set()
    for name in ("reading.py", "validation.py"):
        tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
        literals |= {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.fullmatch(r"[a-z]+(_[a-z]+)+", node.value)
        }
    return literals - set(GAME_FIELDS)


def test_problem_cases_cover_every_code_of_the_engine():
    tested = {case.values[2] for case in PROBLEM_CASES}

    assert tested == _codes_in_engine_source()


def test_problems_reported_at_once_when_several_fields_are_wrong():
    data = {
        "game": "clubs",
        "matadors": 12,
        "bid": 17,
        "declarer_eyes": 121,
        "declarer_tricks": 11,
    }

    with pytest.raises(GameInvalid) as raised:
        evaluate_data(data)

    assert [(p.field, p.code) for p in raised.value.problems] == [
        ("matadors", "matadors_out_of_range"),
        ("bid", "bid_out_of_range"),
        ("declarer_eyes", "eyes_out_of_range"),
        ("declarer_tricks", "tricks_out_of_range"),
    ]


def test_type_problems_reported_at_once_when_several_fields_have_wrong_types():
    data = {"game": "ramsch", "matadors": "1", "hand": "no", "bid": 1.5}

    with pytest.raises(GameInvalid) as raised:
        evaluate_data(data)

    assert {(p.field, p.code) for p in raised.value.problems} == {
        ("game", "unknown_game"),
        ("matadors", "not_an_integer"),
        ("hand", "not_a_boolean"),
        ("bid", "not_an_integer"),
    }


def test_game_invalid_message_lists_every_problem():
    with pytest.raises(GameInvalid) as raised:
        evaluate_data({"game": "clubs", "matadors": 0, "bid": 19, "won": True})

    assert str(raised.value) == (
        "matadors: In a suit game there are with or without 1 to 11 matadors "
        "(4 jacks and 7 cards of the trump suit).; "
        "bid: 19 is not a game value and cannot be bid; did you mean 18 or 20?"
    )


def _single_problem(data):
    with pytest.raises(GameInvalid) as raised:
        evaluate_data(data)
    (problem,) = raised.value.problems
    return problem


@pytest.mark.parametrize(
    ("data", "text"),
    [
        pytest.param(
            {**CLUBS_MIT_1, "won": True, "bid": 19},
            "19 is not a game value and cannot be bid; did you mean 18 or 20?",
            id="bid_not_a_game_value",
        ),
        pytest.param(
            {**CLUBS_MIT_1, "won": True, "bid": 300},
            "Bids run from 18 to 264; 300 is not possible.",
            id="bid_out_of_range",
        ),
        pytest.param(
            {"game": "ramsch", "won": True},
            "Unknown game 'ramsch'. Tournament Skat knows diamonds, hearts, spades, clubs, "
            "grand and null.",
            id="unknown_game",
        ),
        pytest.param(
            {**CLUBS_MIT_1, "won": "yes"}, "won must be true or false.", id="not_a_boolean"
        ),
        pytest.param(
            {"game": "clubs", "won": True},
            "Enter the matadors: with or without 1 to 11.",
            id="matadors_required",
        ),
        pytest.param(
            {**CLUBS_MIT_1, "won": True, "declarer_eyes": 60},
            "With 60 eyes the declarer has lost, not won: 61 eyes win, 60 lose; with "
            "Schneider announced he needs 90, with Schwarz announced every trick.",
            id="won_contradicts_eyes",
        ),
        pytest.param(
            {"game": "null"},
            "Say whether the Null game was won or lost.",
            id="won_required-no-params",
        ),
    ],
)
def test_problem_text_fills_params(data, text):
    problem = _single_problem(data)

    assert problem.text() == text


def test_problem_text_when_translate_is_given():
    problem = Problem("bid", "code", "%(bid)d is wrong", {"bid": 19})
    catalogue = {"%(bid)d is wrong": "%(bid)d ist falsch"}

    assert problem.text(lambda message: catalogue.get(message, message)) == "19 ist falsch"


def test_problem_text_without_params_keeps_percent_sign():
    problem = Problem("won", "code", "100% sure")

    assert problem.text() == "100% sure"


def test_problem_as_dict_has_field_code_and_message():
    problem = _single_problem({**CLUBS_MIT_1, "won": True, "bid": 19})

    assert problem.as_dict() == {
        "field": "bid",
        "code": "bid_not_a_game_value",
        "message": "19 is not a game value and cannot be bid; did you mean 18 or 20?",
    }


def test_problem_as_dict_when_translate_is_given():
    problem = Problem("won", "won_required", "Say it.")

    assert problem.as_dict(lambda message: message.upper()) == {
        "field": "won",
        "code": "won_required",
        "message": "SAY IT.",
    }


def test_problem_equality_ignores_params():
    assert Problem("bid", "c", "m", {"bid": 1}) == Problem("bid", "c", "m", {"bid": 2})


def test_unknown_keys_are_ignored():
    evaluation = evaluate_data({**CLUBS_MIT_1, "won": True, "comment": [1, 2]})

    assert evaluation.score == 24


WRONG_TYPES = ["1", "", [], [1], {}, {"game": "clubs"}, 1.0, 2.5, float("nan"), b"1", (1,)]
BOOL_FIELDS = [
    "with_matadors",
    "hand",
    "ouvert",
    "schneider_announced",
    "schwarz_announced",
    "won",
    "schneider",
    "schwarz",
    "conceded",
]
INT_FIELDS = ["matadors", "bid", "declarer_eyes", "declarer_tricks"]
WRONG_VALUES = [
    *[(field, value) for field in GAME_FIELDS for value in WRONG_TYPES],
    *[(field, value) for field in BOOL_FIELDS for value in (0, 1)],
    *[(field, value) for field in INT_FIELDS for value in (False, True)],
    ("game", 1),
    ("game", True),
]


@pytest.mark.parametrize(("field", "value"), WRONG_VALUES)
def test_wrong_type_raises_game_invalid_for_that_field(field, value):
    data = {**CLUBS_MIT_1, "won": True, field: value}

    with pytest.raises(GameInvalid) as raised:
        evaluate_data(data)

    assert field in [p.field for p in raised.value.problems]


@pytest.mark.parametrize("field", GAME_FIELDS)
def test_none_means_not_given(field):
    data = {**CLUBS_MIT_1, "won": True, field: None}

    try:
        result = evaluate_data(data)
    except GameInvalid as invalid:
        result = invalid

    assert isinstance(result, Evaluation | GameInvalid)


# Without eyes, the declarer's tricks are still checked against "won" and "schwarz":
# no trick means 0 eyes, all 10 tricks mean 120 (docs/rules.md 1.3/1.4).
@pytest.mark.parametrize(
    "data",
    [
        # a declarer without a trick has 0 eyes and has lost
        pytest.param({**CLUBS_MIT_1, "won": True, "declarer_tricks": 0}, id="won-no-trick"),
        # with every trick the declarer has 120 eyes and won
        pytest.param({**CLUBS_MIT_1, "won": False, "declarer_tricks": 10}, id="lost-all-tricks"),
        # every trick wins an ouvert game (+108)
        pytest.param(
            {"game": "clubs", "matadors": 2, "ouvert": True, "won": False, "declarer_tricks": 10},
            id="ouvert-lost-all-tricks",
        ),
    ],
)
def test_trump_game_rejected_when_won_contradicts_tricks(data):
    with pytest.raises(GameInvalid):
        evaluate_data(data)


@pytest.mark.parametrize(
    "data",
    [
        # 5 declarer tricks are not Schwarz
        pytest.param(
            {**CLUBS_MIT_1, "won": True, "schwarz": True, "declarer_tricks": 5}, id="ticked"
        ),
        # 10 tricks are Schwarz
        pytest.param(
            {**CLUBS_MIT_1, "won": True, "schwarz": False, "declarer_tricks": 10}, id="unticked"
        ),
    ],
)
def test_schwarz_contradicting_tricks_reported_when_eyes_are_missing(data):
    with pytest.raises(GameInvalid) as raised:
        evaluate_data(data)

    assert ("schwarz", "schwarz_contradicts_tricks") in [
        (p.field, p.code) for p in raised.value.problems
    ]


@pytest.mark.parametrize("data", [None, [], "clubs", 24], ids=["none", "list", "str", "int"])
def test_input_that_is_no_mapping_raises_game_invalid(data):
    with pytest.raises(GameInvalid):
        evaluate_data(data)

"""The reference cases of tests/data/game_values.json through the calculator entry point."""

import json
from pathlib import Path

import pytest

from tournaments.skat import GameInvalid, evaluate_data

CASES = json.loads(
    (Path(__file__).parent.parent / "data" / "game_values.json").read_text(encoding="utf-8")
)


def _params(kind):
    return [pytest.param(case["request"], case["expect"], id=case["id"]) for case in CASES[kind]]


def test_reference_cases_are_loaded():
    assert len(CASES["valid"]) > 0
    assert len(CASES["invalid"]) > 0


@pytest.mark.parametrize(("request_data", "expect"), _params("valid"))
def test_valid_case_matches_reference(request_data, expect):
    evaluation = evaluate_data(request_data)

    points = evaluation.list_points
    assert {
        "score": evaluation.score,
        "game_value": evaluation.game_value,
        "won": evaluation.won,
        "overbid": evaluation.overbid,
        "list_points": {
            "declarer": points.declarer,
            "opponent_at_3_table": points.opponent_at_3_table,
            "opponent_at_4_table": points.opponent_at_4_table,
        },
    } == expect


@pytest.mark.parametrize(("request_data", "expect"), _params("invalid"))
def test_invalid_case_raises_game_invalid(request_data, expect):
    assert expect == {"status": 400}

    with pytest.raises(GameInvalid) as raised:
        evaluate_data(request_data)

    assert raised.value.problems

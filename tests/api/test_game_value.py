"""``POST /api/v1/game-value/`` over HTTP: the reference cases, the documented response,
languages, and bad bodies that must give a 400 and never a 500 (docs/api.md 3.1)."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.openapi import api_schema
from tournaments.api.game_value import GameValueView
from tournaments.skat import GAME_FIELDS, NULL_VALUES, GameType

URL = "/api/v1/game-value/"
CASES = json.loads(
    (Path(__file__).parent.parent / "data" / "game_values.json").read_text(encoding="utf-8")
)
DOCUMENTED_KEYS = {
    "game",
    "base_value",
    "multiplier",
    "game_value",
    "won",
    "overbid",
    "score",
    "list_points",
    "explanation",
}
LIST_POINTS_KEYS = {"declarer", "opponent_at_3_table", "opponent_at_4_table"}
OVERBID_CLUBS = {"game": "clubs", "matadors": 1, "won": True, "bid": 48}


@pytest.fixture(autouse=True)
def _unthrottled(monkeypatch):
    """Hundreds of requests from one address here; the throttle has its own tests
    (tests/security/test_api_tokens.py)."""
    monkeypatch.setattr(GameValueView, "throttle_classes", [])


def post(client, body, **extra):
    """Post ``body`` as JSON; a ``str`` is sent as it is, to test malformed bodies."""
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(URL, data=data, content_type="application/json", **extra)


def assert_error_body(response):
    body = response.json()
    assert isinstance(body["errors"], list)
    assert body["errors"]
    for error in body["errors"]:
        assert set(error) == {"field", "code", "message"}
        assert isinstance(error["field"], str)
        assert error["code"]
        assert error["message"]
    return body


def _params(kind):
    return [pytest.param(case["request"], case["expect"], id=case["id"]) for case in CASES[kind]]


@pytest.mark.parametrize(("request_data", "expect"), _params("valid"))
def test_valid_reference_case_gives_expected_values(client, request_data, expect):
    response = post(client, request_data)

    assert response.status_code == 200
    body = response.json()
    assert {key: body[key] for key in expect} == expect


@pytest.mark.parametrize(("request_data", "expect"), _params("invalid"))
def test_invalid_reference_case_gives_400_with_errors(client, request_data, expect):
    response = post(client, request_data)

    assert response.status_code == expect["status"] == 400
    assert_error_body(response)


@pytest.mark.parametrize(
    "request_data",
    [
        {"game": "clubs", "matadors": 1, "won": True},
        {
            "game": "grand",
            "matadors": 4,
            "hand": True,
            "ouvert": True,
            "won": True,
            "schwarz": True,
        },
        {"game": "null", "won": False},
        {"game": "null", "matadors": 1, "bid": 24},
        OVERBID_CLUBS,
    ],
    ids=["suit", "grand-ouvert", "null", "null-overbid", "overbid"],
)
def test_response_has_exactly_the_documented_keys(client, request_data):
    body = post(client, request_data).json()

    assert set(body) == DOCUMENTED_KEYS | {"scored_as"}
    assert set(body["list_points"]) == LIST_POINTS_KEYS


@pytest.mark.parametrize(
    ("hand", "ouvert"),
    [(False, False), (True, False), (False, True), (True, True)],
)
def test_null_game_has_fixed_base_value_and_no_multiplier(client, hand, ouvert):
    response = post(client, {"game": "null", "hand": hand, "ouvert": ouvert, "won": True})

    body = response.json()
    assert body["multiplier"] is None
    assert body["base_value"] == body["game_value"] == NULL_VALUES[(ouvert, hand)]
    assert body["scored_as"] == "null"


def test_overbid_null_is_scored_as_the_cheapest_trump_game(client):
    body = post(client, {"game": "null", "matadors": 1, "bid": 24}).json()

    assert body["game"] == "null"
    assert body["scored_as"] == "clubs"
    assert body["multiplier"] == 2
    assert body["score"] == -48


def test_overbid_game_is_explained_in_german_by_default(client):
    response = post(client, OVERBID_CLUBS)

    assert response.status_code == 200
    assert response.json() == {
        "game": "clubs",
        "scored_as": "clubs",
        "base_value": 12,
        "multiplier": 4,
        "game_value": 48,
        "won": False,
        "overbid": True,
        "score": -96,
        "list_points": {"declarer": -146, "opponent_at_3_table": 40, "opponent_at_4_table": 30},
        "explanation": "mit 1, Spiel 2 – überreizt bei 48: 4 × Kreuz (12) = 48, verloren: −96",
    }


def test_overbid_game_is_explained_in_english_on_request(client):
    response = post(client, OVERBID_CLUBS, HTTP_ACCEPT_LANGUAGE="en")

    assert response.json()["explanation"] == (
        "with 1, game 2 – overbid at 48: 4 × Clubs (12) = 48, lost: −96"
    )


def test_error_messages_are_german_by_default(client):
    response = post(client, {"game": "grand", "matadors": 5, "won": True})

    body = assert_error_body(response)
    assert body["errors"] == [
        {
            "field": "matadors",
            "code": "matadors_out_of_range",
            "message": "Im Grand sind nur die Buben Trumpf: mit oder ohne 1 bis 4 Spitzen.",
        }
    ]
    assert body["detail"] == body["errors"][0]["message"]


def test_error_messages_are_english_on_request(client):
    response = post(
        client, {"game": "grand", "matadors": 5, "won": True}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.json()["errors"][0]["message"] == (
        "In a Grand only the jacks are trumps: with or without 1 to 4 matadors."
    )


def test_every_problem_is_reported_at_once(client):
    response = post(client, {"game": "clubs", "matadors": "1", "won": "yes", "bid": 1.5})

    body = assert_error_body(response)
    assert {(error["field"], error["code"]) for error in body["errors"]} == {
        ("matadors", "not_an_integer"),
        ("won", "not_a_boolean"),
        ("bid", "not_an_integer"),
    }


@pytest.mark.parametrize(
    ("raw_body", "field", "code"),
    [
        ("{", "body", "malformed_json"),
        ('{"game": "clubs",}', "body", "malformed_json"),
        ('{"game": "clubs", "matadors": NaN, "won": true}', "body", "malformed_json"),
        ('{"game": "clubs", "matadors": Infinity, "won": true}', "body", "malformed_json"),
        ("[]", "body", "not_an_object"),
        ('[{"game": "clubs"}]', "body", "not_an_object"),
        ('"clubs"', "body", "not_an_object"),
        ("null", "body", "not_an_object"),
        ("42", "body", "not_an_object"),
        ("1e400", "body", "not_an_object"),
        ("true", "body", "not_an_object"),
        ("{}", "game", "game_required"),
        ('{"game": null}', "game", "game_required"),
        ('{"game": "clubs", "matadors": 1e400, "won": true}', "matadors", "not_an_integer"),
        (
            '{"game": "clubs", "matadors": 1' + "0" * 5000 + ', "won": true}',
            "body",
            "malformed_json",
        ),
    ],
    ids=[
        "truncated",
        "trailing-comma",
        "nan",
        "infinity",
        "empty-list",
        "list-of-games",
        "string",
        "null",
        "number",
        "huge-float",
        "boolean",
        "empty-object",
        "game-null",
        "infinite-matadors",
        "5000-digit-number",
    ],
)
def test_bad_body_gives_400_with_errors(client, raw_body, field, code):
    response = post(client, raw_body)

    assert response.status_code == 400
    body = assert_error_body(response)
    assert (body["errors"][0]["field"], body["errors"][0]["code"]) == (field, code)


@pytest.mark.parametrize(
    ("request_data", "field", "code"),
    [
        ({"game": "clubs", "matadors": 1, "won": True, "kontra": True}, "kontra", "unknown_field"),
        ({"game": "clubs", "matadors": 1, "won": True, "": 1}, "", "unknown_field"),
        ({"game": "skat", "matadors": 1, "won": True}, "game", "unknown_game"),
        ({"game": "Clubs", "matadors": 1, "won": True}, "game", "unknown_game"),
        ({"game": 12, "matadors": 1, "won": True}, "game", "unknown_game"),
        ({"game": "clubs", "matadors": "1", "won": True}, "matadors", "not_an_integer"),
        ({"game": "clubs", "matadors": 1.0, "won": True}, "matadors", "not_an_integer"),
        ({"game": "clubs", "matadors": True, "won": True}, "matadors", "not_an_integer"),
        ({"game": "clubs", "matadors": 1, "won": 1}, "won", "not_a_boolean"),
        ({"game": "clubs", "matadors": 1, "won": "true"}, "won", "not_a_boolean"),
        ({"game": "clubs", "matadors": 1, "hand": 0, "won": True}, "hand", "not_a_boolean"),
        ({"game": "clubs", "matadors": 10**30, "won": True}, "matadors", "matadors_out_of_range"),
        (
            {"game": "clubs", "matadors": -(10**30), "won": True},
            "matadors",
            "matadors_out_of_range",
        ),
        ({"game": "clubs", "matadors": 1, "won": True, "bid": 2**70}, "bid", "bid_out_of_range"),
        ({"game": "clubs", "matadors": 1, "declarer_eyes": 10**20}, "declarer_eyes", None),
        ({"game": "clubs", "matadors": 1, "declarer_eyes": 61, "declarer_tricks": -1}, None, None),
        ({"game": {"name": "clubs"}, "matadors": 1, "won": True}, "game", "unknown_game"),
        ({"game": ["clubs"], "matadors": 1, "won": True}, "game", "unknown_game"),
        ({"game": "clubs", "matadors": {"n": 1}, "won": True}, "matadors", "not_an_integer"),
        ({"game": "clubs", "matadors": [1], "won": [True]}, "matadors", "not_an_integer"),
        ({"game": "clubs", "matadors": 1, "won": {"a": {"b": {"c": []}}}}, "won", "not_a_boolean"),
    ],
    ids=[
        "unknown-field",
        "empty-field-name",
        "unknown-game",
        "capitalised-game",
        "game-number",
        "string-for-int",
        "float-for-int",
        "bool-for-int",
        "int-for-bool",
        "string-for-bool",
        "zero-for-bool",
        "huge-matadors",
        "huge-negative-matadors",
        "huge-bid",
        "huge-eyes",
        "negative-tricks",
        "object-for-game",
        "list-for-game",
        "object-for-int",
        "lists-for-int-and-bool",
        "nested-object-for-bool",
    ],
)
def test_wrong_field_gives_400_naming_the_field(client, request_data, field, code):
    response = post(client, request_data)

    assert response.status_code == 400
    errors = assert_error_body(response)["errors"]
    if field is not None:
        assert field in {error["field"] for error in errors}
    if code is not None:
        assert code in {error["code"] for error in errors}


def test_plain_text_body_gives_415_with_errors(client):
    response = client.post(URL, data="clubs", content_type="text/plain")

    assert response.status_code == 415
    assert_error_body(response)


def test_get_is_not_allowed(client):
    response = client.get(URL)

    assert response.status_code == 405
    assert_error_body(response)


def test_no_login_and_no_csrf_token_needed(client):
    csrf_client = type(client)(enforce_csrf_checks=True)

    response = post(csrf_client, {"game": "clubs", "matadors": 1, "won": True})

    assert (response.status_code, response.json()["game_value"]) == (200, 24)


def test_endpoint_is_in_the_openapi_schema():
    assert "/api/v1/game-value/" in api_schema()["paths"]


# Bodies that once gave a 500: absurd nesting and an unencodable field name.
def test_deeply_nested_json_gives_400(client):
    response = post(client, '{"game": ' + "[" * 100_000 + "]" * 100_000 + "}")

    assert response.status_code == 400


def test_unknown_field_with_lone_surrogate_gives_400(client):
    response = post(client, '{"game": "clubs", "matadors": 1, "won": true, "\\ud800": 1}')

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"], error["code"]) == (400, "\ud800", "unknown_field")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=10), children, max_size=3)
    ),
    max_leaves=8,
)
plausible_values = (
    st.sampled_from([game.value for game in GameType])
    | st.integers(min_value=-2, max_value=270)
    | st.booleans()
)
game_bodies = st.dictionaries(
    st.sampled_from(GAME_FIELDS), plausible_values | json_values, max_size=len(GAME_FIELDS)
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=game_bodies)
def test_any_json_object_of_game_fields_gives_200_or_400(client, body):
    response = post(client, body)

    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert_error_body(response)
    else:
        result = response.json()
        assert set(result) == DOCUMENTED_KEYS | {"scored_as"}
        assert result["score"] in (result["game_value"], -2 * result["game_value"])


# The calculator page posts its form as it is (the way the touch entry posts its own); the
# server reads both forms with the same reader, so the page builds no request of its own.
CALCULATOR_FORMS = [
    (
        {"game": "clubs", "matadors": "1", "won": "true", "bid": "48", "result_mode": "won"},
        {"game": "clubs", "matadors": 1, "won": True, "bid": 48},
    ),
    (
        {
            "game": "grand",
            "matadors": "2",
            "hand": "on",
            "result_mode": "eyes",
            "declarer_eyes": "92",
            "declarer_tricks": "7",
        },
        {"game": "grand", "matadors": 2, "hand": True, "declarer_eyes": 92, "declarer_tricks": 7},
    ),
    (
        {"game": "null", "ouvert": "on", "won": "false", "result_mode": "won"},
        {"game": "null", "ouvert": True, "won": False},
    ),
    (
        {
            "game": "hearts",
            "matadors": "3",
            "with_matadors": "false",
            "won": "true",
            "schneider": "on",
            "schneider_announced": "on",
            "hand": "on",
            "result_mode": "won",
        },
        {
            "game": "hearts",
            "matadors": 3,
            "with_matadors": False,
            "won": True,
            "schneider": True,
            "schneider_announced": True,
            "hand": True,
        },
    ),
]


@pytest.mark.parametrize(("posted", "body"), CALCULATOR_FORMS)
def test_calculator_form_is_valued_like_the_same_game_as_json(client, posted, body):
    as_form = client.post(URL, {**posted, "csrfmiddlewaretoken": "ignored", "action": "preview"})
    as_json = post(client, body)

    assert as_form.status_code == 200, as_form.json()
    assert as_form.json() == as_json.json()


def test_calculator_form_with_a_bad_number_names_the_field(client):
    response = client.post(
        URL, {"game": "clubs", "matadors": "1", "result_mode": "eyes", "declarer_eyes": "viel"}
    )

    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["declarer_eyes"]

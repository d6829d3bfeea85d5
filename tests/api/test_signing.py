"""Signing, closing, reopening and verifying lists over HTTP (docs/api.md 3.4)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tests import factories as f
from tests.api.conftest import first_error, send
from tests.openapi import api_schema, generator_warnings
from tournaments.models import Game, Signature, Table
from tournaments.services import states
from tournaments.services.sealing import signing
from tournaments.services.sealing.seal import SEAL_PATTERN

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(signable_table):
    return signable_table


def sign(client, table, seat, **body):
    body = body or {"pin": f.pin_of(table, seat)}
    return send(client, "post", f"tables/{table.id}/signatures/", {"seat": seat, **body})


def test_sign_by_pin_answers_with_the_table_overview(director_client, table):
    response = sign(director_client, table, 1)

    assert response.status_code == 201
    body = response.json()
    assert (body["status"], body["seal"], body["ready_to_sign"]) == ("open", None, True)
    assert [(s["seat"], s["signed"], s["method"]) for s in body["signatures"]] == [
        (1, True, "pin"),
        (2, False, None),
        (3, False, None),
        (4, False, None),
    ]


def test_sign_by_image_is_stored(director_client, table):
    response = sign(director_client, table, 2, image=f.png_data_url())

    assert response.status_code == 201
    assert Signature.objects.get(table=table).method == "image"


def test_the_last_signature_seals_the_list(director_client, table):
    responses = [sign(director_client, table, seat) for seat in (1, 2, 3, 4)]

    body = responses[-1].json()
    assert [r.status_code for r in responses] == [201] * 4
    assert body["status"] == "signed"
    assert SEAL_PATTERN.match(body["seal"])
    assert body["sealed_at"] and body["locked_at"]
    assert all(s["signed"] for s in body["signatures"])
    assert send(director_client, "get", f"tables/{table.id}/").json()["seal"] == body["seal"]


def test_wrong_pin_is_refused_naming_the_seat(director_client, table):
    response = sign(
        director_client, table, 3, pin="0000" if f.pin_of(table, 3) != "0000" else "1111"
    )

    assert first_error(response) == (400, "pin", "pin_mismatch")
    assert "3" in response.json()["errors"][0]["message"]
    assert not Signature.objects.exists()


def test_too_many_wrong_pins_answer_429(director_client, table):
    wrong = "0000" if f.pin_of(table, 1) != "0000" else "1111"
    codes = [
        sign(director_client, table, 1, pin=wrong).status_code for _ in range(signing.PIN_ATTEMPTS)
    ]

    blocked = sign(director_client, table, 1)

    assert codes == [400] * signing.PIN_ATTEMPTS
    assert first_error(blocked) == (429, "pin", "too_many_pin_attempts")
    assert 0 < int(blocked.headers["Retry-After"]) <= 600
    assert not Signature.objects.exists()


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"seat": 1, "image": "data:image/png;base64,@@@"}, (400, "image", "image_not_base64")),
        ({"seat": 1, "image": "data:image/png;base64,QUJD"}, (400, "image", "image_not_png")),
        (
            {"seat": 1, "image": "data:image/gif;base64,R0lG"},
            (400, "image", "image_not_png_data_url"),
        ),
        (
            {"seat": 1, "image": "data:image/png;base64," + "A" * 300_000},
            (400, "image", "image_too_large"),
        ),
        ({"seat": 1}, (400, "pin", "pin_or_image")),
        ({"seat": "eins", "pin": "1234"}, (400, "seat", "invalid_seat")),
        ({"seat": 1, "pin": 4711}, (400, "pin", "invalid_pin")),
    ],
)
def test_bad_signature_input_is_refused(director_client, table, body, expected):
    response = send(director_client, "post", f"tables/{table.id}/signatures/", body)

    assert first_error(response) == expected


def test_signing_twice_is_a_conflict(director_client, table):
    sign(director_client, table, 1)

    assert first_error(sign(director_client, table, 1)) == (409, "seat", "already_signed")


def test_signing_an_incomplete_list_is_a_conflict(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=1)

    assert first_error(sign(director_client, table, 1)) == (409, "table", "list_not_complete")


@pytest.mark.parametrize("body", [[1, 2], "seat"])
def test_a_signature_body_must_be_an_object(director_client, table, body):
    response = send(director_client, "post", f"tables/{table.id}/signatures/", body)

    assert first_error(response) == (400, "body", "not_an_object")


def test_signing_an_unknown_table_is_404(director_client):
    response = send(director_client, "post", "tables/999999/signatures/", {"seat": 1})

    assert (response.status_code, response.json()["errors"][0]["code"]) == (404, "not_found")


def test_signing_needs_a_director_for_now(client, table):
    anonymous = sign(client, table, 1)
    client.force_login(get_user_model().objects.create_user(username="tablet"))
    player = sign(client, table, 1)

    assert anonymous.status_code in (401, 403)
    assert player.status_code == 403
    assert not Signature.objects.exists()


def test_who_signed_is_public_and_never_shows_pin_or_image(client, table):
    signing.sign_list(table, 1, image=f.png_data_url())
    signing.sign_list(table, 2, pin=f.pin_of(table, 2))

    response = send(client, "get", f"tables/{table.id}/signatures/")

    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["ready_to_sign"], body["all_signed"]) == ("open", True, False)
    assert [(s["seat"], s["method"], s["current"]) for s in body["signatures"]] == [
        (1, "image", True),
        (2, "pin", True),
        (3, None, None),
        (4, None, None),
    ]
    assert {key for row in body["signatures"] for key in row} == {
        "seat",
        "participant",
        "name",
        "from_game",
        "until_game",
        "signed",
        "method",
        "signed_at",
        "current",
    }
    assert "iVBOR" not in response.content.decode()


def test_director_ends_a_list_early_and_the_players_sign_it(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=1)
    send(director_client, "post", f"tables/{table.id}/games/", {"passed": True})

    ended = send(director_client, "post", f"tables/{table.id}/end/", {"reason": "Saal schließt"})
    signed = [sign(director_client, table, seat) for seat in (1, 2, 3)]

    assert ended.status_code == 200
    assert (ended.json()["ended_early"], ended.json()["ended_reason"]) == (True, "Saal schließt")
    assert ended.json()["ready_to_sign"] is True
    assert signed[-1].json()["status"] == "signed"


def test_director_closes_a_list_with_a_reason(director_client, table):
    sign(director_client, table, 1)

    response = send(
        director_client, "post", f"tables/{table.id}/close/", {"reason": "Platz 2-4 weg"}
    )

    body = response.json()
    assert response.status_code == 200
    assert (body["status"], body["closed_reason"]) == ("locked", "Platz 2-4 weg")
    assert SEAL_PATTERN.match(body["seal"])
    assert send(director_client, "get", f"verify/{body['seal']}/").json()["valid"] is True


def test_director_reopens_a_list(director_client, table):
    f.sign_all(table)

    response = send(
        director_client, "post", f"tables/{table.id}/reopen/", {"reason": "Spiel 2 falsch"}
    )

    body = response.json()
    assert response.status_code == 200
    assert (body["status"], body["seal"], body["sealed_at"]) == ("open", None, None)
    assert not any(s["signed"] for s in body["signatures"])


@pytest.mark.parametrize("action", ["end", "close", "reopen"])
@pytest.mark.parametrize("body", [{}, {"reason": ""}, {"reason": "  "}, {"reason": 7}])
def test_director_actions_need_a_reason(director_client, action, body):
    table = f.make_seated_table(players=3, rounds_per_series=1)

    response = send(director_client, "post", f"tables/{table.id}/{action}/", body)

    assert first_error(response) == (400, "reason", "reason_required")


@pytest.mark.parametrize("action", ["end", "close", "reopen"])
def test_director_actions_are_for_directors_only(client, table, action):
    anonymous = send(client, "post", f"tables/{table.id}/{action}/", {"reason": "x"})
    client.force_login(get_user_model().objects.create_user(username="spieler"))
    player = send(client, "post", f"tables/{table.id}/{action}/", {"reason": "x"})

    assert anonymous.status_code in (401, 403) and player.status_code == 403
    table.refresh_from_db()
    assert (table.status, table.ended_early_at) == ("open", None)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ("end", (409, "table", "list_already_ended")),
        ("reopen", (409, "table", "list_not_closed")),
    ],
)
def test_director_actions_out_of_turn_are_conflicts(director_client, table, action, expected):
    response = send(director_client, "post", f"tables/{table.id}/{action}/", {"reason": "weil"})

    assert first_error(response) == expected


@pytest.fixture(scope="module", params=["signed", "locked"])
def sealed_table_id(request, module_db):
    """A complete 4-table signed by all, or locked without seat 1; built once per kind for
    the module (every request against it is refused, and rolled back after its test)."""
    table = f.make_complete_table(players=4, rounds_per_series=1)
    f.sign_all(table, except_seats=[] if request.param == "signed" else [1])
    if request.param == "locked":
        states.apply(table, "close", f.make_staff_user(), "Platz 1 fehlt")
    return table.pk


SUMMARY = {"seats": [{"seat": n, "game_points": 0, "won": 0, "lost": 0} for n in (1, 2, 3, 4)]}


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "games/", {"passed": True}),
        ("put", "games/4/", {"passed": True}),
        ("patch", "games/4/", {"passed": True}),
        ("delete", "games/4/", None),
        ("post", "leave/", {"seat": 2, "after_game": 4}),
        ("post", "join/", {"participant": "newcomer", "from_game": 5}),
        ("post", "replace/", {"seat": 2, "participant": "newcomer", "from_game": 2}),
        ("put", "summary/", SUMMARY),
        ("post", "signatures/", {"seat": 1, "pin": "1234"}),
        ("post", "end/", {"reason": "weil"}),
        ("post", "close/", {"reason": "weil"}),
    ],
)
def test_every_list_changing_endpoint_refuses_a_sealed_list(
    director_client, sealed_table_id, method, path, body
):
    table = Table.objects.select_related("series__tournament").get(pk=sealed_table_id)
    if body and body.get("participant") == "newcomer":
        body = {**body, "participant": f.make_participants(table.series.tournament, 1)[0].id}
    games = list(Game.objects.filter(table=table).values_list("number", "score"))
    seal = Table.objects.get(pk=table.pk).seal

    response = send(director_client, method, f"tables/{table.id}/{path}", body)

    assert first_error(response) == (409, "table", "list_locked")
    assert list(Game.objects.filter(table=table).values_list("number", "score")) == games
    assert Table.objects.get(pk=table.pk).seal == seal


def test_reopen_correct_and_sign_again_gives_a_new_seal(director_client, table):
    first = f.sign_all(table).seal
    send(director_client, "post", f"tables/{table.id}/reopen/", {"reason": "Spiel 4 falsch"})

    corrected = send(
        director_client,
        "put",
        f"tables/{table.id}/games/4/",
        {"passed": True, "reason": "eingepasst"},
    )
    second = [sign(director_client, table, seat) for seat in (1, 2, 3, 4)][-1].json()["seal"]

    assert corrected.status_code == 200
    assert SEAL_PATTERN.match(second) and second != first
    assert send(director_client, "get", f"verify/{second}/").json()["valid"] is True
    old = send(director_client, "get", f"verify/{first}/").json()
    assert (old["valid"], old["reason"], old["table"]) == (False, "superseded", table.id)
    audit = [e["action"] for e in send(director_client, "get", f"tables/{table.id}/audit/").json()]
    assert audit[-7:] == [
        "list_reopened",
        "game_corrected",
        *["signature_added"] * 4,
        "list_signed",
    ]


def test_verification_is_public_and_names_a_game_changed_behind_the_apps_back(client, table):
    seal = f.sign_all(table).seal
    valid = send(client, "get", f"verify/{seal}/", headers={"authorization": "Token not-a-token"})
    game = Game.objects.get(table=table, number=2)

    with connection.cursor() as cursor:
        cursor.execute("UPDATE tournaments_game SET score = 999 WHERE id = %s", [game.id])
    changed = send(client, "get", f"verify/{seal}/")

    assert valid.status_code == 200
    assert valid.json()["valid"] is True
    assert valid.json()["tournament"]["name"] == table.series.tournament.name
    assert (valid.json()["series"], valid.json()["table_number"]) == (1, table.number)
    body = changed.json()
    assert (changed.status_code, body["valid"], body["reason"]) == (200, False, "changed")
    assert body["mismatches"] == [{"path": "games[2].score", "stored": game.score, "current": 999}]
    assert body["message"]


@pytest.mark.parametrize(("code", "reason"), [("0" * 64, "unknown"), ("kein-siegel", "malformed")])
def test_verifying_an_unknown_seal_says_so(client, code, reason):
    response = send(client, "get", f"verify/{code}/")

    assert response.status_code == 200
    assert (response.json()["valid"], response.json()["reason"]) == (False, reason)


def test_table_overview_has_the_signing_fields(client, table):
    body = send(client, "get", f"tables/{table.id}/").json()

    assert {
        "status",
        "seal",
        "sealed_at",
        "locked_at",
        "closed_reason",
        "ended_early",
        "ended_reason",
        "ready_to_sign",
        "signatures",
    } <= set(body)


@pytest.mark.parametrize("tables", [1, 3])
def test_series_tables_list_signatures_in_constant_queries(
    client, django_assert_max_num_queries, tables
):
    table = f.make_complete_table(players=3, rounds_per_series=1)
    tournament = table.series.tournament
    for _ in range(tables - 1):
        f.play_out(f.make_table(table.series, f.make_participants(tournament, 3)))
    for each in table.series.tables.all():
        f.sign_all(each)

    with django_assert_max_num_queries(8):
        response = send(client, "get", f"series/{table.series_id}/tables/")

    listed = response.json()
    assert [len(row["signatures"]) for row in listed] == [3] * tables


SIGNING_PATHS = [
    "/api/v1/tables/{id}/signatures/",
    "/api/v1/tables/{id}/end/",
    "/api/v1/tables/{id}/close/",
    "/api/v1/tables/{id}/reopen/",
    "/api/v1/verify/{seal}/",
]


def test_signing_endpoints_are_in_the_schema_without_warnings():
    schema = api_schema()

    assert set(SIGNING_PATHS) <= set(schema["paths"])
    assert set(schema["paths"]["/api/v1/tables/{id}/signatures/"]) == {"get", "post"}
    verify = schema["paths"]["/api/v1/verify/{seal}/"]["get"]
    assert verify.get("security", [{}]) == [{}]
    ours = ("signing.py", "Signature", "Verify", "EndList", "CloseList", "ReopenList")
    assert [w for w in generator_warnings() if any(name in w for name in ours)] == []

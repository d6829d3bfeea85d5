"""List keeping over HTTP (docs/api.md 3.2): the flow, the refusals and the audit trail."""

import pytest
from django.contrib.auth import get_user_model

from tests import factories as f
from tests.api.conftest import API, created_id, first_error, send
from tournaments.models import AuditEntry, Club, Game, Table

pytestmark = pytest.mark.django_db

SETTLEMENT_FIELDS = {"seat", "participant", *f.SUM_FIELDS}
KARO_WON = {"game": "diamonds", "matadors": 1, "won": True}


@pytest.fixture
def four_table(db):
    """A 4-table with one round (games 1–4)."""
    return f.make_seated_table(players=4, rounds_per_series=1)


def test_list_keeping_flow_over_http(director_client):
    # Arrange: club, players, tournament (3 rounds), participants, series, a 3-table
    club = created_id(director_client, "clubs/", {"name": "Skatfreunde Nord"})
    players = [
        created_id(
            director_client, "players/", {"first_name": "Erika", "last_name": n, "club": club}
        )
        for n in ("Muster", "Becker", "Koch", "Braun")
    ]
    tournament = {"name": "Herbstpokal", "date": "2026-10-03", "rounds_per_series": 3}
    tid = created_id(director_client, "tournaments/", tournament)
    people = [
        created_id(director_client, f"tournaments/{tid}/participants/", {"player": p})
        for p in players
    ]
    series = send(director_client, "post", f"tournaments/{tid}/series/", {})
    sid = series.json()["id"]
    table = created_id(director_client, f"series/{sid}/tables/", {"number": 1, "seats": people[:3]})
    games = f"tables/{table}/games/"

    # Act: round 1 at the 3-table, with a correction and an undo
    g1 = send(
        director_client,
        "post",
        games,
        {"declarer_seat": 2, "game": "clubs", "matadors": 1, "won": True},
    )
    g2 = send(director_client, "post", games, {"passed": True})
    g3 = {"declarer_seat": 1, "game": "grand", "matadors": 1, "won": False}
    send(director_client, "post", games, g3)
    herz = {"declarer_seat": 3, "game": "hearts", "matadors": 1, "won": True}
    put = send(director_client, "put", games + "2/", herz)
    patch = send(director_client, "patch", games + "2/", {"won": False})
    delete = send(director_client, "delete", games + "3/")
    again = send(director_client, "post", games, g3)
    # a fourth player joins at game 4; seat 2 leaves after game 7, the end of round 2
    join = send(
        director_client, "post", f"tables/{table}/join/", {"participant": people[3], "from_game": 4}
    )
    g4 = send(director_client, "post", games, {"declarer_seat": 4, **KARO_WON})
    for _ in range(3):
        send(director_client, "post", games, {"passed": True})
    leave = send(director_client, "post", f"tables/{table}/leave/", {"seat": 2, "after_game": 7})
    read = send(director_client, "get", f"tables/{table}/")

    # Assert
    assert series.status_code == 201 and series.json()["number"] == 1
    assert (g1.status_code, g2.status_code, again.status_code, g4.status_code) == (201,) * 4
    assert (put.status_code, patch.status_code, delete.status_code) == (200, 200, 204)
    assert (join.status_code, leave.status_code, read.status_code) == (200, 200, 200)
    assert patch.json()["list_points"] == {"1": 40, "2": 40, "3": -90}
    assert g4.json()["list_points"] == {"1": 0, "2": 0, "3": 0, "4": 68}
    body = read.json()
    assert body["status"] == "open"
    assert [(s["seat"], s["participant"], s["until_game"]) for s in body["seats"]] == [
        (1, people[0], None),
        (2, people[1], 7),
        (3, people[2], None),
        (4, people[3], None),
    ]
    # g1 seat 2 +24 won; g2 seat 3 Herz mit 1 lost −40 (seats 1, 2 +40);
    # g3 seat 1 Grand mit 1 lost −96 (seats 2, 3 +40); g4 seat 4 Karo mit 1 won +18
    assert [
        (line["seat"], line["game_points"], line["bonus_opponents_lost"], line["total"])
        for line in body["settlement"]
    ] == [(1, -96, 40, -106), (2, 24, 80, 154), (3, -40, 40, -50), (4, 18, 0, 68)]
    assert body["next_game"] == {
        "number": 8,
        "dealer_seat": 1,
        "active_seats": [3, 4, 1],
        "table_size": 3,
    }


def test_post_game_returns_the_stored_game(director_client, four_table):
    body = {"declarer_seat": 2, "game": "grand", "matadors": 2, "won": False}

    response = send(director_client, "post", f"tables/{four_table.id}/games/", body)

    # Grand mit 2 lost: 24 × 3 = 72 → −144, list −194; seats 1 (dealer), 3, 4 +30
    assert response.status_code == 201
    game = response.json()
    assert {k: game[k] for k in ("number", "dealer_seat", "declarer_seat", "won", "overbid")} == {
        "number": 1,
        "dealer_seat": 1,
        "declarer_seat": 2,
        "won": False,
        "overbid": False,
    }
    assert (game["score"], game["list_points"]) == (-144, {"1": 30, "2": -194, "3": 30, "4": 30})


def test_get_table_has_settlement_fields(client, four_table):
    f.enter(four_table, declarer_seat=2, **KARO_WON)

    response = send(client, "get", f"tables/{four_table.id}/")

    assert response.status_code == 200
    body = response.json()
    assert {"id", "number", "status", "seats", "settlement"} <= set(body)
    assert set(body["seats"][0]) >= {"seat", "participant", "name"}
    assert all(set(line) >= SETTLEMENT_FIELDS for line in body["settlement"])
    assert body["settlement"][1]["total"] == 68


def test_patch_game_changes_only_the_given_fields(director_client, four_table):
    f.enter(four_table, declarer_seat=2, game="spades", matadors=2, won=True)

    response = send(director_client, "patch", f"tables/{four_table.id}/games/1/", {"hand": True})

    # Pik mit 2 Hand: 11 × 4 = 44
    assert response.status_code == 200
    assert (response.json()["declarer_seat"], response.json()["score"]) == (2, 44)


def test_delete_last_game_removes_it(director_client, four_table):
    f.enter(four_table, passed=True)
    f.enter(four_table, passed=True)

    response = send(director_client, "delete", f"tables/{four_table.id}/games/2/")

    assert response.status_code == 204
    assert list(four_table.games.values_list("number", flat=True)) == [1]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(
            {"declarer_seat": 1, **KARO_WON},
            (400, "declarer_seat", "dealer_cannot_declare"),
            id="dealer-declares",
        ),
        pytest.param(
            {"declarer_seat": 5, **KARO_WON}, (400, "declarer_seat", "unknown_seat"), id="seat-5"
        ),
        pytest.param(
            {"number": 3, "passed": True}, (400, "number", "game_number_gap"), id="number-gap"
        ),
        pytest.param(
            {"number": 5, "passed": True}, (400, "number", "series_complete"), id="beyond-series"
        ),
        pytest.param(
            {"passed": True, "colour": "red"}, (400, "colour", "unknown_field"), id="unknown-field"
        ),
        pytest.param(
            {"passed": True, "declarer_seat": 2},
            (400, "declarer_seat", "passed_game_has_no_values"),
            id="passed-with-declarer",
        ),
        pytest.param(
            {"passed": True, "number": "2"},
            (400, "number", "invalid_game_number"),
            id="text-number",
        ),
    ],
)
def test_post_game_bad_input_is_refused(director_client, four_table, body, expected):
    response = send(director_client, "post", f"tables/{four_table.id}/games/", body)

    assert first_error(response) == expected
    assert response.json()["errors"][0]["message"]
    assert not four_table.games.exists()


def test_post_game_dealer_as_declarer_message_names_the_dealer_seat(director_client, four_table):
    f.enter(four_table, passed=True)
    body = {"declarer_seat": 2, **KARO_WON}

    response = send(director_client, "post", f"tables/{four_table.id}/games/", body)

    assert first_error(response) == (400, "declarer_seat", "dealer_cannot_declare")
    assert "Platz 2" in response.json()["errors"][0]["message"]


def test_post_game_after_the_last_game_is_a_conflict(director_client, four_table):
    for _ in range(4):
        f.enter(four_table, passed=True)

    response = send(director_client, "post", f"tables/{four_table.id}/games/", {"passed": True})

    assert first_error(response) == (409, "number", "series_complete")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"seat": 2, "after_game": 3}, (400, "after_game", "not_a_round_end")),
        ({"seat": 5, "after_game": 4}, (400, "seat", "no_player_on_seat")),
        ({"seat": 2}, (400, "after_game", "required_number")),
    ],
)
def test_leave_bad_input_is_refused(director_client, body, expected):
    table = f.make_seated_table(players=4, rounds_per_series=2)

    response = send(director_client, "post", f"tables/{table.id}/leave/", body)

    assert first_error(response) == expected
    assert not table.seats.filter(until_game__isnull=False).exists()


def test_join_not_at_a_round_start_is_refused(director_client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    newcomer = f.make_participants(table.series.tournament, 1)[0]
    body = {"participant": newcomer.id, "from_game": 3}

    response = send(director_client, "post", f"tables/{table.id}/join/", body)

    assert first_error(response) == (400, "from_game", "not_a_round_start")


SUMMARY = {"seats": [{"seat": n, "game_points": 0, "won": 0, "lost": 0} for n in (1, 2, 3, 4)]}


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "games/", {"passed": True}),
        ("put", "games/1/", {"passed": True}),
        ("patch", "games/1/", {"passed": True}),
        ("delete", "games/1/", None),
        ("post", "leave/", {"seat": 2, "after_game": 4}),
        ("post", "join/", {"participant": "newcomer", "from_game": 5}),
        ("post", "replace/", {"seat": 2, "participant": "newcomer", "from_game": 2}),
        ("put", "summary/", SUMMARY),
    ],
)
def test_writing_to_a_locked_list_is_a_conflict(director_client, four_table, method, path, body):
    f.enter(four_table, declarer_seat=2, **KARO_WON)
    newcomer = f.make_participants(four_table.series.tournament, 1)[0]
    if body and body.get("participant") == "newcomer":
        body = {**body, "participant": newcomer.id}
    four_table.status = Table.Status.LOCKED
    four_table.save(update_fields=["status"])

    response = send(director_client, method, f"tables/{four_table.id}/{path}", body)

    assert first_error(response) == (409, "table", "list_locked")
    assert Game.objects.get(table=four_table).declarer_seat == 2


def test_participant_seated_twice_in_a_series_is_refused(director_client, four_table):
    seated = list(four_table.seats.values_list("participant", flat=True))
    others = [p.id for p in f.make_participants(four_table.series.tournament, 2)]
    body = {"number": 2, "seats": [seated[0], *others]}

    response = send(director_client, "post", f"series/{four_table.series_id}/tables/", body)

    assert first_error(response) == (400, "seats", "participant_already_seated")
    assert four_table.series.tables.count() == 1


def test_joining_player_seated_at_another_table_is_refused(director_client, four_table):
    other = f.make_table(four_table.series, f.make_participants(four_table.series.tournament, 3))
    body = {"participant": four_table.seats.get(number=1).participant_id, "from_game": 1}

    response = send(director_client, "post", f"tables/{other.id}/join/", body)

    assert first_error(response) == (400, "participant", "participant_already_seated")


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "clubs/", {"name": "Gäste"}),
        ("post", "tables/{table}/games/", {"passed": True}),
        ("put", "tables/{table}/games/1/", {"passed": True}),
        ("delete", "tables/{table}/games/1/", None),
        ("post", "tables/{table}/leave/", {"seat": 2, "after_game": 4}),
    ],
)
def test_anonymous_writes_are_refused(client, four_table, method, path, body):
    f.enter(four_table, declarer_seat=2, **KARO_WON)

    response = send(client, method, path.format(table=four_table.id), body)

    assert response.status_code in (401, 403)
    assert response.json()["errors"][0]["message"]
    assert Game.objects.get(table=four_table).declarer_seat == 2


def test_staff_login_is_needed_to_write(client, four_table):
    client.force_login(get_user_model().objects.create_user(username="tablet"))

    response = send(client, "post", f"tables/{four_table.id}/games/", {"passed": True})

    assert response.status_code == 403
    assert not four_table.games.exists()


@pytest.mark.parametrize("path", ["tables/{table}/games/", "tables/{table}/leave/", "clubs/"])
def test_malformed_json_is_refused(director_client, four_table, path):
    url = API + path.format(table=four_table.id)

    response = director_client.post(url, data='{"passed": tru', content_type="application/json")

    assert first_error(response) == (400, "body", "malformed_json")


@pytest.mark.parametrize(
    "path", ["tables/{table}/games/", "tables/{table}/leave/", "tables/{table}/join/"]
)
def test_json_list_body_is_refused(director_client, four_table, path):
    response = send(director_client, "post", path.format(table=four_table.id), [{"passed": True}])

    assert first_error(response) == (400, "body", "not_an_object")


def test_deleting_a_game_from_the_middle_is_a_conflict(director_client, four_table):
    for _ in range(3):
        f.enter(four_table, passed=True)

    response = send(director_client, "delete", f"tables/{four_table.id}/games/2/")

    assert first_error(response) == (409, "number", "not_the_last_game")
    assert four_table.games.count() == 3


def test_deleting_a_club_with_players_is_a_conflict(director_client):
    club = f.make_club()
    f.make_player(club)

    response = send(director_client, "delete", f"clubs/{club.id}/")

    assert first_error(response) == (409, "", "still_in_use")
    assert Club.objects.filter(pk=club.pk).exists()


def test_audit_trail_keeps_before_after_and_reason_of_a_correction(director_client, four_table):
    f.enter(four_table, passed=True)
    body = {"declarer_seat": 3, **KARO_WON, "reason": "Tippfehler"}
    send(director_client, "put", f"tables/{four_table.id}/games/1/", body)

    response = send(director_client, "get", f"tables/{four_table.id}/audit/")

    assert response.status_code == 200
    entries = response.json()
    assert [e["action"] for e in entries] == ["table_created", "game_entered", "game_corrected"]
    correction = entries[-1]
    assert (correction["before"], correction["reason"]) == ({"passed": True}, "Tippfehler")
    assert (correction["after"]["declarer_seat"], correction["after"]["game"]) == (3, "diamonds")


def _changes():
    """Every write of a list; ``ids`` has the table (3 players, 2 rounds, game 1 entered)."""
    karo = {"declarer_seat": 3, **KARO_WON}
    summary = {"seats": [{"seat": n, "game_points": 0, "won": 0, "lost": 0} for n in (1, 2, 3)]}
    return [
        pytest.param("post", "tables/{table}/games/", lambda ids: karo, id="enter"),
        pytest.param("put", "tables/{table}/games/1/", lambda ids: karo, id="put"),
        pytest.param("patch", "tables/{table}/games/1/", lambda ids: {"won": False}, id="patch"),
        pytest.param("delete", "tables/{table}/games/1/", lambda ids: None, id="delete"),
        pytest.param(
            "post", "tables/{table}/leave/", lambda ids: {"seat": 2, "after_game": 3}, id="leave"
        ),
        pytest.param(
            "post",
            "tables/{table}/join/",
            lambda ids: {"participant": ids["newcomers"][0], "from_game": 4},
            id="join",
        ),
        pytest.param(
            "post",
            "tables/{table}/replace/",
            lambda ids: {"seat": 2, "participant": ids["newcomers"][0], "from_game": 2},
            id="replace",
        ),
        pytest.param("put", "tables/{empty}/summary/", lambda ids: summary, id="summary"),
        pytest.param(
            "post",
            "series/{series}/tables/",
            lambda ids: {"seats": ids["newcomers"][1:]},
            id="create-table",
        ),
    ]


@pytest.mark.parametrize(("method", "path", "body"), _changes())
def test_each_change_adds_one_audit_entry(director_client, director_user, method, path, body):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, declarer_seat=2, **KARO_WON)
    tournament = table.series.tournament
    empty = f.make_table(table.series, f.make_participants(tournament, 3))
    ids = {
        "table": table.id,
        "empty": empty.id,
        "series": table.series_id,
        "newcomers": [p.id for p in f.make_participants(tournament, 4)],
    }
    before = AuditEntry.objects.count()

    response = send(director_client, method, path.format(**ids), body(ids))

    assert response.status_code in (200, 201, 204), response.content
    assert AuditEntry.objects.count() == before + 1
    assert AuditEntry.objects.latest("created_at", "id").actor == director_user.username


@pytest.mark.parametrize(
    "body",
    [
        pytest.param(
            {"number": 70000, "seats": "unseated"},
            id="table-number-70000",
        ),
        pytest.param(
            {"seats": [2**64, 2**64 + 1, 2**64 + 2]},
            id="participant-ids-above-int64",
        ),
    ],
)
def test_create_table_with_numbers_out_of_range_never_gives_500(director_client, four_table, body):
    unseated = [p.id for p in f.make_participants(four_table.series.tournament, 3)]
    if body["seats"] == "unseated":
        body = {**body, "seats": unseated}
    director_client.raise_request_exception = False

    response = send(director_client, "post", f"series/{four_table.series_id}/tables/", body)

    assert response.status_code == 400
    assert response.json()["errors"][0]["message"]

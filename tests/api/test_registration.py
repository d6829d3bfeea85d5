"""Registration over HTTP: participants, new players, teams, withdrawal, late registration."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tests.api.conftest import API, first_error, send
from tests.openapi import api_schema
from tournaments.models import AuditEntry, Player, Team, Tournament
from tournaments.services import participants
from tournaments.services.draw import draw_series

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def tournament(db):
    return f.make_tournament(planned_series=2)


def register(client, tournament, body):
    return send(client, "post", f"tournaments/{tournament.id}/participants/", body)


# --- POST participants ------------------------------------------------------------------


def test_register_a_known_player_gets_the_next_start_number(director_client, tournament):
    f.make_participants(tournament, 2)
    player = f.make_player(f.make_club("Herz Dame"), "Erika", "Muster")

    response = register(director_client, tournament, {"player": player.id})

    assert response.status_code == 201
    body = response.json()
    assert (body["player"], body["name"], body["club"]) == (player.id, "Erika Muster", "Herz Dame")
    assert (body["start_number"], body["team"], body["withdrawn"]) == (3, None, False)
    assert "pin" not in body


def test_register_a_new_player_in_the_same_step(director_client, tournament):
    club = f.make_club("Kreuz Bube")
    team = participants.create_team(tournament, "Bube 1")

    response = register(
        director_client,
        tournament,
        {
            "new_player": {
                "first_name": " Jürgen ",
                "last_name": "Größer",
                "club": club.id,
                "member_number": "0815",
            },
            "team": team.id,
            "start_number": 17,
        },
    )

    assert response.status_code == 201, response.json()
    player = Player.objects.get(last_name="Größer")
    assert (player.first_name, player.club, player.member_number) == ("Jürgen", club, "0815")
    body = response.json()
    assert (body["player"], body["start_number"], body["team"]) == (player.id, 17, team.id)
    assert body["team_name"] == "Bube 1"


def test_register_a_new_player_records_the_consent_given(director_client, tournament):
    body = {"new_player": {"first_name": "Erika", "last_name": "Muster", "publication": "none"}}

    response = register(director_client, tournament, body)

    assert response.status_code == 201, response.json()
    assert Player.objects.get(last_name="Muster").publication == "none"


def test_register_a_new_player_with_an_unknown_level_names_the_field(director_client, tournament):
    body = {"new_player": {"first_name": "Erika", "last_name": "Muster", "publication": "ja"}}

    response = register(director_client, tournament, body)

    assert first_error(response)[:2] == (400, "new_player.publication")
    assert not Player.objects.filter(last_name="Muster").exists()


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        (("Karl", "Kreuz", "0815"), {"first_name": "Carl", "last_name": "Kreutz"}),
        (("Jürgen", "Müller", ""), {"first_name": "JÜRGEN", "last_name": "müller "}),
        (("Karl", "Kreuz", "1"), {"first_name": "karl", "last_name": "KREUZ", "member_number": ""}),
    ],
    ids=["same-member-number", "same-name-case-ignored", "same-name-other-number-missing"],
)
def test_register_a_new_player_that_exists_is_refused_with_the_existing_id(
    director_client, tournament, existing, new
):
    club = f.make_club("Herz Dame")
    first, last, number = existing
    known = Player.objects.create(first_name=first, last_name=last, club=club, member_number=number)
    new = {"club": club.id, "member_number": "0815", **new}

    response = register(director_client, tournament, {"new_player": new})

    assert first_error(response) == (409, "new_player", "player_exists")
    assert f"player {known.id}" in response.json()["errors"][0]["message"]
    assert Player.objects.count() == 1
    assert not tournament.participants.exists()


def test_register_a_new_guest_with_the_name_of_a_guest_is_refused(director_client, tournament):
    guest = f.make_player(None, "Paula", "Pik")

    response = register(
        director_client, tournament, {"new_player": {"first_name": "paula", "last_name": "pik"}}
    )

    assert first_error(response) == (409, "new_player", "player_exists")
    assert str(guest.id) in response.json()["detail"]


def test_register_a_new_player_with_a_name_known_in_another_club_creates_them(
    director_client, tournament
):
    f.make_player(f.make_club("Herz Dame"), "Karl", "Kreuz")
    other = f.make_club("Pik As")

    response = register(
        director_client,
        tournament,
        {"new_player": {"first_name": "Karl", "last_name": "Kreuz", "club": other.id}},
    )

    assert response.status_code == 201
    assert Player.objects.filter(last_name="Kreuz").count() == 2


def _other_team():
    return participants.create_team(f.make_tournament(), "Fremd").id


def _full_team(tournament):
    team = participants.create_team(tournament, "Voll")
    f.make_many_participants(tournament, tournament.team_size, team=team)
    return team.id


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"player": 999999}, (400, "player", "does_not_exist")),
        ({"player": "abc"}, (400, "player", "incorrect_type")),
        ({"player": True}, (400, "player", "incorrect_type")),
        ({"player": 1.5}, (400, "player", "incorrect_type")),
        ({"player": 2**80}, (400, "player", "incorrect_type")),
        ({}, (400, "player", "player_or_new_player")),
        (
            {"player": "PLAYER", "new_player": {"first_name": "K", "last_name": "K"}},
            (400, "player", "player_or_new_player"),
        ),
        ({"new_player": "Karl Kreuz"}, (400, "new_player", "invalid")),
        (
            {"new_player": {"first_name": "", "last_name": "K"}},
            (400, "new_player.first_name", "blank"),
        ),
        ({"new_player": {"first_name": "K"}}, (400, "new_player.last_name", "required")),
        (
            {"new_player": {"first_name": "  ", "last_name": "K"}},
            (400, "new_player.first_name", "blank"),
        ),
        (
            {"new_player": {"first_name": "K", "last_name": "K", "club": 999999}},
            (400, "new_player.club", "does_not_exist"),
        ),
        ({"player": "PLAYER", "start_number": 0}, (400, "start_number", "min_value")),
        ({"player": "PLAYER", "start_number": "eins"}, (400, "start_number", "invalid")),
        ({"player": "PLAYER", "team": 999999}, (400, "team", "does_not_exist")),
        ({"player": "PLAYER", "team": "OTHER"}, (400, "team", "team_of_other_tournament")),
        ({"player": "PLAYER", "team": "FULL"}, (400, "team", "team_full")),
        ({"player": "PLAYER", "start_number": 1}, (409, "start_number", "start_number_taken")),
        ({"player": "REGISTERED"}, (409, "player", "already_registered")),
        ([{"player": 1}], (400, "body", "not_an_object")),
    ],
)
def test_register_bad_input_is_refused_with_field_and_code(
    director_client, tournament, body, expected
):
    registered = f.make_participants(tournament, 1)[0]
    values = {
        "PLAYER": f.make_player().id,
        "REGISTERED": registered.player_id,
        "OTHER": _other_team(),
        "FULL": _full_team(tournament) if "FULL" in json.dumps(body) else None,
    }
    if isinstance(body, dict):
        body = {
            key: values.get(value, value) if isinstance(value, str) else value
            for key, value in body.items()
        }
    count = tournament.participants.count()

    response = register(director_client, tournament, body)

    assert first_error(response) == expected
    assert response.json()["errors"][0]["message"]
    assert tournament.participants.count() == count


def test_register_a_full_team_names_the_team_and_the_limit(director_client):
    tournament = f.make_tournament(team_size=2)
    team = participants.create_team(tournament, "Herz Buben")
    f.make_many_participants(tournament, 2, team=team)

    response = register(
        director_client, tournament, {"player": f.make_player().id, "team": team.id}
    )

    assert first_error(response) == (400, "team", "team_full")
    message = response.json()["errors"][0]["message"]
    assert "Herz Buben" in message and "2" in message


def test_register_needs_a_director(client, tournament):
    response = register(client, tournament, {"player": f.make_player().id})

    assert response.status_code == 403
    assert not tournament.participants.exists()


# --- late registration ------------------------------------------------------------------


def _draw_all(tournament, series_count):
    for _ in range(series_count):
        draw_series(f.make_series(tournament), seed=1)


@pytest.mark.parametrize(
    ("planned", "drawn", "undrawn", "status", "expected"),
    [
        (2, 0, 0, "planned", 201),
        (2, 1, 0, "running", 201),
        (1, 0, 1, "running", 201),
        (2, 1, 1, "running", 201),
        (1, 1, 0, "running", "all_series_drawn"),
        (2, 2, 0, "running", "all_series_drawn"),
        (3, 1, 0, "finished", "tournament_finished"),
    ],
)
def test_late_registration_is_open_until_every_planned_series_is_drawn(
    director_client, planned, drawn, undrawn, status, expected
):
    tournament = f.make_tournament(planned_series=planned)
    f.make_many_participants(tournament, 4)
    _draw_all(tournament, drawn)
    for _ in range(undrawn):
        f.make_series(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(status=status)

    response = register(director_client, tournament, {"player": f.make_player().id})

    if expected == 201:
        assert response.status_code == 201
    else:
        assert first_error(response) == (409, "player", expected)
        assert tournament.name in response.json()["errors"][0]["message"]


def test_late_registration_also_refuses_a_new_player_without_creating_them(director_client):
    tournament = f.make_tournament(planned_series=1)
    f.make_many_participants(tournament, 3)
    _draw_all(tournament, 1)
    players = Player.objects.count()

    response = register(
        director_client, tournament, {"new_player": {"first_name": "Spät", "last_name": "Kommer"}}
    )

    assert first_error(response) == (409, "player", "all_series_drawn")
    assert Player.objects.count() == players


# --- GET participants -------------------------------------------------------------------


def names(response):
    return [row["name"] for row in response.json()["results"]]


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("", ["Karl Kreuz", "Jürgen Müller", "Paula Pik"]),
        ("müller", ["Jürgen Müller"]),
        ("MÜLLER", ["Jürgen Müller"]),
        ("herz", ["Karl Kreuz", "Jürgen Müller"]),
        ("HD", ["Karl Kreuz", "Jürgen Müller"]),
        ("3", ["Paula Pik"]),
        ("karl herz", ["Karl Kreuz"]),
        ("pik herz", []),
    ],
)
def test_participant_list_search_by_name_club_or_start_number(client, tournament, search, expected):
    club = f.make_club("Herz Dame")
    club.short_name = "HD"
    club.save()
    for first, last, home in (
        ("Karl", "Kreuz", club),
        ("Jürgen", "Müller", club),
        ("Paula", "Pik", None),
    ):
        participants.register(tournament, f.make_player(home, first, last))

    response = client.get(API + f"tournaments/{tournament.id}/participants/", {"search": search})

    assert response.status_code == 200
    assert names(response) == expected


@pytest.mark.parametrize("size", [1, 3])
def test_participant_list_takes_constant_queries(client, tournament, size):
    team = participants.create_team(tournament, "Herz")
    f.make_many_participants(tournament, size, club=f.make_club(), team=team)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(
            API + f"tournaments/{tournament.id}/participants/", {"search": "karl"}
        )

    assert response.json()["count"] == size
    assert len(queries) == 3  # tournament, count, page


# --- PATCH / DELETE participant ---------------------------------------------------------


def participant_path(participant):
    return f"tournaments/{participant.tournament_id}/participants/{participant.id}/"


def test_withdraw_a_participant_and_take_them_back_is_audited(director_client, tournament):
    participant = f.make_participants(tournament, 1)[0]

    out = send(director_client, "patch", participant_path(participant), {"withdrawn": True})
    back = send(director_client, "patch", participant_path(participant), {"withdrawn": False})

    assert (out.status_code, out.json()["withdrawn"]) == (200, True)
    assert (back.status_code, back.json()["withdrawn"]) == (200, False)
    entries = AuditEntry.objects.filter(action__startswith="participant_").order_by("id")
    assert [e.action for e in entries][-2:] == ["participant_withdrawn", "participant_returned"]
    withdrawal = entries.get(action="participant_withdrawn")
    assert (withdrawal.before["withdrawn"], withdrawal.after["withdrawn"]) == (False, True)
    assert withdrawal.table is None


def test_withdrawn_participants_are_not_drawn(director_client, tournament):
    people = f.make_many_participants(tournament, 8)
    for person in people[:2]:
        send(director_client, "patch", participant_path(person), {"withdrawn": True})
    series = f.make_series(tournament)

    response = send(director_client, "post", f"series/{series.id}/draw/", {"seed": 3})

    seated = {p for table in response.json()["tables"] for p in table["seats"]}
    assert seated == {p.id for p in people[2:]}


def test_change_a_participants_team(director_client, tournament):
    first = participants.create_team(tournament, "Herz")
    second = participants.create_team(tournament, "Pik")
    participant = participants.register(tournament, f.make_player(), team=first)

    moved = send(director_client, "patch", participant_path(participant), {"team": second.id})
    none = send(director_client, "patch", participant_path(participant), {"team": None})

    assert (moved.status_code, moved.json()["team"]) == (200, second.id)
    assert (none.status_code, none.json()["team"]) == (200, None)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"withdrawn": "vielleicht"}, (400, "withdrawn", "invalid")),
        ({"team": "FULL"}, (400, "team", "team_full")),
        ({"team": "OTHER"}, (400, "team", "team_of_other_tournament")),
        ({"team": 999999}, (400, "team", "does_not_exist")),
        ("withdrawn", (400, "body", "not_an_object")),
    ],
)
def test_change_a_participant_with_bad_input_is_refused(
    director_client, tournament, body, expected
):
    participant = f.make_participants(tournament, 1)[0]
    if isinstance(body, dict) and body.get("team") == "FULL":
        body = {"team": _full_team(tournament)}
    elif isinstance(body, dict) and body.get("team") == "OTHER":
        body = {"team": _other_team()}

    response = send(director_client, "patch", participant_path(participant), body)

    assert first_error(response) == expected


@pytest.mark.parametrize("where", ["unknown", "other-tournament"])
def test_participant_of_another_tournament_is_not_found(director_client, tournament, where):
    other = f.make_participants(f.make_tournament(), 1)[0]
    pid = 999999 if where == "unknown" else other.id

    response = send(
        director_client, "patch", f"tournaments/{tournament.id}/participants/{pid}/", {}
    )

    assert first_error(response) == (404, "participant", "unknown_participant")


def test_delete_a_participant_who_never_sat_at_a_table(director_client, tournament):
    participant = f.make_participants(tournament, 1)[0]

    response = send(director_client, "delete", participant_path(participant))

    assert response.status_code == 204
    assert not tournament.participants.exists()
    assert AuditEntry.objects.filter(action="participant_removed").exists()


def test_delete_a_participant_who_was_seated_is_refused_in_favour_of_withdrawal(
    director_client, tournament
):
    people = f.make_participants(tournament, 3)
    table = f.make_table(f.make_series(tournament), people)
    f.enter(table, passed=True)

    response = send(director_client, "delete", participant_path(people[0]))

    assert first_error(response) == (409, "participant", "participant_has_played")
    assert "withdraw" in response.json()["errors"][0]["message"]
    assert tournament.participants.count() == 3


def test_participant_detail_is_public_and_has_no_pin(client, tournament):
    participant = f.make_participants(tournament, 1)[0]

    response = client.get(API + participant_path(participant))

    assert response.status_code == 200
    assert response.json()["id"] == participant.id
    assert "pin" not in response.json()


# --- player search ----------------------------------------------------------------------


def test_player_search_marks_registered_players_and_orders_last_name_matches_first(
    client, tournament
):
    club = f.make_club("Kreuz Bube")
    by_club = f.make_player(club, "Anna", "Adler")
    by_first = f.make_player(None, "Kreuzmann", "Zett")
    by_last = f.make_player(None, "Karl", "Kreuz")
    registered = participants.register(tournament, by_last)
    f.make_player(None, "Paula", "Pik")

    response = client.get(API + f"tournaments/{tournament.id}/player-search/", {"q": "kreuz"})

    assert response.status_code == 200
    rows = response.json()
    assert [row["id"] for row in rows] == [by_last.id, by_first.id, by_club.id]
    assert [(row["registered"], row["participant"]) for row in rows] == [
        (True, registered.id),
        (False, None),
        (False, None),
    ]
    assert rows[2]["club_name"] == "Kreuz Bube"


def test_player_search_with_several_words_needs_all_of_them(client, tournament):
    club = f.make_club("Herz Dame")
    wanted = f.make_player(club, "Karl", "Kreuz")
    f.make_player(None, "Karl", "Kreuz")

    rows = client.get(
        API + f"tournaments/{tournament.id}/player-search/", {"q": "karl herz"}
    ).json()

    assert [row["id"] for row in rows] == [wanted.id]


@pytest.mark.parametrize("query", ["", "   ", "x" * 500])
def test_player_search_without_a_usable_query_finds_nothing(client, tournament, query):
    f.make_player()

    response = client.get(API + f"tournaments/{tournament.id}/player-search/", {"q": query})

    assert (response.status_code, response.json()) == (200, [])


def test_player_search_returns_at_most_20_players(client, tournament):
    for _ in range(25):
        f.make_player(None, "Karl")

    rows = client.get(API + f"tournaments/{tournament.id}/player-search/", {"q": "karl"}).json()

    assert len(rows) == 20


@pytest.mark.parametrize("size", [1, 3])
def test_player_search_takes_constant_queries(client, tournament, size):
    club = f.make_club("Herz Dame")
    for _ in range(size):
        participants.register(tournament, f.make_player(club, "Karl"))
        f.make_player(club, "Karl")

    with CaptureQueriesContext(connection) as queries:
        rows = client.get(API + f"tournaments/{tournament.id}/player-search/", {"q": "karl"}).json()

    assert len(rows) == 2 * size
    assert len(queries) == 2  # tournament, players with their registration


# --- teams ------------------------------------------------------------------------------


def test_create_and_list_teams_with_members(director_client, tournament):
    club = f.make_club("Herz Dame")

    created = send(
        director_client,
        "post",
        f"tournaments/{tournament.id}/teams/",
        {"name": "Herz 1", "club": club.id},
    )
    team = Team.objects.get(pk=created.json()["id"])
    members = f.make_many_participants(tournament, 2, team=team)
    listed = director_client.get(API + f"tournaments/{tournament.id}/teams/")

    assert created.status_code == 201
    assert created.json() == {"id": team.id, "name": "Herz 1", "club": club.id, "members": []}
    assert listed.json() == [
        {"id": team.id, "name": "Herz 1", "club": club.id, "members": [m.id for m in members]}
    ]
    assert AuditEntry.objects.filter(action="team_created").exists()


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"name": "herz  1"}, (409, "name", "team_name_taken")),
        ({"name": ""}, (400, "name", "blank")),
        ({}, (400, "name", "required")),
        ({"name": "T" * 201}, (400, "name", "max_length")),
        ({"name": "Pik", "club": 999999}, (400, "club", "does_not_exist")),
        (["Pik"], (400, "body", "not_an_object")),
    ],
)
def test_create_team_with_bad_input_is_refused(director_client, tournament, body, expected):
    participants.create_team(tournament, "Herz 1")

    response = send(director_client, "post", f"tournaments/{tournament.id}/teams/", body)

    assert first_error(response) == expected
    assert tournament.teams.count() == 1


@pytest.mark.parametrize("size", [1, 3])
def test_team_list_takes_constant_queries(client, tournament, size):
    for number in range(size):
        team = participants.create_team(tournament, f"Team {number}")
        f.make_many_participants(tournament, 2, team=team)

    with CaptureQueriesContext(connection) as queries:
        response = client.get(API + f"tournaments/{tournament.id}/teams/")

    assert len(response.json()) == size
    assert len(queries) == 3  # tournament, teams, members


def test_registration_endpoints_are_in_the_openapi_schema():
    paths = api_schema()["paths"]

    assert {"get", "post"} <= set(paths["/api/v1/tournaments/{id}/participants/"])
    assert {"get", "patch", "delete"} <= set(
        paths["/api/v1/tournaments/{id}/participants/{participant_id}/"]
    )
    assert "post" in paths["/api/v1/tournaments/{id}/participants/import/"]
    assert "get" in paths["/api/v1/tournaments/{id}/player-search/"]
    assert {"get", "post"} <= set(paths["/api/v1/tournaments/{id}/teams/"])

"""Characters that break things: NUL bytes anywhere and control characters in names.

PostgreSQL refuses strings with NUL bytes, and a spreadsheet refuses control characters;
neither may turn into a 500 or into a name that breaks an export later. Every request
with a NUL byte is answered 400 naming where it was; names are refused at input.
"""

import base64
import json

import pytest
from django.core.exceptions import ValidationError

from tests.api.conftest import API
from tests.factories import enter, make_club, make_seated_table, make_staff_user, make_tournament
from tests.openapi import api_schema
from tournaments.models import AuditEntry, Club, Player, Team, Tournament

pytestmark = pytest.mark.django_db


def _errors(response):
    return {(error["field"], error["code"]) for error in response.json()["errors"]}


@pytest.fixture
def tournament():
    return make_tournament()


SEARCHES = [
    ("clubs/", "search"),
    ("players/", "search"),
    ("players/", "club"),
    ("tournaments/", "status"),
    ("tournaments/", "date"),
    ("series/", "tournament"),
    ("tables/", "series"),
    ("tournaments/{id}/participants/", "search"),
    ("tournaments/{id}/player-search/", "q"),
]


@pytest.mark.parametrize("logged_in", [False, True])
@pytest.mark.parametrize(("path", "parameter"), SEARCHES)
def test_a_nul_byte_in_a_search_parameter_is_refused_naming_it(
    client, tournament, path, parameter, logged_in
):
    if logged_in:
        client.force_login(make_staff_user())
    url = API + path.format(id=tournament.pk)

    response = client.get(url, {parameter: "Mül\x00ler"})

    assert response.status_code == 400
    assert (parameter, "nul_character") in _errors(response)


def test_a_nul_byte_in_a_parameter_name_is_refused(client):
    response = client.get(API + "clubs/?se%00arch=x")

    error = response.json()["errors"][0]
    assert (response.status_code, error["code"]) == (400, "nul_character")
    assert "NUL" in error["message"]


def test_a_nul_byte_in_the_path_is_refused(client):
    response = client.get(API + "clubs/%00/")

    assert response.status_code == 400
    assert ("path", "nul_character") in _errors(response)


@pytest.mark.parametrize(
    "header", ["HTTP_X_TABLE_CODE", "HTTP_ACCEPT_LANGUAGE", "HTTP_COOKIE", "HTTP_USER_AGENT"]
)
def test_a_nul_byte_in_a_header_is_refused(client, header):
    response = client.get(API + "clubs/", **{header: "a\x00b"})

    assert (response.status_code, response.json()["errors"][0]["code"]) == (400, "nul_character")


@pytest.mark.parametrize(
    "credentials", [b"dir\x00ector:secret", b"director:sec\x00ret", b"\x00:\x00"]
)
def test_a_nul_byte_in_basic_authentication_is_refused(client, credentials):
    make_staff_user("director")
    header = "Basic " + base64.b64encode(credentials).decode()

    response = client.get(API + "clubs/", HTTP_AUTHORIZATION=header)

    assert response.status_code == 400
    assert ("Authorization", "nul_character") in _errors(response)


def test_a_web_page_with_a_nul_byte_in_the_query_answers_400(client):
    response = client.get("/", {"q": "\x00"})

    assert response.status_code == 400
    assert "<h1>Ungültige Anfrage</h1>" in response.content.decode()


def test_a_nul_byte_in_a_form_field_is_refused(client):
    response = client.post(
        "/anmelden/",
        "username=x%00&password=y",
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 400
    assert "<h1>Ungültige Anfrage</h1>" in response.content.decode()


def test_a_nul_byte_in_a_json_field_is_refused_naming_the_field(director_client):
    table = make_seated_table()
    enter(table, passed=True)

    response = director_client.delete(
        f"{API}tables/{table.pk}/games/1/",
        data=json.dumps({"reason": "Tippfehler\x00"}),
        content_type="application/json",
    )

    assert response.status_code == 400
    assert ("reason", "nul_character") in _errors(response)
    assert table.games.count() == 1
    assert not AuditEntry.objects.filter(reason__contains="Tippfehler").exists()


def test_a_nul_byte_deep_in_a_json_body_names_its_path(director_client, tournament):
    response = director_client.post(
        f"{API}tournaments/{tournament.pk}/participants/",
        data=json.dumps({"new_player": {"first_name": "A\x00", "last_name": "B"}}),
        content_type="application/json",
    )

    assert response.status_code == 400
    assert ("new_player.first_name", "nul_character") in _errors(response)


NAMES = [
    ("clubs/", {"name": "Kreuz\x07Bube"}, "name"),
    ("clubs/", {"name": "Kreuz Bube", "short_name": "KB\x1b"}, "short_name"),
    ("players/", {"first_name": "Karl\x01", "last_name": "Muster"}, "first_name"),
    ("players/", {"first_name": "Karl", "last_name": "Mus\nter"}, "last_name"),
    ("players/", {"first_name": "Karl", "last_name": "Mus\tter"}, "last_name"),
    ("tournaments/", {"name": "Preis\x0bskat", "date": "2026-03-14"}, "name"),
    ("tournaments/{id}/teams/", {"name": "Team\x7f"}, "name"),
    (
        "tournaments/{id}/participants/",
        {"new_player": {"first_name": "Eri\x85ka", "last_name": "Muster"}},
        "new_player.first_name",
    ),
]


@pytest.mark.parametrize(("path", "body", "field"), NAMES)
def test_a_control_character_in_a_name_is_refused_naming_the_field(
    director_client, tournament, path, body, field
):
    counts = [model.objects.count() for model in (Club, Player, Tournament, Team)]

    response = director_client.post(
        API + path.format(id=tournament.pk), data=json.dumps(body), content_type="application/json"
    )

    assert response.status_code == 400
    assert (field, "control_character") in _errors(response)
    assert [model.objects.count() for model in (Club, Player, Tournament, Team)] == counts


def test_surrounding_whitespace_of_a_name_is_dropped(director_client):
    response = director_client.post(
        API + "players/",
        data=json.dumps({"first_name": "  Karl ", "last_name": "\u00a0Muster  "}),
        content_type="application/json",
    )

    assert response.status_code == 201
    player = Player.objects.get(pk=response.json()["id"])
    assert (player.first_name, player.last_name) == ("Karl", "Muster")


@pytest.mark.parametrize(
    ("model", "field"),
    [
        (Club, "name"),
        (Club, "short_name"),
        (Player, "first_name"),
        (Player, "last_name"),
        (Tournament, "name"),
        (Team, "name"),
    ],
)
def test_model_validation_refuses_control_characters_in_names(model, field):
    with pytest.raises(ValidationError) as refused:
        model(**{field: "Zeile\x00eins"}).clean_fields(exclude=_other_fields(model, field))

    assert list(refused.value.message_dict) == [field]


def _other_fields(model, field):
    return [f.name for f in model._meta.fields if f.name != field]


def test_the_admin_refuses_a_club_name_with_a_control_character(client):
    admin = make_staff_user()
    admin.is_superuser = True
    admin.save()
    client.force_login(admin)

    response = client.post("/admin/tournaments/club/add/", {"name": "Herz\x08Dame"})

    assert response.status_code == 200
    assert not Club.objects.exists()
    assert "name" in response.context["adminform"].form.errors


def test_names_without_control_characters_are_kept_as_typed():
    club = make_club("Skatfreunde Łódź – Ärzte & Co. 1990 e.V.")

    club.full_clean()

    assert club.name == "Skatfreunde Łódź – Ärzte & Co. 1990 e.V."


def _query_parameters():
    """(path, parameter) of every documented GET query parameter of the API."""
    schema = api_schema()
    return sorted(
        (path, parameter["name"])
        for path, operations in schema["paths"].items()
        for parameter in operations.get("get", {}).get("parameters", [])
        if parameter["in"] == "query"
    )


@pytest.mark.parametrize(("path", "parameter"), _query_parameters())
def test_no_documented_query_parameter_takes_a_nul_byte(client, tournament, path, parameter):
    url = path.replace("{id}", str(tournament.pk)).replace("{seal}", "x")

    response = client.get(url, {parameter: "\x00"})

    assert response.status_code == 400
    assert (parameter, "nul_character") in _errors(response)


def test_the_registration_desk_form_refuses_a_control_character_in_a_name():
    from tournaments.web.forms import NewPlayerForm

    form = NewPlayerForm(data={"first_name": "Ka\x1frl", "last_name": " Muster "})

    assert not form.is_valid()
    assert list(form.errors) == ["first_name"]

"""Every list endpoint answers in the shape its OpenAPI schema documents.

A list the schema calls paginated comes in the page envelope (``count``, ``next``,
``previous``, ``results``); a list the schema documents as an array is a plain JSON array.
Checked against the generated schema, so a new endpoint is covered without a new test.
"""

import pytest

from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day
from tests.openapi import api_schema
from tournaments.models import Participant, Series, Table

pytestmark = pytest.mark.django_db

PAGE_KEYS = {"count", "next", "previous", "results"}


def _list_operations():
    """(path, kind) of every GET whose 200 answer is a list: "page" or "array"."""
    schema = api_schema()
    found = []
    for path, operations in schema["paths"].items():
        response = operations.get("get", {}).get("responses", {}).get("200", {})
        body = response.get("content", {}).get("application/json", {}).get("schema", {})
        if body.get("$ref", "").startswith("#/components/schemas/Paginated"):
            found.append((path, "page"))
        elif body.get("type") == "array":
            found.append((path, "array"))
    return sorted(found)


LIST_OPERATIONS = _list_operations()


@pytest.fixture(scope="module")
def ids(module_db):
    """Ids of a played tournament and a club, built once for the module (module_db)."""
    tournament = f.make_played_tournament(players=4, series=1)
    series = Series.objects.get(tournament=tournament)
    table = Table.objects.get(series=series)
    club = f.make_club()
    participant = Participant.objects.filter(tournament=tournament).first()
    group = make_group()
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    return {
        "groups": group.pk,
        "venues": venue.pk,
        "clubs": club.pk,
        "players": participant.player_id,
        "tournaments": tournament.pk,
        "series": series.pk,
        "tables": table.pk,
    }


def test_the_schema_documents_list_endpoints():
    assert ("/api/v1/clubs/", "page") in LIST_OPERATIONS
    assert ("/api/v1/tournaments/{id}/ranking/", "array") in LIST_OPERATIONS


@pytest.mark.parametrize(("path", "kind"), LIST_OPERATIONS)
def test_a_list_endpoint_answers_in_its_documented_shape(client, ids, path, kind):
    client.force_login(f.make_staff_user())
    resource = path.removeprefix("/api/v1/").split("/")[0]
    url = path.replace("{id}", str(ids.get(resource, 0)))

    response = client.get(url)

    assert response.status_code == 200
    body = response.json()
    if kind == "page":
        assert set(body) >= PAGE_KEYS
        assert isinstance(body["results"], list)
    else:
        assert isinstance(body, list)


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/v1/tournaments/{id}/series/", 201),
        ("/api/v1/series/{id}/tables/", 201),
        ("/api/v1/tables/{id}/games/", 201),
    ],
)
def test_creating_through_a_list_action_is_documented_as_one_created_object(path, status):
    schema = api_schema()

    responses = schema["paths"][path]["post"]["responses"]

    assert [code for code in responses if code.startswith("2")] == [str(status)]
    assert "$ref" in responses[str(status)]["content"]["application/json"]["schema"]


def test_nested_lists_do_not_document_filters_they_ignore():
    schema = api_schema()

    for path in ("/api/v1/tables/{id}/games/", "/api/v1/tournaments/{id}/ranking/"):
        names = {p["name"] for p in schema["paths"][path]["get"].get("parameters", [])}
        assert names == {"id"}, path


def test_a_played_game_is_in_the_plain_games_list(client, ids):
    table = Table.objects.get(pk=ids["tables"])  # a complete list: every game entered

    response = client.get(f"/api/v1/tables/{table.pk}/games/")

    assert len(response.json()) == table.games.count() > 0

"""Names are JSON strings and yes/no fields JSON booleans: ``0`` is refused, not converted."""

import pytest

from tests import factories as f
from tests.api.conftest import API, send
from tests.openapi import api_schema

pytestmark = pytest.mark.django_db


def participant_path(participant):
    return f"tournaments/{participant.tournament_id}/participants/{participant.id}/"


@pytest.mark.parametrize("value", [0, 12, 1.5, True, ["Skat"], {"name": "Skat"}])
def test_a_club_name_must_be_text(director_client, value):
    response = send(director_client, "post", "clubs/", {"name": value})

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"]) == (400, "name")


def test_a_player_name_of_zero_is_refused_not_stored_as_text(director_client):
    club = send(director_client, "post", "clubs/", {"name": "Skatfreunde"}).json()

    response = send(
        director_client,
        "post",
        "players/",
        {"first_name": 0, "last_name": "Kreuz", "club": club["id"]},
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "first_name"


@pytest.mark.parametrize("value", [0, 1, "1", "yes", "on", None])
def test_a_yes_no_field_must_be_a_boolean(director_client, value):
    participant = f.make_participants(f.make_tournament(), 1)[0]

    response = send(director_client, "patch", participant_path(participant), {"withdrawn": value})

    error = response.json()["errors"][0]
    assert (response.status_code, error["field"]) == (400, "withdrawn")


def test_true_and_false_are_booleans(director_client):
    participant = f.make_participants(f.make_tournament(), 1)[0]

    response = send(director_client, "patch", participant_path(participant), {"withdrawn": True})

    assert response.status_code == 200
    assert response.json()["withdrawn"] is True


def test_the_prizes_answer_always_carries_its_required_winners(client, director_client):
    tournament = f.make_tournament()
    prizes = {"prizes": [{"rank": 1, "amount": "5"}], "confirm": True}
    send(director_client, "put", f"tournaments/{tournament.id}/prizes/", prizes)

    rows = director_client.get(f"{API}tournaments/{tournament.id}/prizes/").json()

    schema = api_schema()["components"]["schemas"]["Prize"]
    assert "winners" in schema["required"]
    assert [row["winners"] for row in rows] == [[]]

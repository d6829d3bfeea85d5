"""``POST tables/{id}/replace/undo/``: a replacement taken back through the API, with a
reason, as on the director's table page."""

import pytest

from tests import factories as f
from tests.api.conftest import first_error, send
from tournaments.models import AuditEntry, GamePoints, Seat
from tournaments.services import seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def replaced():
    table = f.make_seated_table(players=4, rounds_per_series=2)
    for _ in range(4):
        f.enter(table, passed=True)
    original = Seat.objects.get(table=table, number=3).participant
    newcomer = f.make_participants(table.series.tournament, 1)[0]
    seating.replace_player(table, 3, newcomer.id, 5)
    f.play_out(table)
    return table, original, newcomer


def test_a_replacement_is_undone_with_a_reason(director_client, replaced):
    table, original, newcomer = replaced

    response = send(
        director_client,
        "post",
        f"tables/{table.id}/replace/undo/",
        {"seat": 3, "from_game": 5, "reason": "Falscher Spieler"},
    )

    assert response.status_code == 200, response.content
    seats = [s for s in response.json()["seats"] if s["seat"] == 3]
    assert [(s["participant"], s["from_game"], s["until_game"]) for s in seats] == [
        (original.id, 1, None)
    ]
    assert not GamePoints.objects.filter(participant=newcomer).exists()
    assert AuditEntry.objects.get(action="seat_replacement_undone").reason == "Falscher Spieler"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"seat": 3, "from_game": 5}, (400, "reason", "reason_required")),
        ({"seat": 3, "from_game": 4, "reason": "x"}, (409, "seat", "not_a_replacement")),
        ({"seat": 1, "from_game": 1, "reason": "x"}, (409, "seat", "not_a_replacement")),
        ({"seat": "drei", "from_game": 5, "reason": "x"}, (400, "seat", "required_number")),
    ],
)
def test_undoing_names_what_is_wrong(director_client, replaced, body, error):
    table, _original, newcomer = replaced

    response = send(director_client, "post", f"tables/{table.id}/replace/undo/", body)

    assert first_error(response) == error
    assert Seat.objects.filter(table=table, participant=newcomer).exists()

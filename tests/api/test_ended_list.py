"""A list the director ended early takes no more games, on every path (docs/api.md)."""

import json

import pytest

from tests import factories as f
from tournaments.models import Game
from tournaments.services import states, table_access

pytestmark = pytest.mark.django_db

KARO_WON = {"game": "diamonds", "matadors": 1, "won": True}


def _ended_table():
    table = f.make_seated_table(players=4, rounds_per_series=2)
    f.enter(table, declarer_seat=2, **KARO_WON)
    states.apply(table, "end", f.make_staff_user(), "Spieler musste gehen")
    return table


def _send(client, method, path, body, **headers):
    return getattr(client, method)(
        path, data=json.dumps(body), content_type="application/json", **headers
    )


@pytest.mark.parametrize("as_device", [False, True])
@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("post", "games/", {"declarer_seat": 3, **KARO_WON}),
        ("put", "games/1/", {"declarer_seat": 3, **KARO_WON}),
        ("patch", "games/1/", {"won": False}),
        ("delete", "games/1/", {}),
    ],
)
def test_ended_list_refuses_game_changes_with_409_and_the_reason(
    client, as_device, method, suffix, body
):
    table = _ended_table()
    headers = {}
    if as_device:
        headers["HTTP_X_TABLE_CODE"] = table_access.issue_code(table)
    else:
        client.force_login(f.make_staff_user())

    response = _send(client, method, f"/api/v1/tables/{table.id}/{suffix}", body, **headers)

    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "list_ended_early"
    assert "vorzeitig beendet" in response.json()["detail"]
    assert Game.objects.filter(table=table).count() == 1
    assert Game.objects.get(table=table).declarer_seat == 2

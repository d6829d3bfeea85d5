"""A table device sending the games it kept offline: notation lines and clashes.

The device posts each kept game with its table code, an ``Idempotency-Key`` and the
number it showed; a keyboard entry travels as its typed line.
"""

import pytest

from tests import factories as f
from tests.api.conftest import post_game
from tournaments.models import AuditEntry, Game
from tournaments.services import table_access

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
KARO_WON = {"declarer_seat": 2, "game": "diamonds", "matadors": 1, "won": True}


def test_device_enters_a_typed_line_with_its_number(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)

    response = post_game(client, table, {"line": "2 kr m2 h +", "number": 1}, code=code, key="k-1")

    assert response.status_code == 201
    game = Game.objects.get(table=table, number=1)
    assert (game.declarer_seat, game.game, game.matadors, game.hand, game.won) == (
        2,
        "clubs",
        2,
        True,
        True,
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"line": "2 kr m2 zz +", "number": 1}, "notation"),
        ({"line": "2 kr m2 +", "number": 1, "game": "grand"}, "line"),
        ({"line": 7, "number": 1}, "line"),
    ],
)
def test_bad_line_is_refused_naming_the_field_and_stores_nothing(client, body, field):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)

    response = post_game(client, table, body, code=code, key="k-bad")

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field
    assert not Game.objects.filter(table=table).exists()


def test_device_game_clashing_with_a_stored_one_is_refused_and_audited(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)
    f.enter(table, **KARO_WON)

    response = post_game(client, table, {"line": "3 gr m1 +", "number": 1}, code=code, key="k-2")

    assert response.status_code == 409
    assert Game.objects.filter(table=table).count() == 1
    clash = AuditEntry.objects.get(table=table, action="entry_clash")
    assert clash.actor == table_access.device_actor(table)
    assert clash.after == {"line": "3 gr m1 +", "number": 1}
    assert "Spiel 1" in clash.reason


def test_director_clash_is_answered_without_an_audit_entry(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, **KARO_WON)
    client.force_login(f.make_staff_user())

    response = post_game(client, table, {**KARO_WON, "game": "grand", "number": 1})

    assert response.status_code == 409
    assert not AuditEntry.objects.filter(action="entry_clash").exists()


@pytest.mark.parametrize(
    "body",
    [
        {"line": "2 ka m1 +", "number": 1},
        {**KARO_WON, "schneider": False, "schwarz": False, "number": 1},
    ],
)
def test_game_sent_again_exactly_as_stored_is_answered_as_stored(client, body):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)
    f.enter(table, **KARO_WON)

    response = post_game(client, table, body, code=code, key="k-again")

    assert response.status_code == 200
    assert response.json()["number"] == 1
    assert Game.objects.filter(table=table).count() == 1
    assert not AuditEntry.objects.filter(action="entry_clash").exists()


def test_game_sent_again_with_another_result_is_a_clash(client):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    code = table_access.issue_code(table)
    f.enter(table, **KARO_WON)

    response = post_game(client, table, {"line": "2 ka m1 -", "number": 1}, code=code, key="k-3")

    assert response.status_code == 409
    assert Game.objects.get(table=table, number=1).won is True

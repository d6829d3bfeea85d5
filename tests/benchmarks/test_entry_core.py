"""``bench entry-profile --core``: the save's own calls store what the games view stores."""

import json

import pytest

from tests import factories as f
from tournaments.benchmarks.entry_core import save_core
from tournaments.models import AuditEntry, Game, IdempotencyKey
from tournaments.services import table_access
from tournaments.services.lists.table_device import list_state

pytestmark = pytest.mark.django_db

KARO_WON = {"declarer_seat": 2, "game": "diamonds", "matadors": 1, "won": True}


def _plain(data):
    return json.loads(json.dumps(data))


@pytest.fixture
def device_table():
    table = f.make_seated_table(rounds_per_series=3)
    f.enter(table, **KARO_WON)
    return table, table_access.issue_code(table)


@pytest.mark.parametrize("with_state", [True, False], ids=["with-state", "game-alone"])
def test_the_core_stores_the_game_its_key_and_audit_as_the_view_answers_them(
    client, device_table, with_state
):
    table, code = device_table
    sent = {**KARO_WON, "declarer_seat": 3, "hand": True}

    answer = json.loads(
        save_core(table.id, code, "key-2", json.dumps(sent).encode(), with_state=with_state)
    )

    read_back = client.get(f"/api/v1/tables/{table.id}/games/2/").json()
    state = answer.pop("state", None)
    assert answer == read_back
    assert read_back["hand"] is True and read_back["declarer_seat"] == 3
    if with_state:
        assert state == _plain(list_state(table, "A"))
        assert (state["nextNumber"], state["lastNumber"]) == (3, 2)
    else:
        assert state is None
    key = IdempotencyKey.objects.get(key="key-2")
    assert (key.scope, key.response_status) == (f"/api/v1/tables/{table.id}/games/", 201)
    assert key.response_body == read_back
    audit = AuditEntry.objects.filter(table=table).latest("id")
    assert audit.actor == f"table code T{table.number}"
    assert (audit.after["declarer_seat"], audit.after["hand"]) == (3, True)


def test_a_wrong_code_stores_nothing(device_table):
    table, _code = device_table

    with pytest.raises(PermissionError):
        save_core(table.id, "WRONG-CODE", "key-2", json.dumps(KARO_WON).encode(), with_state=True)

    assert Game.objects.filter(table=table).count() == 1
    assert not IdempotencyKey.objects.exists()

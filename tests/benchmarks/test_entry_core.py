"""``bench entry-profile --core``: the save's own calls store what the games view stores."""

import io
import json

import pytest
from django.core.wsgi import get_wsgi_application
from django.test import override_settings

from tests import factories as f
from tournaments.benchmarks.entry_core import CoreEntries, save_core
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


def _environ(method: str, path: str, body: bytes = b"", **headers) -> dict:
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "state=1",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "HTTP_HOST": "127.0.0.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
    }
    environ.update({f"HTTP_{name.upper()}": value for name, value in headers.items()})
    return environ


class Recorder:
    """Django's WSGI application, remembering the bodies it was given."""

    def __init__(self):
        self.application = get_wsgi_application()
        self.bodies = []

    def __call__(self, environ, start_response):
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        self.bodies.append(body)
        environ["wsgi.input"] = io.BytesIO(body)
        return self.application(environ, start_response)


def _call(application, environ) -> tuple[str, bytes]:
    started = []
    body = b"".join(application(environ, lambda status, headers: started.append(status)))
    return started[0], body


@pytest.mark.django_db(transaction=True)
@override_settings(ALLOWED_HOSTS=["127.0.0.1"], SECURE_SSL_REDIRECT=False)
def test_bench_load_core_answers_a_devices_game_itself_and_passes_on_the_rest(device_table):
    table, code = device_table
    inner = Recorder()
    core = CoreEntries(inner)
    path = f"/api/v1/tables/{table.id}/games/"
    sent = json.dumps({**KARO_WON, "declarer_seat": 3}).encode()

    status, body = _call(
        core, _environ("POST", path, sent, x_table_code=code, idempotency_key="k2")
    )

    assert status == "201 Created" and inner.bodies == []
    answer = json.loads(body)
    assert (answer["number"], answer["declarer_seat"], answer["state"]["nextNumber"]) == (2, 3, 3)
    assert Game.objects.filter(table=table).count() == 2

    status, body = _call(core, _environ("GET", f"{path}2/", x_table_code=code))
    assert status.startswith("200") and json.loads(body)["declarer_seat"] == 3

    wrong = _environ("POST", path, sent, x_table_code="WRONG-CODE", idempotency_key="k3")
    status, body = _call(core, wrong)

    assert status.startswith("403") and inner.bodies[-1] == sent
    assert "Tischcode" in json.loads(body)["detail"]
    assert Game.objects.filter(table=table).count() == 2

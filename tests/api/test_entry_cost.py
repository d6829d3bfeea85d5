"""What one game entered by a table device costs: its queries, pinned.

A hall of 100 tables enters a game every few seconds per table, each through
``POST tables/{id}/games/`` with the table's code and an ``Idempotency-Key``. Every query
on that path is named here, so that one more shows as a failing test: the code check
reads the table once and hands it to the view; the entry locks it and writes; the answer
is the game just written, not read back.
"""

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests import factories as f
from tournaments.api import idempotency
from tournaments.models import IdempotencyKey
from tournaments.services import table_access
from tournaments.services.lists.table_device import list_state

pytestmark = pytest.mark.django_db

KARO_WON = {"declarer_seat": 2, "game": "diamonds", "matadors": 1, "won": True}
# The code check reads the table; the Idempotency-Key is inserted (the transaction begins);
# the entry locks the table and reads its seats and last game number; then the game, the
# tournament's version, the list points and the audit entry are written; the key's answer
# is stored. Plus the entry's savepoint and its release, and in this test (itself inside a
# transaction) the key's savepoint and its release instead of BEGIN and COMMIT.
STATEMENTS = [
    "SELECT table",
    "SAVEPOINT",
    "INSERT idempotencykey",
    "SAVEPOINT",
    "SELECT table",
    "SELECT seat",
    "SELECT game",
    "INSERT game",
    "UPDATE tournamentversion",
    "INSERT gamepoints",
    "INSERT auditentry",
    "RELEASE SAVEPOINT",
    "UPDATE idempotencykey",
    "RELEASE SAVEPOINT",
]


def _post(client, table, code, body, key, query=""):
    return client.post(
        f"/api/v1/tables/{table.id}/games/{query}",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_X_TABLE_CODE=code,
        HTTP_IDEMPOTENCY_KEY=key,
    )


def _second_game_posted(client, table, code, key, query="") -> tuple:
    """The device's post of game 2 (Karo won by seat 3): its answer and its SQL, in order."""
    with CaptureQueriesContext(connection) as queries:
        response = _post(client, table, code, {**KARO_WON, "declarer_seat": 3}, key, query)
    return response, [q["sql"] for q in queries.captured_queries]


def _statement(sql: str) -> str:
    """``SELECT table``, ``INSERT game`` …: the verb and the table it is about."""
    verb = sql.split()[0] if not sql.startswith("RELEASE") else "RELEASE SAVEPOINT"
    if verb in ("SAVEPOINT", "RELEASE SAVEPOINT"):
        return verb
    after = {"SELECT": " FROM ", "INSERT": " INTO ", "UPDATE": "UPDATE "}[verb]
    target = sql.split(after, 1)[1]
    name = target.split()[0].strip('"').removeprefix("tournaments_")
    return f"{verb} {name}"


@pytest.fixture
def device_table(client):
    """A table of four with its code, its first game entered (the series is running).

    A game entered by a device at another table first: the reads compiled once per process
    (services/prepared_reads.py) are checked against Django's own result at their first
    use, which a gunicorn worker has done long before."""
    warm = f.make_seated_table(rounds_per_series=3)
    f.enter(warm, **KARO_WON)
    warm_code = table_access.issue_code(warm)
    answer = _post(client, warm, warm_code, {**KARO_WON, "declarer_seat": 3}, "warm", "?state=1")
    assert answer.status_code == 201
    table = f.make_seated_table(rounds_per_series=3)
    code = table_access.issue_code(table)
    f.enter(table, **KARO_WON)
    return table, code


def test_a_game_entered_by_a_table_device_takes_these_queries_and_no_more(client, device_table):
    table, code = device_table

    response, sql = _second_game_posted(client, table, code, "key-2")

    assert response.status_code == 201
    assert [_statement(one) for one in sql] == STATEMENTS


def test_the_table_is_read_once_by_the_code_check_and_locked_once_by_the_entry(
    client, device_table
):
    """The permission, ``get_object`` and the role check share the code check's read;
    the entry's read is the row lock it needs (on PostgreSQL ``FOR UPDATE``)."""
    table, code = device_table

    _response, sql = _second_game_posted(client, table, code, "key-2")

    reads = [one for one in sql if _statement(one) == "SELECT table"]
    assert len(reads) == 2
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" not in reads[0]
        assert "FOR UPDATE" in reads[1]


def test_the_answer_to_an_entry_is_the_game_as_it_is_read_back(client, device_table):
    table, code = device_table

    entered = _post(client, table, code, {**KARO_WON, "declarer_seat": 3, "hand": True}, "k")
    read_back = client.get(f"/api/v1/tables/{table.id}/games/2/")

    assert entered.status_code == 201
    assert entered.json() == read_back.json()
    assert entered.json()["list_points"] == {"1": 0, "2": 0, "3": 0, "4": 0} | {
        "3": read_back.json()["list_points"]["3"]
    }


def test_a_resent_game_is_answered_from_its_key_as_before(client, device_table):
    table, code = device_table
    body = {**KARO_WON, "declarer_seat": 3}

    first = _post(client, table, code, body, "same-key")
    again = _post(client, table, code, body, "same-key")

    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert table.games.count() == 2


def test_expired_keys_are_deleted_at_most_every_few_minutes_per_process(
    client, device_table, monkeypatch, django_capture_on_commit_callbacks
):
    table, code = device_table
    old = IdempotencyKey.objects.create(
        scope="/x/", key="old", request_hash="", response_status=201, response_body={}
    )
    IdempotencyKey.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - idempotency.KEY_LIFETIME - timedelta(minutes=1)
    )
    monkeypatch.setattr(idempotency, "_pruned_at", None)

    with django_capture_on_commit_callbacks(execute=True) as first:
        _post(client, table, code, {**KARO_WON, "declarer_seat": 3}, "k-2")
    with django_capture_on_commit_callbacks(execute=True) as second:
        _post(client, table, code, {**KARO_WON, "declarer_seat": 4}, "k-3")

    assert not IdempotencyKey.objects.filter(pk=old.pk).exists()
    assert (len(first), len(second)) == (1, 0)  # the second answer prunes nothing
    assert IdempotencyKey.objects.filter(key__in=["k-2", "k-3"]).count() == 2


# A save asking for the list's state (``?state=1``, as the table device does) reads, in
# the entry's transaction, the tournament's version and every player's total: two reads.
# The seats with their players' names and the last game number are the entry's own reads
# (``table_device.state_after_entry``), not read again; no overview of the list (no
# settlement, no signatures, no sums read twice).
STATE_READS = [
    "SELECT tournamentversion",
    "SELECT gamepoints",
]


def test_a_save_asking_for_the_state_adds_two_reads_to_the_entry(client, device_table):
    table, code = device_table

    response, sql = _second_game_posted(client, table, code, "key-2", "?state=1")

    assert response.status_code == 201
    assert response.json()["state"]["lastNumber"] == 2
    entry, key_answer = STATEMENTS[:-2], STATEMENTS[-2:]
    assert [_statement(one) for one in sql] == (entry + STATE_READS + key_answer)


# List B's device (two lists per table) enters as list A's does: the code check, the key,
# the table's lock, the seats and the last number of list B, the game written once (no
# list points: list B never counts) with its audit entry, then the comparison with list A
# (``comparing.compare``: list A's game of that number and an open difference for it).
# The answer is the game just written, not read back.
STATEMENTS_B = [
    "SELECT table",
    "SAVEPOINT",
    "INSERT idempotencykey",
    "SAVEPOINT",
    "SELECT table",
    "SELECT seat",
    "SELECT secondlistgame",
    "INSERT secondlistgame",
    "INSERT auditentry",
    "SELECT game",
    "SELECT listdifference",
    "RELEASE SAVEPOINT",
    "UPDATE idempotencykey",
    "RELEASE SAVEPOINT",
]


@pytest.fixture
def list_b_table(client):
    """A two-list table with list B's code, its first game entered on both lists."""
    warm = f.make_two_list_table(rounds_per_series=3)
    warm_b = table_access.issue_code(warm, kept_list="B")
    for key, body in (("warm-1", KARO_WON), ("warm-2", {**KARO_WON, "declarer_seat": 3})):
        assert _post(client, warm, warm_b, body, key).status_code == 201
    table = f.make_two_list_table(rounds_per_series=3)
    code_b = table_access.issue_code(table, kept_list="B")
    assert _post(client, table, code_b, KARO_WON, "first").status_code == 201
    return table, code_b


def test_a_game_entered_on_list_b_takes_these_queries_and_no_more(client, list_b_table):
    table, code_b = list_b_table

    response, sql = _second_game_posted(client, table, code_b, "key-b2")

    assert response.status_code == 201
    assert [_statement(one) for one in sql] == STATEMENTS_B
    read_back = client.get(f"/api/v1/tables/{table.id}/games/?list=B")
    assert response.json() == read_back.json()[1]


# Asking for the state, list B's save reads in its own transaction the version, list B's
# games (its totals are added up from them) and the open differences; the seats and the
# number are the entry's own reads, as on list A.
STATE_READS_B = [
    "SELECT tournamentversion",
    "SELECT secondlistgame",
    "SELECT listdifference",
]


def test_a_save_on_list_b_asking_for_the_state_reads_it_in_its_transaction(client, list_b_table):
    table, code_b = list_b_table

    response, sql = _second_game_posted(client, table, code_b, "key-b2", "?state=1")

    assert response.status_code == 201
    state = response.json()["state"]
    assert (state["keptList"], state["lastNumber"], state["nextNumber"]) == ("B", 2, 3)
    entry, key_answer = STATEMENTS_B[:-2], STATEMENTS_B[-2:]
    assert [_statement(one) for one in sql] == (entry + STATE_READS_B + key_answer)
    table.refresh_from_db()
    assert list_state(table, "B") == state

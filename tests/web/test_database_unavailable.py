"""A database another process keeps locked, or a full disk, is answered 503 with
Retry-After and a German message (a page, or JSON under /api/), never a 500; /healthz
reports both.

The lock is real: a second sqlite3 connection holds ``BEGIN EXCLUSIVE`` on the test
database file while the request tries to write, with the busy timeout shortened so the
test does not wait 20 s. The full disk is SQLite's own error, raised from the cursor.
"""

import errno
import sqlite3
from contextlib import contextmanager

import pytest
from django.db import OperationalError, connection

from tests import factories as f
from tests.api.conftest import send

LOCKED = "Die Datenbank ist gerade von einem anderen Vorgang gesperrt"
FULL = "Der Speicher des Servers ist voll"
SETTINGS = {
    "name": "Neuer Name",
    "date": "2026-03-14",
    "planned_series": "2",
    "rounds_per_series": "12",
    "extra_points": "skwo",
    "team_size": "4",
}


@contextmanager
def write_lock_held_elsewhere():
    """Another process holds SQLite's write lock on the database file; this one waits for
    it 0.3 s instead of the evening's 20 s."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's database-wide write lock")
    options = connection.settings_dict["OPTIONS"]
    before = options.get("timeout")
    connection.close()
    options["timeout"] = 0.3
    other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()
        connection.close()
        options["timeout"] = before


def raising(error):
    """A cursor wrapper raising ``error`` for every write and the health probe."""

    def wrapper(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "BEGIN", "SELECT 1")):
            raise error
        return execute(sql, params, many, context)

    return wrapper


def logged_in_director(client):
    client.force_login(f.make_staff_user())
    return client


def test_a_page_that_writes_to_a_locked_database_answers_503_in_german(client, transactional_db):
    tournament = f.make_tournament(name="Clubabend")
    logged_in_director(client)

    with write_lock_held_elsewhere():
        response = client.post(f"/leitung/turniere/{tournament.id}/einstellungen/", SETTINGS)
        health = client.get("/healthz")

    tournament.refresh_from_db()
    assert tournament.name == "Clubabend"
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert LOCKED in response.content.decode()
    assert health.status_code == 503
    assert health.json() == {"status": "error", "database": "locked"}
    assert health["Retry-After"] == "5"


def test_an_api_write_to_a_locked_database_answers_503_json(client, transactional_db):
    tournament = f.make_tournament(name="Clubabend")
    logged_in_director(client)

    with write_lock_held_elsewhere():
        response = send(client, "patch", f"tournaments/{tournament.id}/", {"name": "Neu"})

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    error = response.json()["errors"][0]
    assert error["code"] == "database_locked"
    assert error["message"].startswith(LOCKED)


@pytest.mark.django_db
def test_a_full_disk_answers_503_on_a_page_and_in_the_api(client):
    tournament = f.make_tournament(name="Clubabend")
    logged_in_director(client)

    with connection.execute_wrapper(raising(OperationalError("database or disk is full"))):
        page = client.post(f"/leitung/turniere/{tournament.id}/einstellungen/", SETTINGS)
        api = send(client, "patch", f"tournaments/{tournament.id}/", {"name": "Neu"})

    assert page.status_code == 503
    assert page["Retry-After"] == "60"
    assert FULL in page.content.decode()
    assert api.status_code == 503
    assert api["Retry-After"] == "60"
    assert api.json()["errors"][0]["code"] == "disk_full"
    assert api.json()["errors"][0]["message"].startswith(FULL)


@pytest.mark.django_db
def test_no_space_left_on_the_device_answers_503(client):
    tournament = f.make_tournament(name="Clubabend")
    logged_in_director(client)
    no_space = OSError(errno.ENOSPC, "No space left on device")

    with connection.execute_wrapper(raising(no_space)):
        api = send(client, "patch", f"tournaments/{tournament.id}/", {"name": "Neu"})

    assert api.status_code == 503
    assert api.json()["errors"][0]["code"] == "disk_full"


@pytest.mark.django_db
def test_healthz_reports_a_full_disk(client):
    with connection.execute_wrapper(raising(OperationalError("database or disk is full"))):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "full"}
    assert response["Retry-After"] == "60"

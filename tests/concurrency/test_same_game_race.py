"""Two devices post the same game at the same moment: one stores it, the other gets 409.

Real threads with their own database connections, on the database the suite runs on
(SQLite with immediate transactions, or PostgreSQL with row locks). Bounded: a handful
of rounds, each two requests.
"""

import json

import pytest
from django.db import connection

from tests import factories as f
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 6
KARO_WON = {"game": "diamonds", "matadors": 1, "won": True}


def _post_concurrently(user, path, bodies):
    """POST each body from its own thread, released together; returns the status codes."""

    def post(ready):
        client, body = ready
        response = client.post(path, data=json.dumps(body), content_type="application/json")
        return response.status_code

    return f.run_together(
        len(bodies), post, prepare=lambda index: (f.logged_in_client(user), bodies[index])
    )


def test_same_game_posted_twice_at_once_is_stored_once_and_answered_409():
    table = f.make_seated_table(players=4, rounds_per_series=3)
    user = f.make_staff_user()
    path = f"/api/v1/tables/{table.id}/games/"

    for number in range(1, ROUNDS + 1):
        declarer = 2 if number % 4 == 1 else 1  # never the dealer
        body = {"number": number, "declarer_seat": declarer, **KARO_WON}
        statuses = _post_concurrently(user, path, [body, body])

        assert sorted(statuses) == [201, 409], (number, statuses)
    assert list(Game.objects.filter(table=table).values_list("number", flat=True)) == list(
        range(1, ROUNDS + 1)
    )


def test_sqlite_starts_every_transaction_immediate():
    """The setting that makes concurrent writers wait instead of failing."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL serialises entries with row locks instead")
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] >= 10_000
        cursor.execute("PRAGMA temp_store")
        assert cursor.fetchone()[0] == 2  # MEMORY: no temporary file per statement journal

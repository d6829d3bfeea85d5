"""A game sent twice at once with one ``Idempotency-Key``: stored once, both answered alike.

Real threads with their own connections (as a phone that resends while its first post is
still in flight); bounded: a few rounds of two requests.
"""

import json

import pytest

from tests import factories as f
from tournaments.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 5
KARO_WON = {"game": "diamonds", "matadors": 1, "won": True}


def _post_twice_at_once(user, path, body, key):
    def post(client):
        return client.post(
            path,
            data=json.dumps(body),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=key,
        )

    return f.run_together(2, post, prepare=lambda index: f.logged_in_client(user))


def test_same_key_sent_twice_at_once_stores_one_game():
    table = f.make_seated_table(players=4, rounds_per_series=3)
    user = f.make_staff_user()
    path = f"/api/v1/tables/{table.id}/games/"

    for number in range(1, ROUNDS + 1):
        body = {"declarer_seat": 2 if number % 4 == 1 else 1, **KARO_WON}
        first, second = _post_twice_at_once(user, path, body, f"retry-{number}")

        assert (first.status_code, second.status_code) == (201, 201)
        assert first.json() == second.json()
        assert Game.objects.filter(table=table).count() == number

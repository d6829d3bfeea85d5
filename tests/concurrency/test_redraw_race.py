"""A redraw of a series while a table enters its first game: one wins, the other gets 409.

The draw replaces the series' tables; a game entry appends to one of them. Both take row
locks in the one order of ``tournaments.services.locking`` (tournament, series, table), so
PostgreSQL never sees a deadlock and SQLite's immediate transactions simply queue them.
Real threads with their own connections; bounded: a few rounds of two requests.
"""

import json

import pytest

from tests import factories as f
from tournaments.models import Game, Table
from tournaments.services.draw import draw_series

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 6
KARO_WON = {"game": "diamonds", "matadors": 1, "won": True}


def _drawn_series(seed):
    tournament = f.make_tournament(rounds_per_series=2)
    f.make_many_participants(tournament, 8)
    series = f.make_series(tournament)
    draw_series(series, seed=seed)
    return series


def _post_together(user, requests):
    """POST each (path, body) from its own thread, released together; returns the responses."""

    def post(ready):
        client, (path, body) = ready
        return client.post(path, data=json.dumps(body), content_type="application/json")

    return f.run_together(
        len(requests), post, prepare=lambda index: (f.logged_in_client(user), requests[index])
    )


@pytest.mark.parametrize("draw_first", [True, False])
def test_redraw_while_a_table_enters_a_game_answers_one_winner_and_a_409(draw_first):
    user = f.make_staff_user()
    for round_number in range(ROUNDS):
        series = _drawn_series(seed=round_number)
        table = Table.objects.filter(series=series).order_by("number").first()
        redraw = (f"/api/v1/series/{series.id}/draw/", {"seed": 1000 + round_number})
        entry = (f"/api/v1/tables/{table.id}/games/", {"declarer_seat": 2, **KARO_WON})
        requests = [redraw, entry] if draw_first else [entry, redraw]

        responses = _post_together(user, requests)
        drawn, entered = responses if draw_first else responses[::-1]

        statuses = (drawn.status_code, entered.status_code)
        games = Game.objects.filter(table__series=series).count()
        if drawn.status_code == 201:
            assert entered.status_code in (404, 409), statuses
            assert games == 0
        else:
            assert statuses == (409, 201)
            assert drawn.json()["errors"][0]["code"] == "series_started"
            assert games == 1
        if entered.status_code == 409:
            assert entered.json()["errors"][0]["code"] == "table_redrawn"

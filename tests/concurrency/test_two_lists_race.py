"""Two devices of one table take each other's version of a differing game at the same
moment (docs/rules.md 4.1): the first takes it, the second finds the lists agreeing; both
lists end in one agreed version, never swapped, never a loop.

Real threads with their own database connections, released together; a few rounds.
"""

import json

import pytest
from django.test import Client

from tests import factories as f
from tournaments.models import AuditEntry, ListDifference
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 4
KREUZ = {"game": "clubs", "matadors": 2}


def _take_concurrently(table, number, codes, revision):
    path = f"/api/v1/tables/{table.id}/differences/{number}/take/"

    def take(index):
        response = Client().post(
            path,
            data=json.dumps({"revision": revision}),
            content_type="application/json",
            HTTP_X_TABLE_CODE=codes[index],
        )
        return response.status_code

    return f.run_together(len(codes), take)


def test_both_devices_taking_the_other_version_at_once_end_in_one_agreed_version():
    table = f.make_two_list_table(players=3, rounds_per_series=2)
    codes = [table_access.issue_code(table), table_access.issue_code(table, kept_list="B")]

    for number in range(1, ROUNDS + 1):
        declarer = (number - 1) % 3 + 1
        f.enter(table, declarer_seat=declarer, won=True, **KREUZ)
        f.enter_b(table, declarer_seat=declarer, won=False, **KREUZ)
        difference = ListDifference.objects.get(table=table, number=number)

        answers = _take_concurrently(table, number, codes, difference.revision)

        assert answers == [200, 200], (number, answers)
        first, second = table.games.get(number=number), table.second_games.get(number=number)
        assert first.inputs() == second.inputs(), number
        difference.refresh_from_db()
        assert difference.settled_how in ("took_a", "took_b")
        assert difference.result["won"] == first.won_entered
        assert not ListDifference.objects.filter(table=table, settled_at=None).exists()
    corrections = AuditEntry.objects.filter(
        table=table, action__in=["game_corrected", "second_game_corrected"]
    )
    assert corrections.count() == ROUNDS  # one correction a game: the second tap took nothing

"""The rankings' floors in ``manage.py bench``: true lower bounds of the rankings.

A floor is the list point rows a ranking sums, summed by one ``GROUP BY`` and nothing else;
a floor that joins or sorts more than the ranking needs could take longer than the
ranking and make its ratio look better than it is.
"""

import pytest
from django.db import connection

from tests import factories as f
from tournaments.benchmarks.overview import floors
from tournaments.services import ranking

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    """A club's tournament (a season is a club's) with two games entered."""
    tournament = f.make_tournament(rounds_per_series=3, club=f.make_club())
    table = f.make_table(f.make_series(tournament), f.make_participants(tournament, 4))
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    f.enter(table, declarer_seat=3, game="diamonds", matadors=2, won=False)
    return table.series.tournament


def _rows(sql, params):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@pytest.mark.parametrize("name", ["series", "tournament", "teams", "season"])
def test_each_floor_is_one_group_by_over_the_list_points_and_nothing_else(tournament, name):
    sql, _params = floors(tournament)[name]

    assert sql.count("GROUP BY") == 1
    assert "JOIN" not in sql
    assert "ORDER BY" not in sql
    assert " FROM tournaments_gamepoints gp " in sql


def test_the_floors_sum_the_rows_the_rankings_sum(tournament):
    queries = floors(tournament)
    won = {name: sum(row[-3] for row in _rows(*queries[name])) for name in queries}
    lost = {name: sum(row[-2] for row in _rows(*queries[name])) for name in queries}
    ranked = ranking.rank_tournament(tournament)

    assert set(won.values()) == {sum(row.won for row in ranked)} == {1}
    assert set(lost.values()) == {sum(row.lost for row in ranked)} == {1}

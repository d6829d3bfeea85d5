"""How many queries entering a game and seating a table take.

Every game of an evening goes through ``enter_game`` and every table of a draw through
``create_table``; their query counts are fixed here so that a change that adds a query
per game or per player shows up as a failing test, not as a slower evening.
"""

import pytest

from tests import factories as f
from tournaments.models import Table
from tournaments.services import seating
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db

KARO_WON = {"declarer_seat": 2, "game": "diamonds", "matadors": 1, "won": True}

# Entering: a savepoint and its release, the states of series and tournament, the table
# locked, its seats, the last game number, the game, the tournament's version, its list
# points and the audit entry. A new game has no list points to remove, and its declarer
# is known before it is saved. The writes skip the lock check of models/locking.py: the
# service holds the table's row lock and has just seen the list open.
ENTER_QUERIES = 10
CORRECT_QUERIES = 11
# Seating: whether any of the players already sits at a table is one query, not one each.
CREATE_TABLE_QUERIES = 11


def test_entering_a_game_takes_a_fixed_number_of_queries(django_assert_num_queries):
    table = f.make_seated_table(players=4)
    f.enter(table, **KARO_WON)  # the first game also marks the series and tournament running

    with django_assert_num_queries(ENTER_QUERIES):
        listkeeping.enter_game(table, {**KARO_WON, "declarer_seat": 3})


def test_correcting_a_game_takes_a_fixed_number_of_queries(django_assert_num_queries):
    table = f.make_seated_table(players=4)
    f.enter(table, **KARO_WON)

    with django_assert_num_queries(CORRECT_QUERIES):
        listkeeping.correct_game(table, 1, {**KARO_WON, "won": False}, reason="verzählt")


@pytest.mark.parametrize("players", [3, 4])
def test_seating_a_table_takes_the_same_queries_for_three_and_four(
    django_assert_num_queries, players
):
    tournament = f.make_tournament()
    series = f.make_series(tournament)
    ids = [p.id for p in f.make_participants(tournament, players)]

    with django_assert_num_queries(CREATE_TABLE_QUERIES):
        seating.create_table(series, None, ids)


def test_a_table_read_with_its_running_series_needs_no_look_at_the_parents(
    django_assert_num_queries,
):
    """The API reads a table with its series and tournament: once they run (they never go
    back to planned), entering a game does not ask the database for their states again."""
    table = f.make_seated_table(players=4)
    f.enter(table, **KARO_WON)
    table = Table.objects.select_related("series__tournament").get(pk=table.pk)

    with django_assert_num_queries(ENTER_QUERIES - 1):
        listkeeping.enter_game(table, {**KARO_WON, "declarer_seat": 3})

"""Fixtures for the list-keeping tests: a fresh table of 3 or 4 players."""

import pytest

from tests import factories as f


@pytest.fixture
def new_table(db):
    """Build a table: ``new_table(players=4, rounds_per_series=1)``; seats 1..n in order."""
    return f.make_seated_table


@pytest.fixture
def newcomer(db):
    """Build a participant of the table's tournament who is not seated yet."""

    def build(table):
        return f.make_participants(table.series.tournament, 1)[0]

    return build

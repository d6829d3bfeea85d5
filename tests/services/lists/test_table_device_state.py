"""The list's state document read on its own equals the one read with the table's overview."""

import pytest

from tests import factories as f
from tournaments.services.lists.overview import table_overview
from tournaments.services.lists.table_device import list_state
from tournaments.services.seating import leave_table

pytestmark = pytest.mark.django_db


def _fresh(table):
    return type(table).objects.select_related("series__tournament").get(pk=table.pk)


def test_the_state_read_alone_is_the_state_the_page_builds_from_the_overview():
    """The answer of a save reads the state without the overview; the page reads it from
    the overview it shows. Both say the same, also after a player has left the table."""
    table = f.make_seated_table(players=4, rounds_per_series=2)
    f.enter(table, declarer_seat=2, game="clubs", matadors=2, won=True)
    for _ in range(3):
        f.enter(_fresh(table), passed=True)
    leave_table(_fresh(table), 4, after_game=4)
    f.enter(_fresh(table), declarer_seat=3, game="grand", matadors=1, won=False)
    table = _fresh(table)

    alone = list_state(table)

    assert alone == list_state(table, overview=table_overview(table))
    assert (alone["lastNumber"], alone["nextNumber"], len(alone["seats"])) == (5, 6, 4)
    assert alone["people"][str(table.seats.get(number=4).participant_id)]


def test_a_complete_list_has_no_next_game_read_alone_or_from_the_overview():
    table = f.make_seated_table(players=3, rounds_per_series=1)
    for _ in range(3):
        f.enter(_fresh(table), passed=True)
    table = _fresh(table)

    alone = list_state(table)

    assert alone == list_state(table, overview=table_overview(table))
    assert (alone["nextNumber"], alone["status"], alone["deals"]) == (None, "complete", [])

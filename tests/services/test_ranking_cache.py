"""Rankings and live tables are cached outside the database (services/ranking_cache.py).

On SQLite every write takes the one write lock the tables' game entries need; a phone
opening or refreshing a ranking must not queue there, nor make an entry queue behind it.
"""

import sqlite3

import pytest
from django.db import connection
from django.urls import reverse

from tests import factories as f
from tournaments.services import ranking, ranking_cache

LOCK_WAIT_MS = 200  # a write would give up after this instead of the usual 20 s


@pytest.fixture
def write_lock_held_elsewhere(transactional_db):
    """Another connection holds SQLite's write lock (as a game entry does while it writes)."""
    if connection.vendor != "sqlite":
        pytest.skip("the write lock of one database file is SQLite's")
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.rollback()
        other.close()
        connection.close()  # the next test gets the usual busy timeout


@pytest.fixture
def running_table(transactional_db):
    table = f.make_seated_table(rounds_per_series=3)
    f.enter(table, declarer_seat=2, game="grand", matadors=1, won=True)
    return table


def test_the_lock_fixture_really_stops_a_write(running_table, write_lock_held_elsewhere):
    """The mechanism the next tests rely on: a database write cannot happen meanwhile."""
    from django.db.utils import OperationalError

    with pytest.raises(OperationalError, match="locked"):
        f.enter(running_table, declarer_seat=3, game="grand", matadors=1, won=True)


def test_the_pages_cache_reads_and_writes_while_another_connection_holds_the_write_lock(
    write_lock_held_elsewhere,
):
    cache = ranking_cache.pages_cache()

    cache.set("a-ranking", ["row"])

    assert cache.get("a-ranking") == ["row"]
    assert cache.add("a-lock", True) is True


def test_a_ranking_is_shown_and_refreshed_while_another_connection_holds_the_write_lock(
    client, running_table, write_lock_held_elsewhere
):
    tournament = running_table.series.tournament
    leader = ranking.rank_tournament(tournament)[0].name
    url = reverse("tournament-ranking", args=[tournament.pk])

    page = client.get(url)
    refresh = client.get(url, {"fragment": "1"})

    assert page.status_code == 200
    assert leader in page.content.decode()
    assert leader in refresh.content.decode()
    assert ranking_cache.tournament_ranking(tournament)[0].name == leader

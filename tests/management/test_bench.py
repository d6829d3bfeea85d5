"""``manage.py bench ranking``: runs on tiny sizes, leaves the database alone, builds rows
exactly like list keeping does."""

import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tests.factories import make_participants, make_series, make_table, make_tournament
from tournaments.benchmarks import BENCHMARKS
from tournaments.benchmarks.ranking import build_championship
from tournaments.models import Game, GamePoints
from tournaments.services.lists import listkeeping


def test_bench_ranking_prints_timings_in_a_throwaway_database(run_bench):

    arguments = ["--participants", "8", "--series", "1", "--rounds", "1", "--repeat", "2"]

    output = run_bench("ranking", *arguments)

    # 8 players: two 4-tables, 1 round = 4 games each, 4 list point rows per game
    assert "8 participants x 1 series x 1 rounds = 2 tables, 8 games, 32 list point rows" in output
    rows = {
        match[0]: (int(match[1]), int(match[2]))
        for match in re.findall(r"^(\w+) +[\d.]+ +[\d.]+ +[\d.]+ +(\d+) +(\d+)$", output, re.M)
    }
    # Queries of a ranking after one before it: the people are kept under the roster stamp,
    # so every ranking reads the stamp (the season: its tournaments' stamps) and the sums.
    assert rows == {
        "series": (2, 8),
        "tournament": (2, 8),
        "teams": (2, 2),
        "season": (2, 8),
        "statistics": (2, 1),
    }
    assert "Target: tournament ranking under 300 ms" in output
    assert "CPUs, Python 3." in output and "SQLite 3." in output


@pytest.mark.parametrize(
    "arguments",
    [["--participants", "5"], ["--participants", "2"], ["--series", "0"], ["--rounds", "x"]],
)
def test_bench_ranking_refuses_impossible_sizes(arguments):
    with pytest.raises(CommandError):
        call_command("bench", "ranking", *arguments)


def test_bench_refuses_an_unknown_benchmark():
    with pytest.raises(CommandError):
        call_command("bench", "nonsense")


def test_ranking_benchmark_is_registered():
    assert "ranking" in BENCHMARKS


@pytest.mark.django_db
def test_built_games_are_stored_as_list_keeping_stores_them():
    tournament = build_championship(participants=7, series=1, rounds=3, seed=7)
    # The same games entered one by one through the service, at copies of the tables.
    copy = make_tournament(rounds_per_series=3)
    series = make_series(copy)
    built = list(tournament.series.get().tables.order_by("number"))
    entered = []
    for table in built:
        people = make_participants(copy, table.seats.count())
        twin = make_table(series, people)
        for game in table.games.order_by("number"):
            listkeeping.enter_game(twin, listkeeping.game_inputs(game))
        entered.append(twin)

    assert [stored(t) for t in built] == [stored(t) for t in entered]
    games = Game.objects.filter(table__in=built)
    assert games.count() == 12 + 9  # a 4- and a 3-table
    assert {(g.passed, g.won) for g in games} == {(True, None), (False, True), (False, False)}


@pytest.mark.django_db
def test_built_championship_is_analysed_on_postgresql_at_once():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite keeps no planner statistics unless asked; only PostgreSQL is")
    build_championship(participants=7, series=1, rounds=3, seed=7)

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reltuples FROM pg_class WHERE relname = %s", [GamePoints._meta.db_table]
        )
        estimated = cursor.fetchone()[0]
    # ANALYZE counts a small table exactly; before, the planner's figure was -1 (never
    # analysed) or whatever an earlier autovacuum saw.
    assert estimated == GamePoints.objects.count() > 0


def stored(table):
    """Everything about a table's games that does not depend on ids or time."""
    skip = {"id", "table", "declarer", "entered_by", "entered_at", "updated_at"}
    fields = [f.name for f in Game._meta.concrete_fields if f.name not in skip]
    seat_of = {seat.participant_id: seat.number for seat in table.seats.all()}
    games = [
        (
            *[getattr(game, name) for name in fields],
            seat_of.get(game.declarer_id),
            tuple(
                (
                    p.seat,
                    seat_of[p.participant_id],
                    (p.table_id, p.series_id, p.tournament_id)
                    == (table.id, table.series_id, table.series.tournament_id),
                    p.role,
                    p.game_points,
                    p.won,
                    p.lost,
                    p.credit,
                    p.points,
                )
                for p in GamePoints.objects.filter(game=game).order_by("seat")
            ),
        )
        for game in table.games.order_by("number")
    ]
    return games


def test_throwaway_database_on_a_server_never_takes_the_test_database_name(monkeypatch):
    """On PostgreSQL the engine's default test database (``test_<name>``) may belong to a
    test run going on; the benchmark's own database gets a name of its own."""
    from django.db import DEFAULT_DB_ALIAS, connections

    from tournaments.benchmarks import throwaway_database

    connection = connections[DEFAULT_DB_ALIAS]
    created = []
    monkeypatch.setattr(connection, "vendor", "postgresql")
    monkeypatch.setattr(
        connection.creation,
        "create_test_db",
        lambda **kwargs: created.append(connection.settings_dict["TEST"].get("NAME")),
    )
    monkeypatch.setattr(connection.creation, "destroy_test_db", lambda *args, **kwargs: None)
    monkeypatch.setitem(connection.settings_dict, "TEST", {})

    with throwaway_database():
        pass

    name = connection.settings_dict["NAME"]
    assert created and created[0] not in (None, "", f"test_{name}")
    assert created[0].startswith(f"{name}_bench_")
    assert connection.settings_dict["TEST"] == {}

"""How long the rankings take for a championship (issue 5, Performance).

Builds a tournament of ``participants`` players × ``series`` series with complete lists
(48 games at a 4-table for 12 rounds), every game random but valid and valued by the rules
engine, then times the series, tournament, team and season rankings and the statistics
of one player (whose places need every participant's sums too). The rows are
bulk-created, because entering 72,000 games one by one through the list-keeping service
would take an hour; they have exactly the shape that service stores (a test compares them).

Where the time goes (SQLite): almost all of it in the GROUP BY over GamePoints, which
reads 288,000 table rows through the (tournament, participant) index; Python adds about
40 ms for 2,000 players. An index that also holds the summed columns would let SQLite
answer from the index alone (measured about three times faster for that query), but it
needs a migration, so it is a decision for the models, not for this benchmark.
"""

import argparse
import datetime
import os
import platform
import random
import sqlite3
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

import django
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tournaments.models import (
    Club,
    Game,
    GamePoints,
    Participant,
    Player,
    Seat,
    Series,
    Table,
    Team,
    Tournament,
)
from tournaments.services import ranking, season_ranking, team_ranking
from tournaments.services.demo.lists import random_game
from tournaments.services.seating import MAX_TABLE_NUMBER
from tournaments.services.statistics import player_statistics
from tournaments.skat import ExtraPointsScheme
from tournaments.skat.draw import DrawImpossible, table_sizes
from tournaments.skat.entry import check_entry
from tournaments.skat.rounds import Deal, Presence, deal_of, game_count, plan_rounds

from .options import WholeNumber, add_whole_numbers, whole_number_between

HELP = (
    "Time the series, tournament, team and season rankings and a player's statistics "
    "on a generated championship."
)
TARGET_MS = 300
TEAM_SIZE = 4
MAX_PARTICIPANTS = 4 * MAX_TABLE_NUMBER


def add_arguments(parser) -> None:
    parser.add_argument(
        "--participants", type=participant_count, default=2000, help="players (default 2000)"
    )
    add_whole_numbers(
        parser,
        WholeNumber("--series", low=1, high=20, default=3, help="series (default 3)"),
        WholeNumber(
            "--repeat", low=1, high=100, default=5, help="timed runs per ranking (default 5)"
        ),
    )
    add_rounds_and_seed(parser)


def add_rounds_and_seed(parser) -> None:
    """``--rounds`` per series and ``--seed`` of the random games, for a benchmark that
    plays out generated lists."""
    add_whole_numbers(
        parser,
        WholeNumber("--rounds", low=1, high=40, default=12, help="rounds per series (default 12)"),
    )
    parser.add_argument("--seed", type=int, default=2026, help="random seed of the games")


def participant_count(text: str) -> int:
    count = whole_number_between(3, MAX_PARTICIPANTS)(text)
    try:
        table_sizes(count)
    except DrawImpossible as impossible:
        raise argparse.ArgumentTypeError(impossible.text()) from None
    return count


@dataclass(frozen=True)
class Timing:
    name: str
    best_ms: float
    median_ms: float
    cpu_ms: float
    queries: int
    rows: int


def run(options: dict, out: TextIO) -> None:
    participants, series, rounds = options["participants"], options["series"], options["rounds"]
    repeat = options["repeat"]
    started = time.perf_counter()
    tournament = build_championship(participants, series, rounds, seed=options["seed"])
    built_s = time.perf_counter() - started
    first = tournament.series.get(number=1)
    games = Game.objects.filter(table__series__tournament=tournament).count()
    points = GamePoints.objects.filter(tournament=tournament).count()
    tables = Table.objects.filter(series__tournament=tournament).count()
    player = Player.objects.select_related("club").get(
        participations__tournament=tournament, participations__start_number=1
    )
    measured = [
        measure("series", lambda: ranking.rank_series(first), repeat),
        measure("tournament", lambda: ranking.rank_tournament(tournament), repeat),
        measure("teams", lambda: team_ranking.rank_teams(tournament), repeat),
        measure(
            "season",
            lambda: season_ranking.rank_season(tournament.club, tournament.date.year),
            repeat,
        ),
        measure("statistics", lambda: [player_statistics(player)], repeat),
    ]
    out.write(
        f"Ranking benchmark: {participants} participants x {series} series x {rounds} rounds = "
        f"{tables} tables, {games} games, {points} list point rows "
        f"(built in {built_s:.1f} s)\n"
    )
    out.write(
        f"{'measured':<12}{'best ms':>10}{'median ms':>11}{'cpu ms':>9}{'queries':>9}{'rows':>7}\n"
    )
    for timing in measured:
        out.write(
            f"{timing.name:<12}{timing.best_ms:>10.1f}{timing.median_ms:>11.1f}"
            f"{timing.cpu_ms:>9.1f}{timing.queries:>9}{timing.rows:>7}\n"
        )
    tournament_ms = measured[1].median_ms
    verdict = "met" if tournament_ms < TARGET_MS else "NOT met"
    out.write(f"Target: tournament ranking under {TARGET_MS} ms (median of {repeat}): {verdict}\n")
    out.write(f"Machine: {machine()}\n")
    out.write(f"Database: {options.get('database', connection.vendor)}\n")


def measure(name: str, ranking_of: Callable[[], list], repeat: int) -> Timing:
    """Best and median wall time of ``repeat`` runs, and the median CPU time of this process
    (SQLite runs in it), which other programs on a busy machine disturb less.

    Counting queries records every SQL statement, so it runs apart, in an extra run after
    one that warms the caches as a page view before would (the people a ranking keeps
    under the tournament's roster stamp): the queries counted are those of the runs timed.
    """
    ranking_of()
    with CaptureQueriesContext(connection) as queries:
        rows = len(ranking_of())
    wall, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        ranking_of()
        cpu.append((time.process_time() - started_cpu) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return Timing(
        name, min(wall), statistics.median(wall), statistics.median(cpu), len(queries), rows
    )


def machine() -> str:
    return (
        f"{platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"SQLite {sqlite3.sqlite_version}, Django {django.get_version()}, "
        f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}"
    )


@transaction.atomic
def build_championship(
    participants: int, series: int, rounds: int, *, seed: int, club: Club | None = None
) -> Tournament:
    """A club's championship with teams of four, played out at random; returns the
    tournament. Without ``club`` a new club holds it (so its season is this tournament)."""
    rng = random.Random(seed)
    tag = f"{seed}-{Tournament.objects.count() + 1}"
    if club is None:
        club = Club.objects.create(name=f"Benchmark-Skatclub {tag}")
    tournament = Tournament.objects.create(
        club=club,
        name=f"Benchmark-Meisterschaft {tag}",
        date=datetime.date.today(),
        rounds_per_series=rounds,
        planned_series=series,
        team_size=TEAM_SIZE,
        status=Tournament.Status.FINISHED,
    )
    players = Player.objects.bulk_create(
        Player(first_name="Spieler", last_name=f"{n:05d}", club=club)
        for n in range(1, participants + 1)
    )
    teams = Team.objects.bulk_create(
        Team(tournament=tournament, name=f"Team {n}", club=club)
        for n in range(1, participants // TEAM_SIZE + 1)
    )
    people = Participant.objects.bulk_create(
        Participant(
            tournament=tournament,
            player=player,
            start_number=n,
            team=teams[(n - 1) // TEAM_SIZE] if (n - 1) // TEAM_SIZE < len(teams) else None,
        )
        for n, player in enumerate(players, start=1)
    )
    for number in range(1, series + 1):
        one = Series.objects.create(
            tournament=tournament, number=number, status=Series.Status.FINISHED
        )
        order = [p.id for p in people]
        rng.shuffle(order)
        _play_series(one, order, rounds, tournament.scheme, rng)
    _gather_planner_statistics()
    return tournament


def _gather_planner_statistics() -> None:
    """On PostgreSQL, analyse (and vacuum) the freshly loaded tables at once.

    Autovacuum does it by itself a minute or so after a bulk load, in the middle of the
    measurements: the figures then depend on when it starts, and until then the planner
    knows nothing of the 288,000 rows and index-only scans must visit the table. Done at
    once, the database looks like one that has run for a while. SQLite keeps statistics
    only when asked (Django never asks), so it is measured as a club's server runs it.
    """
    if connection.vendor != "postgresql":
        return
    # VACUUM cannot run inside a transaction (a test's); ANALYZE alone can.
    command = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
    with connection.cursor() as cursor:
        cursor.execute(command)


def _play_series(series, order, rounds, scheme: ExtraPointsScheme, rng: random.Random) -> None:
    sizes = table_sizes(len(order))
    tables = Table.objects.bulk_create(
        Table(series=series, number=n, entry_mode=Table.EntryMode.GAMES)
        for n in range(1, len(sizes) + 1)
    )
    seats, games, deals, start = [], [], [], 0
    for table, size in zip(tables, sizes, strict=True):
        at_table = order[start : start + size]
        start += size
        seats += [
            Seat(table=table, series=series, number=n, participant_id=pid)
            for n, pid in enumerate(at_table, start=1)
        ]
        table_rounds = plan_rounds(rounds, [Presence(n) for n in range(1, size + 1)])
        for number in range(1, game_count(table_rounds) + 1):
            deal = deal_of(number, table_rounds)
            data = random_game(rng, deal.active)
            games.append(valued_game(table, deal, data, scheme, at_table))
            deals.append((deal, at_table))
    Seat.objects.bulk_create(seats)
    store_games(games, deals, series)


def store_games(games: list[Game], deals: list, series) -> None:
    """Store valued games and their list points in bulk, as list keeping stores them;
    ``deals`` holds each game's (deal, participant ids at the table)."""
    Game.objects.bulk_create(games, batch_size=2000)
    GamePoints.objects.bulk_create(
        (
            row
            for game, (deal, at_table) in zip(games, deals, strict=True)
            for row in game_points(game, deal, at_table, series)
        ),
        batch_size=5000,
    )


def valued_game(
    table: Table, deal: Deal, data: dict, scheme: ExtraPointsScheme, at_table, cache=None
) -> Game:
    """A Game as ``listkeeping.enter_game`` stores it: the inputs and the engine's results.

    ``at_table`` are the participant ids on seats 1, 2, … (no seat changes here). The entry
    is checked and valued by the rules' entry check (``skat.entry.check_entry``), as list
    keeping does; with a ``cache`` (a dict) its answer is kept per entry, the seat aside,
    for data of hundreds of thousands of games.
    """
    game = Game(
        table=table, number=deal.number, dealer_seat=deal.dealer, table_size=deal.table_size
    )
    if data.get("passed"):
        game.record_passed()
        return game
    key = tuple(sorted((k, v) for k, v in data.items() if k != "declarer_seat"))
    entry = cache.get(key) if cache is not None else None
    if entry is None:
        entry = check_entry(data, deal, scheme)
        if cache is not None:
            cache[key] = entry
    game.record_value(data["declarer_seat"], entry.declaration, entry.outcome, entry.evaluation)
    game.declarer_id = at_table[game.declarer_seat - 1]
    return game


def game_points(game: Game, deal: Deal, at_table, series):
    """The list point rows of one game, one per player present, as list keeping stores them."""
    return game.point_rows({seat: at_table[seat - 1] for seat in deal.seats}, deal.active, series)


def percentile(values: list[float], p: int) -> float:
    """The ``p``-th percentile of sorted ``values`` (0 for none)."""
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]

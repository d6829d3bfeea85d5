"""``manage.py bench league``: the league table beside its raw-SQL floor.

Two leagues are generated and played out at random (valid games, valued by the rules
engine): one group of 16 teams over 5 match days at 4 venues each, and 1,000 teams in 250
groups of four over 5 match days; every series is a normal one (12 rounds, 48 games at a
4-table) unless ``--rounds`` says otherwise, and every match report is published. The
structure goes through the league's services (teams, fixtures with their venue
tournaments); the games are bulk-created in exactly the shape list keeping stores them
(tournaments/benchmarks/ranking.py), because entering millions of games one by one would
take hours.

Measured: the public league table (``results.group_tables``) of the one group and of all
250 groups at once, each beside its floor: the same list point rows summed by one GROUP BY
(series and team) and nothing else, as raw SQL. The ratio says what the table adds to the
sums it cannot do without; the goal is at most 2×.
"""

import argparse
import datetime
import random
import statistics
import time
from typing import TextIO

from django.db import connection, reset_queries, transaction
from django.utils import timezone

from league.models import MatchReport, Season, Venue
from league.services import fixtures, results, structure
from tournaments.benchmarks.ranking import game_points, machine, measure, valued_game
from tournaments.models import Club, Game, GamePoints, Player, Seat, Table
from tournaments.services.demo.lists import random_game
from tournaments.skat.rounds import Presence, deal_of, game_count, plan_rounds

HELP = "Time the league table of a 16-team group and of 1,000 teams in 250 groups."
GOAL = 2.0
FLOOR_SQL = """
SELECT gp.series_id, p.team_id, SUM(gp.game_points), SUM(gp.won), SUM(gp.lost), SUM(gp.credit)
FROM tournaments_gamepoints gp
JOIN tournaments_participant p ON p.id = gp.participant_id
WHERE gp.tournament_id IN ({ids})
GROUP BY gp.series_id, p.team_id
"""


def _between(low: int, high: int):
    def whole_number(text: str) -> int:
        value = int(text) if text.isascii() and text.isdigit() else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"a whole number from {low} to {high}, not {text!r}")
        return value

    return whole_number


def add_arguments(parser) -> None:
    parser.add_argument("--rounds", type=_between(1, 12), default=12, help="rounds per series")
    parser.add_argument("--repeat", type=_between(1, 50), default=5, help="timed runs")
    parser.add_argument(
        "--groups", type=_between(1, 250), default=250, help="groups of four (default 250)"
    )
    parser.add_argument("--seed", type=int, default=2027, help="random seed of the games")


def run(options: dict, out: TextIO) -> None:
    rounds, repeat, rng = options["rounds"], options["repeat"], random.Random(options["seed"])
    started = time.perf_counter()
    big = build_league("Bench 16", groups=1, teams_per_group=16, rounds=rounds, rng=rng)
    many = build_league(
        "Bench 1000", groups=options["groups"], teams_per_group=4, rounds=rounds, rng=rng
    )
    built_s = time.perf_counter() - started
    out.write(
        f"League benchmark: 5 match days x 3 series x {rounds} rounds, every report published "
        f"(built in {built_s:.0f} s)\n"
    )
    out.write(
        f"{'measured':<34}{'teams':>6}{'rows':>10}{'best ms':>9}{'median ms':>10}"
        f"{'queries':>8}{'floor ms':>9}{'ratio':>7}\n"
    )
    for label, groups in (
        ("one group of 16 teams", big),
        (f"{len(many)} groups of 4 teams", many),
    ):
        reset_queries()  # building logged more queries than Django keeps: count afresh
        timing = measure(
            "table", lambda groups=groups: list(results.group_tables(groups).values()), repeat
        )
        floor = measure_floor(groups, repeat)
        teams = sum(group.teams.count() for group in groups)
        rows = GamePoints.objects.filter(
            tournament__league_venue__match_day__group__in=groups
        ).count()
        out.write(
            f"{label:<34}{teams:>6}{rows:>10}{timing.best_ms:>9.1f}{timing.median_ms:>10.1f}"
            f"{timing.queries:>8}{floor:>9.1f}{timing.median_ms / floor:>7.2f}\n"
        )
    out.write(f"Goal: the table within {GOAL:.0f}x its GROUP BY floor (medians of {repeat}).\n")
    out.write(f"Machine: {machine()}\n")
    out.write(f"Database: {options.get('database', connection.vendor)}\n")


def measure_floor(groups, repeat: int) -> float:
    """The median time of the one GROUP BY over the groups' published venues."""
    venues = results.counted_venues(groups, published_only=True).values_list(
        "tournament_id", flat=True
    )
    ids = ",".join(str(pk) for pk in venues)
    sql = FLOOR_SQL.format(ids=ids)
    times = []
    with connection.cursor() as cursor:
        cursor.execute(sql)
        cursor.fetchall()
        for _ in range(repeat):
            started = time.perf_counter()
            cursor.execute(sql)
            cursor.fetchall()
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


@transaction.atomic
def build_league(name: str, *, groups: int, teams_per_group: int, rounds: int, rng):
    """A league of ``groups`` groups, each with 5 played and published match days."""
    season = structure.create_season(f"{name} {Season.objects.count() + 1}")
    league = structure.create_league(
        season, {"name": name, "series_per_match_day": 3, "rounds_per_series": rounds}
    )
    club = Club.objects.create(name=f"{name} Club {season.pk}")
    built = []
    for number in range(1, groups + 1):
        group = structure.create_group(league, {"name": f"Staffel {number}"})
        teams = []
        for index in range(teams_per_group):
            roster = Player.objects.bulk_create(
                Player(first_name="Spieler", last_name=f"{number}-{index}-{n}", club=club)
                for n in range(4)
            )
            teams.append(
                structure.create_team(
                    group,
                    {
                        "club": club.pk,
                        "name": f"Team {index + 1}",
                        "players": [p.pk for p in roster],
                    },
                )
            )
        for day in range(1, 6):
            order = teams[:]
            rng.shuffle(order)
            fixtures.create_match_day(
                group,
                {
                    "number": day,
                    "date": (datetime.date(2027, 3, 1) + datetime.timedelta(weeks=day)).isoformat(),
                    "venues": [
                        {"host": venue[0].pk, "teams": [t.pk for t in venue]}
                        for venue in (order[i : i + 4] for i in range(0, len(order), 4))
                    ],
                },
            )
        built.append(group)
    venues = Venue.objects.filter(match_day__group__league=league).select_related("tournament")
    cache = {}
    for venue in venues:
        _play_venue(venue, rounds, rng, cache)
    now = timezone.now()
    MatchReport.objects.bulk_create(
        MatchReport(
            venue=venue,
            status=MatchReport.Status.PUBLISHED,
            document={},
            seal="0" * 64,
            sealed_at=now,
            published_at=now,
        )
        for venue in venues
    )
    return built


def _play_venue(venue, rounds: int, rng, cache: dict) -> None:
    """Every series of the venue at tables of one player per team, all games valued."""
    tournament = venue.tournament
    scheme = tournament.scheme
    by_team = {}
    for participant in tournament.participants.order_by("start_number"):
        by_team.setdefault(participant.team_id, []).append(participant.pk)
    players = [ids for ids in by_team.values()]
    for series in tournament.series.order_by("number"):
        tables = Table.objects.bulk_create(
            Table(series=series, number=n, entry_mode=Table.EntryMode.GAMES) for n in range(1, 5)
        )
        seats, games, deals = [], [], []
        for index, table in enumerate(tables):
            at_table = [team[(index + series.number) % 4] for team in players]
            seats += [
                Seat(table=table, series=series, number=n, participant_id=pid)
                for n, pid in enumerate(at_table, start=1)
            ]
            table_rounds = plan_rounds(rounds, [Presence(n) for n in range(1, 5)])
            for number in range(1, game_count(table_rounds) + 1):
                deal = deal_of(number, table_rounds)
                games.append(
                    valued_game(table, deal, random_game(rng, deal.active), scheme, at_table, cache)
                )
                deals.append((deal, at_table))
        Seat.objects.bulk_create(seats)
        Game.objects.bulk_create(games, batch_size=2000)
        GamePoints.objects.bulk_create(
            (
                row
                for game, (deal, at_table) in zip(games, deals, strict=True)
                for row in game_points(game, deal, at_table, series)
            ),
            batch_size=5000,
        )
        series.status = series.Status.FINISHED
        series.drawn_at = timezone.now()
        series.save(update_fields=["status", "drawn_at"])

"""A club's season ranking (Jahreswertung): every series a player played in the year's
tournaments and club evenings of the club, each valued with its own tournament's
extra-points scheme, the best N counted; and the check of its parameters, which the
statistics share.

Built from the same parts as the rankings of one tournament (:mod:`.ranking`): the seats
with their players and their sums in one query, the rest in Python on those rows.
"""

from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext_noop

from tournaments.models import Club, Tournament
from tournaments.models.tournaments import ExtraPoints
from tournaments.skat import Problem

from .errors import Rejected
from .lists.settlement import AGGREGATES, ScoreColumns
from .ranking import frozen_row, full_name, score_key, seat_rows, sums_queries

YEARS = (1900, 2100)
MAX_SEASON_SERIES = 1000
# A season series, as rank_season keeps it: best first by total, then won, then fewer lost.
_SERIES_ORDER = itemgetter(0, 1, 2)


@dataclass(frozen=True)
class SeasonRankingRow(ScoreColumns):
    """A player's year at a club: the counted series summed (Jahreswertung)."""

    rank: int
    player: int
    name: str
    club: str
    tournaments: int
    series_played: int
    series_counted: int


def rank_season(
    club: Club, year: int, *, best: int | None = None, min_series: int | None = None
) -> list[SeasonRankingRow]:
    """The club's season ranking of ``year``: every tournament and club evening it organised.

    A player is a different participant in each tournament, so results are gathered per
    player. Each series is valued with its own tournament's extra-points scheme; of the
    player's series the ``best`` highest count (ties between series broken by more won,
    then fewer lost), all of them if ``best`` is None; players with fewer than
    ``min_series`` series are left out. Both default to the club's settings. One query:
    the seats with their players and sums (:func:`_seats_with_sums`).
    """
    problems = parameter_problems(year=year, best=best, min_series=min_series)
    if problems:
        raise Rejected(problems)
    best = club.season_best_series if best is None else best
    min_series = club.season_min_series if min_series is None else min_series
    schemes = {value: ExtraPoints(value).scheme for value in ExtraPoints.values}
    players: dict[int, dict] = {}
    # Plain tuples, a scheme per setting and the sums already beside each seat: a
    # championship's season is 6,000 seats, and this loop is most of the ranking's time
    # beyond the SQL. Each series becomes one tuple of plain numbers, its order (best
    # first) in front.
    for (
        _,
        _,
        tournament,
        extra_points,
        player_id,
        sort_name,
        first,
        last,
        club_name,
        game_points,
        won,
        lost,
        opponents_lost,
    ) in _seats_with_sums(club, year):
        player = players.get(player_id)
        if player is None:  # built once per player, not for each of their seats
            player = players[player_id] = {
                "sort_name": sort_name,
                "player": player_id,
                "name": full_name(first, last),
                "club": club_name or "",
                "tournaments": set(),
                "series": [],
            }
        player["tournaments"].add(tournament)
        bonus = schemes[extra_points].bonus_won_lost(won, lost)
        total = game_points + bonus + opponents_lost
        player["series"].append((-total, -won, lost, game_points, bonus, opponents_lost))
    # The order of sort_and_rank (ties by the German sort name, then the player's id),
    # with the score as one integer.
    keyed = []
    for player in players.values():
        played = len(player["series"])
        if played < min_series:
            continue
        counted = player["series"]
        if best is not None and played > best:
            # Stable, as before: series equal in total, won and lost keep the seat order.
            counted = sorted(counted, key=_SERIES_ORDER)[:best]
        game_points = minus_won = lost = bonus_won_lost = bonus_opponents_lost = 0
        for _, minus_won_one, lost_one, game_points_one, bonus, opponents_lost in counted:
            game_points += game_points_one
            minus_won += minus_won_one
            lost += lost_one
            bonus_won_lost += bonus
            bonus_opponents_lost += opponents_lost
        total = game_points + bonus_won_lost + bonus_opponents_lost
        row = {
            "player": player["player"],
            "name": player["name"],
            "club": player["club"],
            "tournaments": len(player["tournaments"]),
            "series_played": played,
            "series_counted": len(counted),
            "game_points": game_points,
            "won": -minus_won,
            "lost": lost,
            "bonus_won_lost": bonus_won_lost,
            "bonus_opponents_lost": bonus_opponents_lost,
            "total": total,
        }
        keyed.append((score_key(total, -minus_won, lost), player["sort_name"], row["player"], row))
    keyed.sort()
    ranked, previous, rank = [], None, 0
    for place, (score, _, _, row) in enumerate(keyed, 1):
        if score != previous:
            rank, previous = place, score
        row["rank"] = rank
        ranked.append(frozen_row(SeasonRankingRow, row))
    return ranked


def _seats_with_sums(club: Club, year: int) -> list[tuple]:
    """Every seat in the club's tournaments of ``year`` (:func:`.ranking.seat_rows`, with
    the player's id, stored German sort name, names and club), followed by the four sums
    of what its participant played in that series (:class:`.lists.settlement.Totals`:
    games entered and a list kept on paper added up, 0 where there is nothing yet); one
    query.

    The two GROUP BYs of the sums are joined to the seats by the database, each on
    (participant, series), which is unique within them: summing into Python dicts first
    and looking every seat up cost more than the join.
    """
    sql, template, sentinels = _season_sql(connection.vendor)
    actual = _tournaments_of(club.pk, year).query.sql_with_params()[1]
    by_sentinel = dict(zip(sentinels, actual, strict=True))
    with connection.cursor() as cursor:
        cursor.execute(sql, [by_sentinel[param] for param in template])
        return cursor.fetchall()


def _tournaments_of(club: int, year: int):
    return Tournament.objects.filter(club=club, date__year=year).values("id")


# A club id and a year that no real season has, standing in for the real ones in SQL built
# once (a year's dates are parameters that differ from the year itself).
_SENTINEL_CLUB, _SENTINEL_YEAR = 0, 1


@cache
def _season_sql(vendor: str) -> tuple[str, tuple, tuple]:
    """The SQL of :func:`_seats_with_sums` for the database ``vendor``, built once per
    process (three queries joined cost Django about 1.5 ms to build, a tenth of a small
    season): the SQL, its parameters as written for the stand-in club and year, and the
    parameters of that club's tournaments of that year (:func:`_tournaments_of`), which
    are the only ones it has."""
    tournaments = _tournaments_of(_SENTINEL_CLUB, _SENTINEL_YEAR)
    sentinels = tuple(tournaments.query.sql_with_params()[1])
    seats, seat_params = seat_rows(
        tournaments,
        "participant__player",
        "participant__player__sort_name",
        "participant__player__first_name",
        "participant__player__last_name",
        "participant__player__club__name",
        named=False,
    ).query.sql_with_params()
    # Grouped in the order of the (tournament, participant, series, …) index: an index
    # scan, where (participant, series) alone would sort all the rows first.
    keys = ("tournament", "participant", "series")
    games, paper = (
        query.query.sql_with_params() for query in sums_queries(Q(tournament__in=tournaments), keys)
    )
    sums = ", ".join(
        f"COALESCE(games.{column}, 0) + COALESCE(paper.{column}, 0)" for column in AGGREGATES
    )
    sql = (
        f"SELECT seat.*, {sums} FROM ({seats}) seat "
        f"LEFT JOIN ({games[0]}) games "
        "ON games.participant = seat.participant AND games.series = seat.series "
        f"LEFT JOIN ({paper[0]}) paper "
        "ON paper.participant = seat.participant AND paper.series = seat.series"
    )
    template = (*seat_params, *games[1], *paper[1])
    if len(set(sentinels)) != len(sentinels) or not set(template) <= set(sentinels):
        raise ValueError(f"the season's parameters are not its stand-ins: {template}")
    return sql, template, sentinels


def parameter_problems(**values) -> list[Problem]:
    """What is wrong with a ``year``, ``best`` or ``min_series`` (None: not given, except
    for the year of a season ranking).

    Public so that the API reports a non-number (``?best=x``) with the same message, and
    so that the statistics check their year the same way.
    """
    limits = {
        "year": (
            *YEARS,
            gettext_noop("The year must be a whole number from %(min)d to %(max)d."),
        ),
        "best": (
            1,
            MAX_SEASON_SERIES,
            gettext_noop(
                "The number of best series to count must be a whole number from %(min)d to "
                "%(max)d; leave it empty to use the club's setting."
            ),
        ),
        "min_series": (
            0,
            MAX_SEASON_SERIES,
            gettext_noop(
                "The minimum number of series must be a whole number from %(min)d to "
                "%(max)d; leave it empty to use the club's setting."
            ),
        ),
    }
    problems = []
    for field, value in values.items():
        low, high, message = limits[field]
        if value is None and field != "year":
            continue
        if not _is_int(value) or not low <= value <= high:
            problems.append(
                Problem(field, f"{field}_out_of_range", message, {"min": low, "max": high})
            )
    return problems


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

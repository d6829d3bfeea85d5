"""A club's season ranking (Jahreswertung): every series a player played in the year's
tournaments and club evenings of the club, each valued with its own tournament's
extra-points scheme, the best N counted; and the check of its parameters, which the
statistics share.

Built from the same parts as the rankings of one tournament (:mod:`.ranking`): the seats
with their players (kept under the roster stamps of the year's tournaments), the sums
in one query, the rest in Python on those rows.
"""

from dataclasses import dataclass, replace
from functools import cache
from operator import add, itemgetter

from django.db import connection
from django.db.models import OuterRef, Q, Subquery
from django.utils.translation import gettext_noop

from tournaments.models import Club, Player, Tournament, TournamentVersion
from tournaments.models.tournaments import ExtraPoints
from tournaments.skat import Problem

from .errors import Rejected
from .lists.settlement import ScoreColumns
from .public_names import published_name
from .ranking import frozen_row, full_name, score_key, seat_rows, sums_queries
from .roster_cache import kept

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
    ``min_series`` series are left out. Both default to the club's settings. Two queries
    (the tournaments with their roster stamps, and the sums) while the seats are kept,
    three when they are read (:func:`_seats_with_sums`).
    """
    problems = parameter_problems(year=year, best=best, min_series=min_series)
    if problems:
        raise Rejected(problems)
    best = club.season_best_series if best is None else best
    min_series = club.season_min_series if min_series is None else min_series
    schemes = {value: ExtraPoints(value).scheme for value in ExtraPoints.values}
    seats, extra_points_of = _seats_with_sums(club, year)
    players: dict[int, dict] = {}
    # Plain tuples, a scheme per setting and the sums already beside each seat: a
    # championship's season is 6,000 seats, and this loop is most of the ranking's time
    # beyond the SQL. Each series becomes one tuple of plain numbers, its order (best
    # first) in front.
    for (
        _,
        _,
        tournament,
        _kept_extra_points,  # as when the seats were read; the setting of now is used
        player_id,
        sort_name,
        first,
        last,
        club_name,
        game_points,
        won,
        lost,
        opponents_lost,
    ) in seats:
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
        bonus = schemes[extra_points_of[tournament]].bonus_won_lost(won, lost)
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


def named_publicly(rows: list[SeasonRankingRow]) -> list[SeasonRankingRow]:
    """``rows`` as an anonymous reader may see them (services/public_names.py), one query:
    a season spans tournaments, so a player who consented to no name has no start number
    to be named by and is left out."""
    players = Player.objects.filter(pk__in=[row.player for row in rows])
    names = {
        pk: published_name(first, last, consent)
        for pk, first, last, consent in players.values_list(
            "pk", "first_name", "last_name", "publication"
        )
    }
    return [replace(row, name=names[row.player]) for row in rows if names.get(row.player)]


def _seats_with_sums(club: Club, year: int) -> tuple[list[tuple], dict[int, str]]:
    """Every seat in the club's tournaments of ``year`` (:func:`.ranking.seat_rows`, with
    the player's id, stored German sort name, names and club), followed by the four sums
    of what its participant played in that series (:class:`.lists.settlement.Totals`:
    games entered and a list kept on paper added up, 0 where there is nothing yet); and
    each tournament's extra-points setting as it is now.

    The seats are who played and what they are called: they are kept per worker under
    the roster stamps of the year's tournaments (:mod:`.roster_cache`) and read again
    only when one of them changed or the year gained or lost a tournament. The sums are
    read every time, by the same ``GROUP BY`` as a ranking's floor, and joined to the
    seats here on (tournament, participant, series).
    """
    stamps_sql, seats_sql, sums_sql, template, sentinels = _season_sql(connection.vendor)
    actual = _tournaments_of(club.pk, year).query.sql_with_params()[1]
    params = [dict(zip(sentinels, actual, strict=True))[param] for param in template]
    with connection.cursor() as cursor:
        cursor.execute(stamps_sql, params[: len(sentinels)])
        tournaments = cursor.fetchall()

        def read_seats():
            cursor.execute(seats_sql, params[: len(sentinels)])
            return tuple(cursor.fetchall())

        stamps = tuple((tournament, stamp) for tournament, _, stamp in tournaments)
        if all(stamp for _, stamp in stamps):
            seats = kept(("season", club.pk, year, stamps), read_seats)
        else:  # a tournament without a counter yet: nothing to key by
            seats = read_seats()
        cursor.execute(sums_sql, params)
        grouped = cursor.fetchall()
    sums: dict[tuple[int, int], tuple] = {}
    for row in grouped:  # (tournament, participant, series, the four sums)
        key = (row[1], row[2])
        before = sums.get(key)
        sums[key] = row[3:] if before is None else tuple(map(add, before, row[3:]))
    get = sums.get
    rows = [seat + get((seat[0], seat[1]), _NOTHING) for seat in seats]
    return rows, {tournament: extra_points for tournament, extra_points, _ in tournaments}


_NOTHING = (0, 0, 0, 0)  # the sums of a seat whose series has no game yet


def _tournaments_of(club: int, year: int):
    return Tournament.objects.filter(club=club, date__year=year).values("id")


# A club id and a year that no real season has, standing in for the real ones in SQL built
# once (a year's dates are parameters that differ from the year itself).
_SENTINEL_CLUB, _SENTINEL_YEAR = 0, 1


@cache
def _season_sql(vendor: str) -> tuple[str, str, str, tuple, tuple]:
    """The SQL of :func:`_seats_with_sums` for the database ``vendor``, built once per
    process (the three queries cost Django about 1.5 ms to build, a tenth of a small
    season): the year's tournaments with their settings and roster stamps, the seats,
    the sums; the parameters of the sums as written for the stand-in club and year (the
    other two take the first ones of them), and the parameters of that club's tournaments
    of that year (:func:`_tournaments_of`), which are the only ones they have."""
    tournaments = _tournaments_of(_SENTINEL_CLUB, _SENTINEL_YEAR)
    sentinels = tuple(tournaments.query.sql_with_params()[1])
    stamp = TournamentVersion.objects.filter(tournament_id=OuterRef("pk")).values("roster")
    stamps = (
        Tournament.objects.filter(club=_SENTINEL_CLUB, date__year=_SENTINEL_YEAR)
        .annotate(stamp=Subquery(stamp[:1]))
        .order_by()
        .values_list("id", "extra_points", "stamp")
    )
    seats = seat_rows(
        tournaments,
        "participant__player",
        "participant__player__sort_name",
        "participant__player__first_name",
        "participant__player__last_name",
        "participant__player__club__name",
        named=False,
    )
    # Grouped in the order of the (tournament, participant, series, …) index: an index
    # scan, where (participant, series) alone would sort all the rows first.
    games, paper = sums_queries(
        Q(tournament__in=tournaments), ("tournament", "participant", "series")
    )
    built = [
        query.query.sql_with_params() for query in (stamps, seats, games.union(paper, all=True))
    ]
    for _sql, params in built[:2]:
        if tuple(params) != sentinels:
            raise ValueError(f"the season's parameters are not its stand-ins: {params}")
    template = tuple(built[2][1])
    if len(set(sentinels)) != len(sentinels) or not set(template) <= set(sentinels):
        raise ValueError(f"the season's parameters are not its stand-ins: {template}")
    return built[0][0], built[1][0], built[2][0], template, sentinels


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

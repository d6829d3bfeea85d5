"""Rankings (Rangliste) of a series and a tournament, with the tie rule of docs/rules.md 2,
and the parts every ranking is built from (the teams' ranking in :mod:`.team_ranking` and
the club's season ranking in :mod:`.season_ranking` too).

Every ranking takes a fixed number of queries whatever the number of games, players or
tournaments: the database sums the list points (one query: a GROUP BY over GamePoints
and one over SummaryEntry for lists kept on paper, joined by UNION ALL), one or two more
bring the players (and, for a tournament, the seats that say who played), kept per worker
under the tournament's roster stamp (:mod:`.roster_cache`) so that after a game only the
stamp is read, and what is left — each tournament's extra-points scheme, the best N
series, the places — is done in Python on those few rows. Rows are read with
``.values()`` or as tuples, because building thousands of model instances costs more
than the aggregates themselves (see ``manage.py bench ranking``), and the ranking rows
are made by :func:`frozen_row`, not by their dataclass's ``__init__``.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import NamedTuple

from django.db import connection
from django.db.models import Q

from tournaments.models import (
    GamePoints,
    Participant,
    Seat,
    Series,
    SummaryEntry,
    Tournament,
)
from tournaments.skat import ExtraPointsScheme
from tournaments.text import sort_key

from .lists.settlement import AGGREGATES, SUMMARY_AGGREGATES, ScoreColumns, Totals
from .public_names import PublicName, public_row_name, published_name
from .roster_cache import kept_people

_new = object.__new__
_set = object.__setattr__
NOT_PLAYED = Totals()  # the sums of someone who has not played yet


@dataclass(frozen=True)
class RankingRow(ScoreColumns):
    """A ranked player. ``name`` is the full name, for the people running the event; the
    public reads :attr:`public` (docs/privacy.md), made from ``published_name`` (what the
    player's consent lets the public read, "" for none; not compared)."""

    rank: int
    participant: int
    start_number: int
    name: str
    club: str
    team: str
    series_played: int
    published_name: str = field(default="", compare=False, repr=False)

    @property
    def public(self) -> PublicName:
        """The player as an anonymous visitor may see them."""
        return public_row_name(self)


def rank_series(series: Series, totals: dict | None = None) -> list[RankingRow]:
    """``totals`` (participant → :class:`Totals`) may be given when already summed, as
    :func:`series_totals` does for every series of a tournament at once."""
    sums, seated = _by_id_sql(connection.vendor, "series")
    # One seat per participant and series at most (a database constraint), so no
    # counting: everyone seated played this one series.
    persons = kept_people(
        series.tournament_id, ("series", series.pk), lambda: tuple(seated.run_alone(series.pk))
    )
    if totals is None:
        totals = _totals(sums.run_alone(series.pk), 1)
    return rank_people(persons, totals, series.tournament.scheme, played=1)


def series_totals(tournament: Tournament) -> dict[int, dict]:
    """Series id → participant → :class:`Totals`, summed in one pass over the tournament."""
    by_series: dict[int, dict] = {}
    for (participant, series), sums in participant_totals(
        Q(tournament=tournament), "participant", "series"
    ).items():
        by_series.setdefault(series, {})[participant] = sums
    return by_series


def rank_tournament(tournament: Tournament, totals: dict | None = None) -> list[RankingRow]:
    """Everyone who sat at a table of the tournament. ``totals`` as for :func:`rank_series`."""
    seated, played, _seats = seated_people(tournament)
    if totals is None:
        totals = tournament_totals(tournament.pk)
    return rank_people(seated, totals, tournament.scheme, played)


def seated_people(
    tournament: Tournament,
) -> tuple[tuple[tuple, ...], Mapping[int, int], tuple[tuple[int, int], ...]]:
    """The participants who sat at a table of the tournament, as :func:`people` gives
    them, how many series each played, and every seat as a (participant, series) pair;
    the roster stamp and two plain queries, or only the stamp while the roster has not
    changed since the last time (:mod:`.roster_cache`; what it gives must not be changed).

    The seats are counted here rather than in SQL: a count per participant (a subquery or
    a GROUP BY over a join) cost the database more than reading the 6,000 seats of a
    championship.
    """
    _sums, seat_pairs, everyone = _by_id_sql(connection.vendor, "tournament")

    def read():
        seats = tuple(seat_pairs.run_alone(tournament.pk))
        persons = everyone.run_alone(tournament.pk)
        played: dict[int, int] = {}
        for participant, _series in seats:
            played[participant] = played.get(participant, 0) + 1
        seated = tuple(person for person in persons if person[0] in played)
        return seated, MappingProxyType(played), seats

    return kept_people(tournament.pk, ("tournament",), read)


def tournament_totals(tournament_id: int) -> dict:
    """Participant → :class:`Totals` of one tournament, as ``participant_totals(
    Q(tournament=…), "participant")`` gives them, by the SQL built once per process."""
    return _totals(_by_id_sql(connection.vendor, "tournament")[0].run_alone(tournament_id), 1)


def score_key(total: int, won: int, lost: int) -> int:
    """A ranking's order as one integer that sorts ascending: total descending, then more
    games won, then fewer lost (docs/rules.md 2). Won and lost are counts of games, far
    below 2**24; one integer compares faster than a tuple when 4,000 rows are sorted."""
    return (-total << 48) - (won << 24) + lost


def sort_and_rank(rows: list[dict], order: Callable[[dict], object] | None = None) -> list[dict]:
    """Order by total, then more games won, then fewer lost; equal rows share a place.

    ``order`` only decides the display order of rows that share a place: by default the
    German alphabetical order of their names (:func:`tournaments.text.sort_key`, last name
    first where the row has it), then the start number.
    """
    order = order or _by_name
    rows.sort(key=lambda r: (-r["total"], -r["won"], r["lost"], order(r)))
    previous, rank = None, 0
    for position, row in enumerate(rows, start=1):
        key = (row["total"], row["won"], row["lost"])
        if key != previous:
            rank, previous = position, key
        row["rank"] = rank
    return rows


def participant_totals(scope: Q, *keys: str) -> dict:
    """The sums of games and paper lists within ``scope``, grouped by ``keys``, as
    :class:`Totals`.

    One query: the GROUP BY over the games and the one over the paper lists joined by
    UNION ALL (a participant may have both). With one key the dict is keyed by its value,
    otherwise by the tuple of values.
    """
    return _totals(_grouped_sums(scope, keys), len(keys))


def _grouped_sums(scope: Q, keys: tuple[str, ...]):
    """The query of :func:`participant_totals`: rows of ``keys`` and the four sums."""
    games, paper = sums_queries(scope, keys)
    return games.union(paper, all=True)


def sums_queries(scope: Q, keys: tuple[str, ...]):
    """The two GROUP BYs a ranking sums: over the games and over the paper lists within
    ``scope``, each as rows of ``keys`` and the four sums in the order of :class:`Totals`."""
    games = GamePoints.objects.filter(scope).values(*keys).annotate(**AGGREGATES)
    paper = SummaryEntry.objects.filter(scope).values(*keys).annotate(**SUMMARY_AGGREGATES)
    return (
        games.order_by().values_list(*keys, *AGGREGATES),
        paper.order_by().values_list(*keys, *SUMMARY_AGGREGATES),
    )


def _totals(grouped, width: int) -> dict:
    """Rows of ``width`` keys and the four sums, as :class:`Totals` per key (added up
    where a key has games and a paper list)."""
    totals: dict = {}
    make = Totals._make
    # Tuples rather than a dict per group: a championship's season has 6,000 groups. The
    # columns are NOT NULL, so every group's sums are numbers.
    for row in grouped:
        key = row[0] if width == 1 else row[:width]
        sums = make(row[width:])
        before = totals.get(key)
        totals[key] = sums if before is None else before + sums
    return totals


class _OneIdSql(NamedTuple):
    """A query's SQL whose every parameter is one and the same id, and how many there are."""

    sql: str
    count: int

    def run(self, cursor, pk: int) -> list[tuple]:
        cursor.execute(self.sql, [pk] * self.count)
        return cursor.fetchall()

    def run_alone(self, pk: int) -> list[tuple]:
        """:meth:`run` with a cursor of its own."""
        with connection.cursor() as cursor:
            return self.run(cursor, pk)


@cache
def _by_id_sql(vendor: str, scope: str) -> tuple[_OneIdSql, ...]:
    """The SQL of a ranking's queries for one series or one tournament (``scope``) on the
    database ``vendor``, built once per process:

    - ``"series"``: the sums (``participant_totals(Q(series=…), "participant")``) and the
      people seated in it (:func:`people`);
    - ``"tournament"``: its sums, its seats as (participant, series) pairs and its
      participants (:func:`people`).

    Building them costs Django about 0.5 ms a query (two GROUP BYs joined by UNION ALL, a
    join of four tables), a tenth of a 500-player series ranking, and these rankings are
    what the live pages ask for most. Built with id 0 and checked that 0 is their only
    parameter, so that the id can stand in for each of them.
    """
    if scope == "series":
        queries = (
            _grouped_sums(Q(series=0), ("participant",)),
            people(Participant.objects.filter(seats__series=0)),
        )
    else:
        queries = (
            _grouped_sums(Q(tournament=0), ("participant",)),
            Seat.objects.filter(series__tournament=0)
            .order_by()
            .values_list("participant", "series"),
            people(Participant.objects.filter(tournament=0)),
        )
    built = []
    for query in queries:
        sql, params = query.query.sql_with_params()
        if any(param != 0 for param in params):
            raise ValueError(f"not a query of one id: {params}")
        built.append(_OneIdSql(sql, len(params)))
    return tuple(built)


def frozen_row(cls, values: dict):
    """An instance of the frozen dataclass ``cls`` holding ``values`` (exactly its fields),
    made without its ``__init__``.

    A frozen dataclass sets each field through ``object.__setattr__``; a ranking of 2,000
    rows spent a quarter of its Python time there. The instance is the same (equal, same
    hash and repr) as ``cls(**values)``; ``values`` becomes its ``__dict__``, so it must be
    the row's own, built for it.
    """
    row = _new(cls)
    _set(row, "__dict__", values)
    return row


def seat_rows(tournaments, *fields: str, named: bool = True):
    """Every seat in ``tournaments`` as a row of its participant, its series, the series'
    tournament and that tournament's extra points, plus ``fields``: what rankings and
    statistics over several tournaments need to value each series with its own scheme.

    Rows are dicts, or tuples in that order when not ``named``.
    """
    columns = ("participant", "series", "series__tournament", "series__tournament__extra_points")
    seats = Seat.objects.filter(series__tournament__in=tournaments).order_by()
    return seats.values(*columns, *fields) if named else seats.values_list(*columns, *fields)


def _by_name(row: dict):
    """Players sharing a place, as a German reader looks for them: by last name."""
    name = row.get("sort_name") or sort_key(row["name"])
    return (name, row.get("start_number", 0))


def full_name(first_name: str, last_name: str) -> str:
    """As :attr:`Player.full_name`, for rows read with ``.values()``."""
    return f"{first_name} {last_name}"


# What :func:`people` reads of a participant, in this order.
PERSON = (
    "id",
    "start_number",
    "player__sort_name",
    "player__first_name",
    "player__last_name",
    "player__club__name",
    "team__name",
    "player__publication",
)


def people(players):
    """The participants of ``players`` as a ranking shows them: a query of plain tuples
    in the order of :data:`PERSON` (participant, start number, the player's stored German
    sort name, first and last name, club and team or ``None``, the consent to publication),
    as the database driver gives them. A championship ranks 4,000 people, and a dict or a
    named tuple per person cost more than the ranking's own arithmetic."""
    return players.values_list(*PERSON).order_by()


def rank_people(
    persons: list[tuple], totals: dict, scheme: ExtraPointsScheme, played: Mapping[int, int] | int
) -> list[RankingRow]:
    """Rank ``persons`` (rows of :func:`people`) by their ``totals`` (participant →
    :class:`Totals`); no query. ``series_played`` is ``played[participant]``, or
    ``played`` itself when it is a number.

    The order of :func:`sort_and_rank` (for these rows the stored sort name, then the
    start number), with each row's sums computed once. Each person's row values are made
    in one pass, behind a short tuple that sorts as it stands: its score as one integer
    (:func:`score_key`), the sort name and start number, then its position, so that two
    tuples never compare further; after the sort each gets its place and becomes its row
    as :func:`frozen_row` makes it, inline. (The rows' memory is read once: a ranking
    right after its queries finds little of it in the processor's caches.)
    """
    bonus_won_lost = scheme.bonus_won_lost
    get = totals.get
    each = played if isinstance(played, int) else None
    keyed = []
    append = keyed.append
    for position, person in enumerate(persons):
        participant, start_number, sort_name, first_name, last_name, club, team, consent = person
        game_points, won, lost, opponents_lost = get(participant, NOT_PLAYED)
        bonus = bonus_won_lost(won, lost)
        total = game_points + bonus + opponents_lost
        values = {
            "game_points": game_points,
            "won": won,
            "lost": lost,
            "bonus_won_lost": bonus,
            "bonus_opponents_lost": opponents_lost,
            "total": total,
            "rank": 0,  # known after the sort
            "participant": participant,
            "start_number": start_number,
            "name": f"{first_name} {last_name}",
            "club": club or "",
            "team": team or "",
            "series_played": each if each is not None else played[participant],
            "published_name": published_name(first_name, last_name, consent),
        }
        append((score_key(total, won, lost), sort_name, start_number, position, values))
    keyed.sort()
    rows, previous, rank = [], None, 0
    append = rows.append
    for place, (score, _, _, _, values) in enumerate(keyed, 1):
        if score != previous:
            rank, previous = place, score
        values["rank"] = rank
        made = _new(RankingRow)
        _set(made, "__dict__", values)
        append(made)
    return rows

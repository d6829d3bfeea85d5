"""League scoring (Ligaspielbetrieb, docs/rules.md 6): team points, the league table, the
individual league ranking and the promotion and relegation marks.

Pure Python. The services read the game points of each team and series from the database
and hand them here; every number a league page, file or API answer shows comes from these
functions.

- **Team points** (Wertungspunkte) per series: within the teams playing together, a team
  gets one point for every team with fewer game points; teams with equal game points share
  the points at stake (two teams tied for first of four get 2.5 each). A team that did not
  turn up counts as last in every series: it gets nothing, and every team present gets the
  point for it. Team points are :class:`~decimal.Decimal` multiples of ½, exact. ISPA
  leagues count on a scale of 6 per series, twice the DSkV scale: 2 points for every team
  beaten (:func:`points_per_team_beaten`).
- **League table**: team points, then game points, then the result of the last match day
  (its team points, then its game points), then the place is shared.
- **Individual ranking**: average list points per game played, players with fewer games
  than the league's minimum listed apart.
- **Marks**: the first places of a group are marked for promotion, the last for
  relegation; a shared place across the line is marked for everyone sharing it. Teams are
  never moved by the software.
"""

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

ZERO = Decimal(0)
HALF = Decimal("0.5")
AVERAGE_PLACES = Decimal("0.01")


class Scheme(StrEnum):
    """Whose rules a league plays: the DSkV's (teams of four, one point for each team
    beaten) or ISPA's (teams of six or eight, a scale of 6 per series)."""

    DSKV = "dskv"
    ISPA = "ispa"


POINTS_PER_TEAM_BEATEN = {Scheme.DSKV: 1, Scheme.ISPA: 2}
PLAYERS_PER_TEAM = {Scheme.DSKV: (4,), Scheme.ISPA: (6, 8)}


def points_per_team_beaten(scheme: str) -> int:
    """The team points a team gets in a series for every team with fewer game points."""
    return POINTS_PER_TEAM_BEATEN[Scheme(scheme)]


class Mark(StrEnum):
    """What a place in the league table means for next season."""

    PROMOTION = "promotion"  # Aufstieg
    RELEGATION = "relegation"  # Abstieg


def team_points(
    game_points: Mapping[Hashable, int],
    absent: Iterable[Hashable] = (),
    *,
    per_team_beaten: int = 1,
) -> dict:
    """The team points of one series for every team of ``game_points`` and ``absent``.

    ``game_points`` maps each team present to its game points in the series; ``absent``
    names the teams that did not turn up. A present team gets 1 for every team with fewer
    game points and ½ for every other team with equal game points, plus 1 for every absent
    team; an absent team gets 0. With n teams of which at most one is absent the points sum
    to n(n−1)/2. ``per_team_beaten`` scales all of it (ISPA: 2).
    """
    absent = [team for team in absent if team not in game_points]
    values = sorted(game_points.values())
    result = {}
    for team, points in game_points.items():
        below = _count_below(values, points)
        equal = _count_below(values, points, inclusive=True) - below - 1
        result[team] = (Decimal(below + len(absent)) + HALF * equal) * per_team_beaten
    for team in absent:
        result[team] = ZERO
    return result


def _count_below(values: Sequence[int], value: int, *, inclusive: bool = False) -> int:
    """How many of the sorted ``values`` are below ``value`` (or at most ``value``)."""
    low, high = 0, len(values)
    while low < high:
        middle = (low + high) // 2
        if values[middle] < value or (inclusive and values[middle] == value):
            low = middle + 1
        else:
            high = middle
    return low


@dataclass(frozen=True)
class SeriesScore:
    """One team in one series at one venue: its game points and the team points they earned."""

    team: Hashable
    game_points: int
    team_points: Decimal


def score_series(
    game_points: Mapping[Hashable, int],
    absent: Iterable[Hashable] = (),
    *,
    per_team_beaten: int = 1,
):
    """:func:`team_points` with the game points beside them, absent teams with 0 of both."""
    absent = list(absent)
    points = team_points(game_points, absent, per_team_beaten=per_team_beaten)
    return [
        SeriesScore(team, game_points.get(team, 0), points[team])
        for team in [*game_points, *[team for team in absent if team not in game_points]]
    ]


@dataclass(frozen=True)
class TeamRecord:
    """A team's season so far: the sums over its series, and its last match day's result.

    ``sort_name`` only orders teams that share a place (the German order of their names).
    """

    team: Hashable
    name: str
    team_points: Decimal = ZERO
    game_points: int = 0
    last_day_team_points: Decimal = ZERO
    last_day_game_points: int = 0
    sort_name: str = ""

    def key(self) -> tuple:
        """Better records have smaller keys; equal keys share a place."""
        return (
            -self.team_points,
            -self.game_points,
            -self.last_day_team_points,
            -self.last_day_game_points,
        )


@dataclass(frozen=True)
class TableRow:
    """A row of the league table (Tabelle): the place, the team's record and its mark."""

    place: int
    record: TeamRecord
    mark: Mark | None = None


def rank_table(
    records: Iterable[TeamRecord], *, promotion_places: int = 0, relegation_places: int = 0
) -> list[TableRow]:
    """The league table: by team points, game points, the last match day's team points and
    game points; records equal in all four share the place (listed by name).

    The first ``promotion_places`` places are marked for promotion, the last
    ``relegation_places`` for relegation. A shared place that reaches across the line is
    marked for every team sharing it: the group leader decides, the software never moves
    a team.
    """
    ordered = sorted(records, key=lambda record: (record.key(), record.sort_name, record.name))
    places = _places(ordered, lambda record: record.key())
    count = len(ordered)
    last_of = _last_positions(places)
    rows = []
    for record, place in zip(ordered, places, strict=True):
        mark = None
        if promotion_places and place <= promotion_places:
            mark = Mark.PROMOTION
        elif relegation_places and last_of[place] > count - relegation_places:
            mark = Mark.RELEGATION
        rows.append(TableRow(place, record, mark))
    return rows


def _places(ordered: Sequence, key: Callable) -> list[int]:
    """The place of each item of ``ordered``: its position, or the first position of the
    run of items with the same key (a shared place)."""
    places, previous, place = [], object(), 0
    for position, item in enumerate(ordered, start=1):
        current = key(item)
        if current != previous:
            place, previous = position, current
        places.append(place)
    return places


def _last_positions(places: Sequence[int]) -> dict[int, int]:
    """For each place, the last position that shares it."""
    last = {}
    for position, place in enumerate(places, start=1):
        last[place] = position
    return last


@dataclass(frozen=True)
class PlayerRecord:
    """A player's league season: games played (as declarer or opponent, not sitting out as
    dealer) and the list points of those series (docs/rules.md 2)."""

    player: Hashable
    name: str
    team: str
    games: int
    list_points: int
    sort_name: str = ""

    @property
    def average(self) -> Fraction:
        """List points per game played, exact (0 without a game)."""
        return Fraction(self.list_points, self.games) if self.games else Fraction(0)


@dataclass(frozen=True)
class PlayerRow:
    """A row of the individual ranking; ``place`` is None for a player below the minimum."""

    place: int | None
    record: PlayerRecord
    ranked: bool

    @property
    def average(self) -> Decimal:
        """The average rounded half up to two decimals, as it is printed."""
        return average_text(self.record.average)


def average_text(value: Fraction) -> Decimal:
    """An exact average as a decimal with two places (rounded half up)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(AVERAGE_PLACES, rounding=ROUND_HALF_UP)


def rank_players(records: Iterable[PlayerRecord], *, min_games: int = 0) -> list[PlayerRow]:
    """The individual league ranking: by average list points per game, exact; equal
    averages share the place (listed by name). Players with fewer than ``min_games``
    games follow, unranked, in the same order. Players without a game are left out.
    """
    played = [record for record in records if record.games > 0]

    def order(record: PlayerRecord):
        return (-record.average, record.sort_name, record.name)

    ranked = sorted((r for r in played if r.games >= min_games), key=order)
    below = sorted((r for r in played if r.games < min_games), key=order)
    places = _places(ranked, lambda record: record.average)
    rows = [PlayerRow(place, record, True) for record, place in zip(ranked, places, strict=True)]
    return rows + [PlayerRow(None, record, False) for record in below]


def points_text(value: Decimal) -> str:
    """Team points as the API and the pages write them: ``"3"``, ``"2.5"``."""
    return str(value.quantize(HALF) if value % 1 else value.quantize(Decimal(1)))

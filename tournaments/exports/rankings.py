"""The ranking data every ranking export prints, read through the ranking service.

The PDF, XLSX and CSV files of a tournament ranking show one column per series next to
the tournament total. The rows, places and totals are :func:`ranking.rank_tournament`'s
and each series' :func:`ranking.rank_series`'s, all fed from one pass over the game
points (the sums per participant and series, added up for the tournament); the series
columns value those sums with the tournament's extra-points scheme (``Totals.total``,
exactly as ``rank_series`` values them). The queries do not grow with the players.

Each ranking export is declared once as a list of :class:`~.columns.Column` (below) and
paired with its rows once as a :class:`Sheet`; the spreadsheets, the CSV files and the PDFs
render those sheets.
"""

from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from django.utils.translation import gettext

from tournaments.models import Club, Series, Tournament
from tournaments.services import ranking, season_ranking, team_ranking
from tournaments.services.lists.settlement import Totals
from tournaments.services.public_names import reader_is_public, shown_club, shown_name
from tournaments.services.ranking import RankingRow

from .columns import INTEGER, NUMBER, PLACE, SIGNED, TEXT, Column


@dataclass(frozen=True)
class TournamentRanking:
    """The tournament's ranking rows and, per participant, the total of each series played.

    ``series_totals[participant][series_id]`` is missing for a series the participant did
    not sit in, so the exports leave that cell empty instead of printing a 0.
    """

    tournament: Tournament
    series: list[Series]
    rows: list[RankingRow]
    series_totals: dict[int, dict[int, int]]
    sums: dict[int, dict[int, Totals]]
    people: list[tuple]  # everyone ranked, as ranking.people reads them

    def series_total(self, participant: int, series: Series) -> int | None:
        return self.series_totals.get(participant, {}).get(series.id)

    def series_rows(self, series: Series) -> list[RankingRow]:
        """The series' own ranking, as ``rank_series`` gives it, from the sums and the
        participants already read: no query."""
        seated = {p for p, totals in self.series_totals.items() if series.id in totals}
        persons = [person for person in self.people if person[0] in seated]
        sums = self.sums.get(series.id, {})
        return ranking.rank_people(persons, sums, self.tournament.scheme, played=1)


def tournament_ranking(tournament: Tournament) -> TournamentRanking:
    """Every number from one pass over the game points: the sums per participant and
    series, added up for the tournament (a championship's game points are 288,000 rows)."""
    series = series_of(tournament)
    sums = ranking.series_totals(tournament)
    totals: dict[int, Totals] = {}
    for by_participant in sums.values():
        for participant, one in by_participant.items():
            before = totals.get(participant)
            totals[participant] = one if before is None else before + one
    people, played, seats = ranking.seated_people(tournament)
    rows = ranking.rank_people(people, totals, tournament.scheme, played)
    scheme = tournament.scheme
    series_totals: dict[int, dict[int, int]] = {}
    for participant, series_id in seats:
        one = sums.get(series_id, {}).get(participant, Totals())
        series_totals.setdefault(participant, {})[series_id] = one.total(scheme)
    return TournamentRanking(tournament, series, rows, series_totals, sums, people)


def series_of(tournament: Tournament) -> list[Series]:
    """The tournament's series in order, each knowing its tournament (no query per series)."""
    series = list(tournament.series.order_by("number"))
    for one in series:
        one.tournament = tournament
    return series


# --- Column specifications ----------------------------------------------------------------
# Each ranking export is one of these lists; the XLSX, CSV and PDF writers render it.


def _place() -> Column:
    return Column(gettext("Place"), attrgetter("rank"), PLACE, 6, pdf_width=6, bold=True)


def _start_number() -> Column:
    return Column(
        gettext("Start number"), attrgetter("start_number"), INTEGER, 8, 5, short=gettext("No.")
    )


def _name(pdf_width=24) -> Column:
    """The player's name as the reader may see it (services/public_names.py)."""
    return Column(gettext("Name"), shown_name, TEXT, 22, pdf_width, align="LEFT")


def _club() -> Column:
    return Column(gettext("Club"), shown_club, TEXT, 18, 18, align="LEFT")


SETTLEMENT_ON_PAPER = {
    "game_points": 11,
    "won": 10,
    "lost": 10,
    "bonus_won_lost": 7,
    "bonus_opponents_lost": 7,
    "total": 9,
}


def _settlement(*, on_paper=SETTLEMENT_ON_PAPER) -> list[Column]:
    """Game points, won, lost, the two bonus columns and the total (the SkWO settlement).

    ``on_paper`` gives each printed column its share of the page; the others are only in
    the spreadsheets.
    """
    fields = [
        ("game_points", gettext("Game points"), NUMBER),
        ("won", gettext("Won"), NUMBER),
        ("lost", gettext("Lost"), NUMBER),
        ("bonus_won_lost", "±50", SIGNED),
        ("bonus_opponents_lost", "30/40", NUMBER),
        ("total", gettext("Total"), NUMBER),
    ]
    return [
        Column(
            header,
            attrgetter(name),
            kind,
            pdf_width=on_paper.get(name),
            bold=name == "total",
        )
        for name, header, kind in fields
    ]


def series_columns() -> list[Column]:
    """A series ranking: rows of :func:`ranking.rank_series`."""
    team = Column(gettext("Team"), attrgetter("team"), TEXT, 14)
    return [_place(), _start_number(), _name(), _club(), team, *_settlement()]


def tournament_columns(data: TournamentRanking) -> list[Column]:
    """The tournament ranking: a column per series; on paper without the bonus details."""
    series = [
        Column(
            series_label(one),
            lambda row, one=one: data.series_total(row.participant, one),
            NUMBER,
            pdf_width=8,
        )
        for one in data.series
    ]
    team = Column(gettext("Team"), attrgetter("team"), TEXT, 14)
    settlement = _settlement(on_paper={"won": 10, "lost": 10, "total": 9})
    return [_place(), _start_number(), _name(), _club(), team, *series, *settlement]


def season_columns() -> list[Column]:
    """A club's season ranking: rows of :func:`season_ranking.rank_season`."""
    settlement = _settlement(on_paper={"won": 10, "lost": 10, "total": 9})
    return [
        _place(),
        _name(pdf_width=22),
        _club(),
        Column(gettext("Tournaments"), attrgetter("tournaments"), NUMBER, pdf_width=9),
        Column(gettext("Series played"), attrgetter("series_played"), NUMBER, pdf_width=9),
        Column(gettext("Counted"), attrgetter("series_counted"), NUMBER, pdf_width=8),
        *settlement,
    ]


@dataclass(frozen=True)
class TeamLine:
    """A line of the team ranking: a team, or (``member``) one of its players below it."""

    rank: int | None
    start_number: int | None
    name: str
    club: str
    game_points: int | None
    won: int
    lost: int
    total: int
    member: bool = False


def team_lines(tournament: Tournament) -> list[TeamLine]:
    """Each team of :func:`ranking.rank_teams`, followed by its members, best first."""
    lines = []
    for row in team_ranking.rank_teams(tournament):
        lines.append(
            TeamLine(
                row.rank, None, row.name, row.club, row.game_points, row.won, row.lost, row.total
            )
        )
        lines += [
            TeamLine(
                None, m.start_number, f"   {shown_name(m)}", "", None, m.won, m.lost, m.total, True
            )
            for m in row.members
        ]
    return lines


def team_columns() -> list[Column]:
    game_points, won, lost, _bonus, _credits, total = _settlement()
    team = Column(gettext("Team"), attrgetter("name"), TEXT, 22, 30, align="LEFT", bold=True)
    return [_place(), _start_number(), team, _club(), game_points, won, lost, total]


def series_label(series: Series) -> str:
    return gettext("Series %(number)d") % {"number": series.number}


class Sheet(NamedTuple):
    """A ranking as every file lays it out: its columns, its rows, and the title it has in
    every format (empty where each format writes its own)."""

    columns: list[Column]
    rows: list
    title: str = ""


def series_sheet(series: Series, rows: list[RankingRow] | None = None) -> Sheet:
    """A series' ranking; ``rows`` where they are at hand (``TournamentRanking.series_rows``)."""
    return Sheet(series_columns(), ranking.rank_series(series) if rows is None else rows)


def tournament_sheet(data: TournamentRanking) -> Sheet:
    return Sheet(tournament_columns(data), data.rows)


def team_sheet(tournament: Tournament) -> Sheet:
    title = f"{gettext('Team ranking')} – {tournament.name}"
    return Sheet(team_columns(), team_lines(tournament), title)


def season_sheet(
    club: Club, year: int, *, best: int | None = None, min_series: int | None = None
) -> Sheet:
    """A club's season ranking (Jahreswertung); the service refuses a bad year or count."""
    rows = season_ranking.rank_season(club, year, best=best, min_series=min_series)
    if reader_is_public():
        rows = season_ranking.named_publicly(rows)
    title = gettext("Season ranking %(year)d – %(club)s") % {"year": year, "club": club.name}
    return Sheet(season_columns(), rows, title)

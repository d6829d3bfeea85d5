"""How a match day is going at every venue, for the group leader's live page: each series'
progress, the lists still open or unsigned, and each venue's match report.

One pass over the tables of all venues (``table_overviews``, a fixed number of queries),
so the page costs the same at two venues or at five.
"""

from dataclasses import dataclass, field

from league.models import MatchDay, MatchReport, Venue
from tournaments.models import Table
from tournaments.services.lists.overview import table_overviews

from . import reports


@dataclass(frozen=True)
class OpenList:
    """A list that keeps the venue from finishing: games missing or signatures missing."""

    series: int
    table: int
    table_id: int
    entered: int
    planned: int
    status: str
    complete: bool


@dataclass
class SeriesProgress:
    number: int
    status: str
    drawn: bool
    tables: int = 0
    closed: int = 0  # signed or locked lists
    entered: int = 0
    planned: int = 0

    @property
    def percent(self) -> int:
        return round(100 * self.entered / self.planned) if self.planned else 0


@dataclass
class VenueProgress:
    venue: Venue
    teams: list[tuple[str, bool]]  # (name, did not come)
    series: list[SeriesProgress] = field(default_factory=list)
    open_lists: list[OpenList] = field(default_factory=list)
    report: MatchReport | None = None
    report_state: str = ""


def match_day_progress(match_day: MatchDay) -> list[VenueProgress]:
    venues = list(
        match_day.venues.select_related("tournament", "host")
        .prefetch_related("venue_teams__team", "tournament__series")
        .order_by("number")
    )
    reports_by_venue = {
        report.venue_id: report
        for report in MatchReport.objects.filter(venue__in=venues).select_related(
            "venue__match_day__group__league"
        )
    }
    tables = list(
        Table.objects.filter(series__tournament__in=[v.tournament_id for v in venues])
        .select_related("series__tournament")
        .order_by("series__number", "number")
    )
    overviews = table_overviews(tables)
    result = []
    for venue in venues:
        progress = VenueProgress(
            venue,
            sorted(
                ((entry.team.name, entry.no_show) for entry in venue.venue_teams.all()),
                key=lambda team: team[0],
            ),
        )
        by_number = {}
        for series in sorted(venue.tournament.series.all(), key=lambda s: s.number):
            by_number[series.pk] = SeriesProgress(
                series.number, series.status, series.drawn_at is not None
            )
        for table, overview in zip(tables, overviews, strict=True):
            one = by_number.get(table.series_id)
            if one is None:
                continue
            one.tables += 1
            one.entered += min(overview["games_entered"], overview["games_planned"])
            one.planned += overview["games_planned"]
            if table.status != Table.Status.OPEN:
                one.closed += 1
            else:
                progress.open_lists.append(
                    OpenList(
                        one.number,
                        table.number,
                        table.pk,
                        overview["games_entered"],
                        overview["games_planned"],
                        table.status,
                        overview["games_entered"] >= overview["games_planned"] > 0,
                    )
                )
        progress.series = list(by_number.values())
        progress.report = reports_by_venue.get(venue.pk)
        if progress.report is not None:
            progress.report_state = reports.state_label(reports.state_of(progress.report))
        result.append(progress)
    return result

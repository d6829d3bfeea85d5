"""A team's season for its page: its roster, its result at each venue per series, the lists
it played, and its players' averages (from the group's individual ranking)."""

from dataclasses import dataclass
from decimal import Decimal

from league.models import LeagueTeam, MatchReport, ReportSignature, RosterEntry, Venue
from tournaments.models import Seat

from . import results


@dataclass(frozen=True)
class VenueLine:
    """The team at one venue: per series (number, game points, team points, missed: a late
    team's series before it joined, or all of a team that did not turn up) and the sums."""

    match_day: int
    date: object
    venue: Venue
    host: str
    published: bool
    no_show: bool
    series: list[tuple[int, int, Decimal, bool]]  # … and whether the team missed it
    game_points: int
    team_points: Decimal
    lists: list[tuple[int, int, int]]  # (series, table number, table id) the team played at
    report: MatchReport | None = None  # once the host sent it
    signed: bool = False  # the team's captain signed the report

    @property
    def missed_series(self) -> bool:
        return any(missed for *_, missed in self.series)


@dataclass(frozen=True)
class TeamSeason:
    team: LeagueTeam
    roster: list[RosterEntry]
    venues: list[VenueLine]
    players: list  # rows of results.player_ranking for this team's players


def team_season(team: LeagueTeam, *, published_only: bool = True) -> TeamSeason:
    roster = list(team.roster.select_related("player").order_by("position"))
    venues = Venue.objects.filter(venue_teams__team=team).select_related(
        "match_day__group__league", "tournament", "host"
    )
    if published_only:
        venues = venues.filter(report__status=MatchReport.Status.PUBLISHED).select_related("report")
    venues = list(venues.order_by("match_day__number"))
    sent = {report.venue_id: report for report in MatchReport.objects.filter(venue__in=venues)}
    published = {
        venue for venue, report in sent.items() if report.status == MatchReport.Status.PUBLISHED
    }
    signed = set(
        ReportSignature.objects.filter(report__venue__in=venues, team=team).values_list(
            "report__venue", flat=True
        )
    )
    # The public sees a venue as its report was last published (a correction since waits
    # for publishing again, RULES 6.1); the leader and the captain see it as it stands.
    by_venue = (
        results.published_results(venues) if published_only else results.venue_results(venues)
    )
    tables = {}
    for tournament, series, number, table in (
        Seat.objects.filter(
            series__tournament__in=[venue.tournament_id for venue in venues],
            participant__team__league_entry__team=team,
        )
        .values_list("series__tournament", "series__number", "table__number", "table")
        .distinct()
        .order_by("series__number", "table__number")
    ):
        tables.setdefault(tournament, []).append((series, number, table))
    lines = []
    for venue in venues:
        result = by_venue[venue.pk]
        mine = result.of(team.pk)
        series = [
            (one.number, score.game_points, score.team_points, score.no_show)
            for one in result.series
            for score in one.teams
            if score.team == team.pk
        ]
        lines.append(
            VenueLine(
                match_day=venue.match_day.number,
                date=venue.match_day.date,
                venue=venue,
                host=venue.title,
                published=venue.pk in published,
                no_show=mine.no_show if mine else False,
                series=series,
                game_points=mine.game_points if mine else 0,
                team_points=mine.team_points if mine else Decimal(0),
                lists=tables.get(venue.tournament_id, []),
                report=sent.get(venue.pk),
                signed=venue.pk in signed,
            )
        )
    players = {entry.player_id for entry in roster}
    ranking = results.player_ranking(team.group, published_only=published_only)
    return TeamSeason(team, roster, lines, [row for row in ranking if row.record.player in players])

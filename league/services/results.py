"""Results of a venue, the league table of a group and the individual league ranking.

Every number comes from :mod:`tournaments.skat.league`; this module reads the sums it
needs in a fixed number of queries whatever the number of venues, teams and games: the
game points of each tournament team and series are one ``GROUP BY`` over the list points
(and one over paper lists, in the same query), exactly as the tournament rankings read them
(:func:`tournaments.services.ranking.participant_totals`). A team's game points in a
series are its players' series totals (docs/rules.md 2 and 6).

Which venues count: the public sees the venues whose match report is published; a group
leader (``published_only=False``) sees every venue as it stands. Within a venue a series
counts once it has tables (it was drawn).
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q

from league.models import LeagueGroup, LeagueTeam, MatchReport, Venue, VenueTeam
from tournaments.models import GamePoints, Series, SummaryEntry
from tournaments.models.tournaments import ExtraPoints
from tournaments.services.public_names import named_publicly, published_name
from tournaments.services.ranking import participant_totals
from tournaments.skat.league import (
    ZERO,
    Mark,
    PlayerRecord,
    PlayerRow,
    Scheme,
    TableRow,
    TeamRecord,
    points_per_team_beaten,
    rank_players,
    rank_table,
    score_series,
)
from tournaments.text import name_sort_key, sort_key


def points_pair(won: Decimal, lost: Decimal) -> str:
    """Team points won and lost as published tables print them: "07:02", with a shared
    half "02,5:00,5" (docs/rules.md 6.1)."""
    return f"{_two_digits(won)}:{_two_digits(lost)}"


def _two_digits(value: Decimal) -> str:
    whole, part = divmod(value, 1)
    return f"{int(whole):02d}" + (",5" if part else "")


# --- A venue ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamScore:
    """A team's game points and team points, in one series or summed over several."""

    team: int
    name: str
    game_points: int
    team_points: Decimal
    no_show: bool = False
    team_points_against: Decimal = ZERO  # the points at stake the team did not win


@dataclass(frozen=True)
class SeriesResult:
    number: int
    teams: list[TeamScore]


@dataclass(frozen=True)
class VenueResult:
    """A venue's result: each series counted, and each team's sums, best first."""

    venue: Venue
    series: list[SeriesResult]
    teams: list[TeamScore]

    def of(self, team: int) -> TeamScore | None:
        return next((row for row in self.teams if row.team == team), None)

    @property
    def has_missed_series(self) -> bool:
        """Whether a team missed a series (shown "–", never as 0 points)."""
        return any(score.no_show for one in self.series for score in one.teams)


def venue_result(venue: Venue) -> VenueResult:
    return venue_results([venue])[venue.pk]


def venue_results(venues) -> dict[int, VenueResult]:
    """The result of each of ``venues`` (with their tournaments loaded); five queries."""
    venues = list(venues)
    if not venues:
        return {}
    entries = defaultdict(list)
    for entry in (
        VenueTeam.objects.filter(venue__in=venues)
        .order_by("team__name", "team_id")
        .values(
            "venue",
            "team",
            "team__name",
            "tournament_team",
            "no_show",
            "from_series",
            "venue__match_day__group__league__scheme",
        )
    ):
        entries[entry["venue"]].append(entry)
    tournaments = {venue.tournament_id: venue for venue in venues}
    series = defaultdict(list)
    for row in (
        Series.objects.filter(tournament__in=tournaments, tables__isnull=False)
        .distinct()
        .order_by("number")
        .values("id", "tournament", "number")
    ):
        series[row["tournament"]].append(row)
    sums = participant_totals(Q(tournament__in=tournaments), "series", "participant__team")
    schemes = {
        venue.tournament_id: ExtraPoints(venue.tournament.extra_points).scheme for venue in venues
    }
    results = {}
    for venue in venues:
        scheme = schemes[venue.tournament_id]
        teams = entries[venue.pk]
        names = {entry["team"]: entry["team__name"] for entry in teams}
        per_team = _per_team_beaten(teams)
        played = []
        for one in series[venue.tournament_id]:
            absent = [entry["team"] for entry in teams if _absent(entry, one["number"])]
            game_points = {
                entry["team"]: _total(sums.get((one["id"], entry["tournament_team"])), scheme)
                for entry in teams
                if entry["team"] not in absent
            }
            scores = score_series(game_points, absent, per_team_beaten=per_team)
            at_stake = (len(scores) - 1) * per_team  # points for each other team of the series
            played.append(
                SeriesResult(
                    one["number"],
                    [
                        TeamScore(
                            s.team,
                            names[s.team],
                            s.game_points,
                            s.team_points,
                            s.team in absent,
                            at_stake - s.team_points,
                        )
                        for s in scores
                    ],
                )
            )
        results[venue.pk] = VenueResult(venue, played, _summed(teams, played))
    return results


def _per_team_beaten(entries) -> int:
    """What beating a team is worth at the venue of ``entries`` (ISPA 2, DSkV 1)."""
    scheme = entries[0]["venue__match_day__group__league__scheme"] if entries else Scheme.DSKV
    return points_per_team_beaten(scheme)


def _absent(entry: dict, series: int) -> bool:
    """The team did not turn up, or (a late team) not yet in ``series``."""
    return entry["no_show"] or (entry["from_series"] or 1) > series


def _total(sums, scheme) -> int:
    return 0 if sums is None else sums.total(scheme)


def _summed(teams, played: list[SeriesResult]) -> list[TeamScore]:
    game_points, team_points = defaultdict(int), defaultdict(lambda: ZERO)
    against = defaultdict(lambda: ZERO)
    for one in played:
        for score in one.teams:
            game_points[score.team] += score.game_points
            team_points[score.team] += score.team_points
            against[score.team] += score.team_points_against
    rows = [
        TeamScore(
            entry["team"],
            entry["team__name"],
            game_points[entry["team"]],
            team_points[entry["team"]],
            entry["no_show"],
            against[entry["team"]],
        )
        for entry in teams
    ]
    return sorted(rows, key=lambda r: (-r.team_points, -r.game_points, sort_key(r.name)))


# --- The league table ------------------------------------------------------------------


@dataclass(frozen=True)
class DayResult:
    """A team's result on one match day."""

    number: int
    team_points: Decimal
    game_points: int
    no_show: bool = False
    team_points_against: Decimal = ZERO

    @property
    def points_pair(self) -> str:
        return points_pair(self.team_points, self.team_points_against)


@dataclass(frozen=True)
class GroupTableRow:
    place: int
    team: int
    name: str
    club: str
    team_points: Decimal
    game_points: int
    mark: str | None
    change: int | None  # places gained since the table before the last match day
    days: dict[int, DayResult] = field(default_factory=dict)
    team_points_against: Decimal = ZERO

    @property
    def points_pair(self) -> str:
        """Won and lost team points as published tables print them: "07:02"."""
        return points_pair(self.team_points, self.team_points_against)


@dataclass(frozen=True)
class GroupTable:
    group: LeagueGroup
    rows: list[GroupTableRow]
    match_days: list[int]  # the numbers of the match days counted


def counted_venues(groups, *, published_only: bool):
    """The venues of ``groups`` whose results count: published ones, or all."""
    venues = Venue.objects.filter(match_day__group__in=groups).select_related(
        "match_day__group__league", "tournament"
    )
    if published_only:
        venues = venues.filter(report__status=MatchReport.Status.PUBLISHED).select_related("report")
    return venues.order_by("match_day__number", "number")


def published_results(venues) -> dict[int, VenueResult]:
    """The result of each of ``venues`` (published ones, their reports loaded) as its report
    was last published: a correction since reaches the public only when the report is
    published again (RULES 6.1)."""
    venues = list(venues)
    live = venue_results([v for v in venues if v.report.published_document is None])
    return {
        venue.pk: live[venue.pk]
        if venue.report.published_document is None
        else result_of_document(venue, venue.report.published_document)
        for venue in venues
    }


def result_of_document(venue: Venue, document: dict) -> VenueResult:
    """A venue's result as a report's sealed document states it."""
    names = {team["team"]: team["name"] for team in document["teams"]}
    entries = {team["team"]: {"from_series": None, **team} for team in document["teams"]}
    per_team = points_per_team_beaten(venue.match_day.group.league.scheme)

    def score(row, at_stake, series=None) -> TeamScore:
        team = row["team"]
        points = Decimal(row["team_points"])
        entry = entries.get(team, {"no_show": False, "from_series": None})
        absent = entry["no_show"] if series is None else _absent(entry, series)
        return TeamScore(
            team, names.get(team, ""), row["game_points"], points, absent, at_stake - points
        )

    series = [
        SeriesResult(
            one["number"],
            [score(row, (len(one["teams"]) - 1) * per_team, one["number"]) for row in one["teams"]],
        )
        for one in document["series"]
    ]
    at_stake = sum((len(one["teams"]) - 1) * per_team for one in document["series"])
    return VenueResult(venue, series, [score(row, at_stake) for row in document["totals"]])


def missed_series(document: dict) -> set[tuple[int, int]]:
    """``(series, team)`` for each series a team of a report's ``document`` did not play:
    it did not turn up, or (a late team) joined later. Its 0 points there are no result,
    so they are shown as "–"."""
    entries = {team["team"]: {"from_series": None, **team} for team in document.get("teams", [])}
    return {
        (one["number"], row["team"])
        for one in document.get("series", [])
        for row in one["teams"]
        if row["team"] in entries and _absent(entries[row["team"]], one["number"])
    }


def group_table(
    group: LeagueGroup, *, published_only: bool = True, confirmed: bool = True
) -> GroupTable:
    return group_tables([group], published_only=published_only, confirmed=confirmed)[group.pk]


def group_tables(
    groups, *, published_only: bool = True, confirmed: bool = True
) -> dict[int, GroupTable]:
    """The league table of each of ``groups``; six queries for any number of groups.

    Once a group's leader has confirmed promotion and relegation, its rows carry the
    marks as confirmed (a team that withdrew goes down in place of the last one), by
    which the next season moves the teams; ``confirmed=False``: the table's own marks,
    which the leader's page starts from."""
    groups = list(groups)
    venues = list(counted_venues(groups, published_only=published_only))
    results = published_results(venues) if published_only else venue_results(venues)
    teams = defaultdict(list)
    for team in (
        LeagueTeam.objects.filter(group__in=groups)
        .values("id", "group", "name", "club__name")
        .order_by()
    ):
        teams[team["group"]].append(team)
    days = defaultdict(lambda: defaultdict(dict))  # group → team → match day → DayResult
    numbers = defaultdict(set)
    for venue in venues:
        if not results[venue.pk].series:
            continue  # not played yet (no series drawn): no match day of the table
        group_id, number = venue.match_day.group_id, venue.match_day.number
        numbers[group_id].add(number)
        for score in results[venue.pk].teams:
            days[group_id][score.team][number] = DayResult(
                number,
                score.team_points,
                score.game_points,
                score.no_show,
                score.team_points_against,
            )
    tables = {}
    for group in groups:
        counted = sorted(numbers[group.pk])
        current = _ranked(group, teams[group.pk], days[group.pk], counted)
        before = _ranked(group, teams[group.pk], days[group.pk], counted[:-1]) if counted else []
        earlier = {row.record.team: row.place for row in before}
        rows = []
        for row in current:
            info = row.record
            gained = earlier[info.team] - row.place if len(counted) > 1 else None
            rows.append(
                GroupTableRow(
                    place=row.place,
                    team=info.team,
                    name=info.name,
                    club=info.club,
                    team_points=info.team_points,
                    game_points=info.game_points,
                    mark=_mark(group, info.team, row.mark, confirmed),
                    change=gained,
                    days=dict(days[group.pk][info.team]),
                    team_points_against=sum(
                        (day.team_points_against for day in days[group.pk][info.team].values()),
                        ZERO,
                    ),
                )
            )
        tables[group.pk] = GroupTable(group, rows, counted)
    return tables


def _mark(group: LeagueGroup, team: int, mark, confirmed: bool) -> str | None:
    """The table's ``mark`` of ``team``, or the one its group's leader confirmed."""
    if confirmed and group.marks_confirmed_at is not None and group.confirmed_marks:
        if str(team) in group.confirmed_marks:
            return group.confirmed_marks[str(team)]
    return mark.value if isinstance(mark, Mark) else None


@dataclass(frozen=True)
class _TeamRecord(TeamRecord):
    club: str = ""


def _ranked(group, teams, days, counted: list[int]) -> list[TableRow]:
    last = counted[-1] if counted else None
    records = []
    for team in teams:
        mine = days.get(team["id"], {})
        results = [mine[number] for number in counted if number in mine]
        on_last = mine.get(last)
        records.append(
            _TeamRecord(
                team=team["id"],
                name=team["name"],
                team_points=sum((r.team_points for r in results), ZERO),
                game_points=sum(r.game_points for r in results),
                last_day_team_points=on_last.team_points if on_last else ZERO,
                last_day_game_points=on_last.game_points if on_last else 0,
                sort_name=sort_key(team["name"]),
                club=team["club__name"],
            )
        )
    return rank_table(
        records,
        promotion_places=group.promotion_places,
        relegation_places=group.relegation_places,
    )


# --- The individual ranking ------------------------------------------------------------


@dataclass(frozen=True)
class _PlayerRecord(PlayerRecord):
    club: str = ""
    published: str = field(default="", compare=False, repr=False)

    @property
    def public_name(self) -> str:
        """The name as the player consented to be named in public (docs/privacy.md); a
        season spans venues, so a player who consented to none has no number either."""
        return named_publicly(self.published, None, None).name


def player_ranking(group: LeagueGroup, *, published_only: bool = True) -> list[PlayerRow]:
    """Players by average list points per game over the counted venues; those with fewer
    games than the league's minimum come last, unranked. Six queries.

    Games played are the games a player took part in as declarer or opponent (not those
    sat out as dealer at a 4-table): 36 of a 48-game series. A list kept on paper counts
    three games per round for each player on it.
    """
    venues = list(counted_venues([group], published_only=published_only))
    tournaments = [venue.tournament for venue in venues]
    scope = Q(tournament__in=tournaments)
    schemes = {t.pk: t.scheme for t in tournaments}
    rounds = {t.pk: t.rounds_per_series for t in tournaments}
    points, games = defaultdict(int), defaultdict(int)
    for (tournament, player), sums in participant_totals(
        scope, "tournament", "participant__player"
    ).items():
        points[player] += sums.total(schemes[tournament])
    for player, count in (
        GamePoints.objects.filter(scope)
        .exclude(role=GamePoints.Role.DEALER_OUT)
        .values("participant__player")
        .annotate(games=Count("id"))
        .values_list("participant__player", "games")
        .order_by()
    ):
        games[player] += count
    for tournament, player in SummaryEntry.objects.filter(scope).values_list(
        "tournament", "participant__player"
    ):
        games[player] += 3 * rounds[tournament]
    people = (
        VenueTeam.objects.filter(venue__in=venues, tournament_team__members__player__in=points)
        .values(
            "team__name",
            "tournament_team__members__player",
            "tournament_team__members__player__first_name",
            "tournament_team__members__player__last_name",
            "tournament_team__members__player__publication",
            "team__club__name",
        )
        .distinct()
    )
    records = {}
    for person in people:
        player = person["tournament_team__members__player"]
        first = person["tournament_team__members__player__first_name"]
        last = person["tournament_team__members__player__last_name"]
        records[player] = _PlayerRecord(
            player=player,
            name=f"{first} {last}",
            team=person["team__name"],
            games=games[player],
            list_points=points[player],
            sort_name=name_sort_key(last, first),
            club=person["team__club__name"],
            published=published_name(
                first, last, person["tournament_team__members__player__publication"]
            ),
        )
    return rank_players(records.values(), min_games=group.league.min_games)

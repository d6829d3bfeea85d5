"""Match days with their venues, line-ups, teams that did not come, and venue results."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import LeagueGroup, MatchDay, MatchReport, Venue
from league.services import fixtures, lineups, publicity, results
from tournaments.api.lookup import get_or_404
from tournaments.api.request_bodies import json_object
from tournaments.services import roles
from tournaments.services.public_names import public_name
from tournaments.services.result_access import Access
from tournaments.skat.league import points_text

from . import serializers as s
from .access import LeagueWrites


def match_days_of(group: LeagueGroup):
    return (
        group.match_days.order_by("number")
        .prefetch_related("venues__venue_teams")
        .select_related("group")
    )


class GroupMatchDaysView(APIView):
    """``groups/{id}/match-days/``: the fixtures; the group leader adds a match day, which
    creates each venue's tournament with its teams registered."""

    permission_classes = [LeagueWrites]
    write_rule = "may_lead"
    scope_model = LeagueGroup

    @extend_schema(responses=s.MatchDaySerializer(many=True), summary="The group's match days")
    def get(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.all(), pk)
        reports = dict(
            MatchReport.objects.filter(venue__match_day__group=group).values_list("venue", "id")
        )
        return Response([match_day_data(day, reports) for day in match_days_of(group)])

    @extend_schema(request=s.MatchDayRequestSerializer, responses={201: s.MatchDaySerializer})
    def post(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.select_related("league"), pk)
        day = fixtures.create_match_day(group, json_object(request), user=request.user)
        day = MatchDay.objects.prefetch_related("venues__venue_teams").get(pk=day.pk)
        return Response(match_day_data(day, {}), status.HTTP_201_CREATED)


def match_day_data(day: MatchDay, reports: dict) -> dict:
    return {
        "id": day.pk,
        "group": day.group_id,
        "number": day.number,
        "date": day.date,
        "central": day.central,
        "venues": [venue_data(venue, reports.get(venue.pk)) for venue in day.venues.all()],
    }


def venue_data(venue: Venue, report: int | None) -> dict:
    entries = sorted(venue.venue_teams.all(), key=lambda entry: entry.pk)
    return {
        "id": venue.pk,
        "number": venue.number,
        "host": venue.host_id,
        "organiser": venue.organiser_id,
        "tournament": venue.tournament_id,
        "teams": [entry.team_id for entry in entries],
        "no_show": [entry.team_id for entry in entries if entry.no_show],
        "late": [
            {"team": entry.team_id, "from_series": entry.from_series}
            for entry in entries
            if entry.from_series
        ],
        "report": report,
    }


def _venue(pk) -> Venue:
    return get_or_404(Venue.objects.select_related("tournament", "match_day__group__league"), pk)


class VenueView(APIView):
    """``venues/{id}/``: a venue, its teams and its tournament."""

    @extend_schema(responses=s.VenueSerializer, summary="A venue")
    def get(self, request, pk: int):
        venue = _venue(pk)
        report = MatchReport.objects.filter(venue=venue).values_list("id", flat=True).first()
        return Response(venue_data(venue, report))


class LineupsView(APIView):
    """``venues/{id}/lineups/``: who plays each series for each team; the venue's director
    (or the group leader) sets a team's line-up before the series is drawn."""

    permission_classes = [LeagueWrites]
    write_rule = "may_direct"
    scope_model = Venue

    @extend_schema(responses=s.LineupSerializer(many=True), summary="The line-ups per series")
    def get(self, request, pk: int):
        public = not roles.sees_full_names(request.user)
        return Response(lineups_data(_venue(pk), public=public))

    @extend_schema(request=s.LineupRequestSerializer, responses=s.LineupSerializer(many=True))
    def put(self, request, pk: int):
        venue = _venue(pk)
        lineups.set_lineup(venue, json_object(request), user=request.user)
        return Response(lineups_data(venue))


def lineups_data(venue: Venue, *, public: bool = False) -> list[dict]:
    """The line-ups; ``public``: each player named as they consented (docs/privacy.md)."""
    rows = []
    teams = {entry.tournament_team_id: entry.team_id for entry in venue.venue_teams.all()}
    series_list = venue.tournament.series.order_by("number")
    for series in series_list.prefetch_related("players__player__club"):
        by_team = {}
        for participant in sorted(series.players.all(), key=lambda p: p.start_number):
            by_team.setdefault(teams.get(participant.team_id), []).append(
                {
                    "player": participant.player_id,
                    "participant": participant.pk,
                    "name": (
                        public_name(participant.player, start_number=participant.start_number).name
                        if public
                        else participant.player.full_name
                    ),
                }
            )
        rows += [
            {"series": series.number, "team": team, "players": players}
            for team, players in by_team.items()
            if team is not None
        ]
    return rows


class NoShowView(APIView):
    """``venues/{id}/no-show/``: a team did not turn up; it scores nothing there."""

    permission_classes = [LeagueWrites]
    write_rule = "may_direct"
    scope_model = Venue

    @extend_schema(request=s.TeamRefSerializer, responses={201: s.VenueSerializer})
    def post(self, request, pk: int):
        venue = _venue(pk)
        lineups.mark_no_show(venue, json_object(request), user=request.user)
        report = MatchReport.objects.filter(venue=venue).values_list("id", flat=True).first()
        return Response(venue_data(venue, report), status.HTTP_201_CREATED)


class NoShowTakenBackView(APIView):
    """``venues/{id}/no-show/{team}/``: the team is there after all, before the first draw."""

    permission_classes = [LeagueWrites]
    write_rule = "may_direct"
    scope_model = Venue
    http_method_names = ["delete", "options"]

    @extend_schema(request=None, responses={200: s.VenueSerializer})
    def delete(self, request, pk: int, team: int):
        venue = _venue(pk)
        lineups.take_back_no_show(venue, team, user=request.user)
        report = MatchReport.objects.filter(venue=venue).values_list("id", flat=True).first()
        return Response(venue_data(venue, report))


class LateTeamView(APIView):
    """``venues/{id}/late-team/``: a late team plays from a series not yet drawn (Anlage 10);
    it counts as not turned up in the series before."""

    permission_classes = [LeagueWrites]
    write_rule = "may_direct"
    scope_model = Venue

    @extend_schema(request=s.LateTeamRequestSerializer, responses={200: s.VenueSerializer})
    def post(self, request, pk: int):
        venue = _venue(pk)
        lineups.add_late_team(venue, json_object(request), user=request.user)
        report = MatchReport.objects.filter(venue=venue).values_list("id", flat=True).first()
        return Response(venue_data(venue, report))


class VenueResultView(APIView):
    """``venues/{id}/result/``: game points and team points per series and in sum.

    Public once the venue's report is published; before, for the group's leaders, the
    venue's director and the captains of its teams.
    """

    @extend_schema(responses=s.VenueResultSerializer, summary="A venue's result")
    def get(self, request, pk: int):
        venue = _venue(pk)
        access = publicity.venue_access(request.user, venue)
        if access is Access.WITHHELD:
            raise PermissionDenied(
                "The result is public once the group leader has published the match report."
            )
        published = MatchReport.objects.filter(
            venue=venue, status=MatchReport.Status.PUBLISHED
        ).exists()
        return Response(result_data(results.venue_result(venue), published))


def score_data(score) -> dict:
    return {
        "team": score.team,
        "name": score.name,
        "game_points": score.game_points,
        "team_points": points_text(score.team_points),
        "no_show": score.no_show,
    }


def result_data(result, published: bool) -> dict:
    return {
        "venue": result.venue.pk,
        "published": published,
        # Shown before the report is published: live, not yet final ("vorläufig").
        "provisional": not published,
        "series": [
            {"number": one.number, "teams": [score_data(score) for score in one.teams]}
            for one in result.series
        ],
        "teams": [score_data(score) for score in result.teams],
    }

"""Seasons, leagues, groups with their leaders, and teams (docs/api.md "League seasons")."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import League, LeagueGroup, LeagueTeam, Season
from league.services import season_rollover, structure
from league.services.reading import object_of
from tournaments.api.lookup import get_or_404
from tournaments.api.request_bodies import json_object

from . import serializers as s
from .access import LeagueWrites


class SeasonsView(APIView):
    """``seasons/``: every season; the association's administrator adds one."""

    permission_classes = [LeagueWrites]
    write_rule = "may_administer"

    @extend_schema(responses=s.SeasonSerializer(many=True), summary="Every season")
    def get(self, request):
        return Response([season_data(one) for one in Season.objects.order_by("-name")])

    @extend_schema(request=s.SeasonSerializer, responses={201: s.SeasonSerializer})
    def post(self, request):
        season = structure.create_season(json_object(request).get("name"), user=request.user)
        return Response(season_data(season), status.HTTP_201_CREATED)


class SeasonNextView(APIView):
    """``seasons/{id}/next/``: the next season from the marks the group leaders confirmed
    (administrator)."""

    permission_classes = [LeagueWrites]
    write_rule = "may_administer"
    scope_model = Season

    @extend_schema(request=s.SeasonSerializer, responses={201: s.SeasonSerializer})
    def post(self, request, pk: int):
        season = get_or_404(Season.objects.all(), pk)
        name = json_object(request).get("name")
        new = season_rollover.next_season(season, name, user=request.user)
        return Response(season_data(new), status.HTTP_201_CREATED)


def season_data(season: Season) -> dict:
    return {"id": season.pk, "name": season.name}


class LeaguesView(APIView):
    """``leagues/``: a league of a season with its settings (administrator)."""

    permission_classes = [LeagueWrites]
    write_rule = "may_administer"

    @extend_schema(responses=s.LeagueSerializer(many=True), summary="Every league")
    def get(self, request):
        leagues = League.objects.order_by("season__name", "name")
        return Response([league_data(one) for one in leagues])

    @extend_schema(request=s.LeagueSerializer, responses={201: s.LeagueSerializer})
    def post(self, request):
        body = json_object(request)
        season = get_or_404_field(Season.objects.all(), body.get("season"), "season")
        league = structure.create_league(season, body, user=request.user)
        return Response(league_data(league), status.HTTP_201_CREATED)


def league_data(league: League) -> dict:
    fields = (
        "level",
        "series_per_match_day",
        "rounds_per_series",
        "protest_days",
        "min_games",
        "scheme",
        "players_per_team",
    )
    return {
        "id": league.pk,
        "season": league.season_id,
        "name": league.name,
        **{name: getattr(league, name) for name in fields},
    }


def get_or_404_field(queryset, value, field: str):
    """The object a body's ``field`` names, or a 400 naming the field."""
    return object_of(queryset, value, field=field, missing=structure.UNKNOWN_ID)


class GroupsView(APIView):
    """``groups/``: a group (Staffel) of a league (administrator)."""

    permission_classes = [LeagueWrites]
    write_rule = "may_administer"

    @extend_schema(responses=s.GroupSerializer(many=True), summary="Every group")
    def get(self, request):
        groups = LeagueGroup.objects.prefetch_related("leaders").order_by("league", "name")
        return Response([group_data(one) for one in groups])

    @extend_schema(request=s.GroupSerializer, responses={201: s.GroupSerializer})
    def post(self, request):
        body = json_object(request)
        league = get_or_404_field(League.objects.all(), body.get("league"), "league")
        group = structure.create_group(league, body, user=request.user)
        return Response(group_data(group), status.HTTP_201_CREATED)


def group_data(group: LeagueGroup) -> dict:
    return {
        "id": group.pk,
        "league": group.league_id,
        "name": group.name,
        "promotion_places": group.promotion_places,
        "relegation_places": group.relegation_places,
        "live_public": group.live_public,
        "leaders": sorted(user.pk for user in group.leaders.all()),
    }


class GroupView(APIView):
    """``groups/{id}/``: one group; its leader changes its settings (``live_public``)."""

    permission_classes = [LeagueWrites]
    write_rule = "may_lead"
    scope_model = LeagueGroup

    @extend_schema(responses=s.GroupSerializer, summary="A group")
    def get(self, request, pk: int):
        return Response(group_data(get_or_404(LeagueGroup.objects.all(), pk)))

    @extend_schema(request=s.GroupSettingsSerializer, responses=s.GroupSerializer)
    def patch(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.all(), pk)
        structure.change_group(group, json_object(request), user=request.user)
        return Response(group_data(group))


class GroupLeadersView(APIView):
    """``groups/{id}/leaders/``: name a group leader (administrator)."""

    permission_classes = [LeagueWrites]
    write_rule = "may_administer"
    scope_model = LeagueGroup

    @extend_schema(request=s.UserRefSerializer, responses={201: s.GroupSerializer})
    def post(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.all(), pk)
        structure.add_leader(group, json_object(request).get("user"), user=request.user)
        return Response(group_data(group), status.HTTP_201_CREATED)


class GroupTeamsView(APIView):
    """``groups/{id}/teams/``: the group's teams with their rosters; the leader adds one."""

    permission_classes = [LeagueWrites]
    write_rule = "may_lead"
    scope_model = LeagueGroup

    @extend_schema(responses=s.LeagueTeamSerializer(many=True), summary="The group's teams")
    def get(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.all(), pk)
        teams = group.teams.prefetch_related("roster").order_by("name")
        return Response([team_data(team) for team in teams])

    @extend_schema(request=s.LeagueTeamSerializer, responses={201: s.LeagueTeamSerializer})
    def post(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.select_related("league"), pk)
        team = structure.create_team(group, json_object(request), user=request.user)
        return Response(team_data(team), status.HTTP_201_CREATED)


def team_data(team: LeagueTeam) -> dict:
    roster = sorted(team.roster.all(), key=lambda entry: entry.position)
    return {
        "id": team.pk,
        "group": team.group_id,
        "club": team.club_id,
        "name": team.name,
        "players": [entry.player_id for entry in roster if not entry.substitute],
        "substitutes": [entry.player_id for entry in roster if entry.substitute],
        "captain": team.captain_id,
        "captain_user": team.captain_user_id,
    }


class TeamView(APIView):
    """``teams/{id}/``: one team with its roster."""

    @extend_schema(responses=s.LeagueTeamSerializer, summary="A team")
    def get(self, request, pk: int):
        return Response(team_data(get_or_404(LeagueTeam.objects.prefetch_related("roster"), pk)))

"""Team and season rankings and player statistics (docs/api.md 3.3): public reads, no login.

Thin views: they read the path and query parameters and hand them to the ranking and
statistics services, which check the values, so the API and the pages refuse the same
input with the same messages.
"""

import re

from django.http import Http404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.models import Club, Player, Tournament
from tournaments.services import ranking, statistics
from tournaments.services.errors import is_id

from .permissions import DirectorWritesOthersRead


class TeamMemberSerializer(serializers.Serializer):
    participant = serializers.IntegerField()
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    total = serializers.IntegerField()


class TeamRankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    total = serializers.IntegerField(help_text="Sum of the members' tournament totals.")
    game_points = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    bonus_won_lost = serializers.IntegerField()
    bonus_opponents_lost = serializers.IntegerField()
    members = TeamMemberSerializer(many=True, help_text="Best first.")


class SeasonRankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    tournaments = serializers.IntegerField(help_text="Tournaments and club evenings played.")
    series_played = serializers.IntegerField()
    series_counted = serializers.IntegerField(help_text="The best N, or all series played.")
    total = serializers.IntegerField()
    game_points = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    bonus_won_lost = serializers.IntegerField()
    bonus_opponents_lost = serializers.IntegerField()


class BestSeriesSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    tournament_name = serializers.CharField()
    date = serializers.DateField()
    series = serializers.IntegerField()
    number = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    total = serializers.IntegerField()


class TournamentResultSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    rank = serializers.IntegerField()
    participants = serializers.IntegerField(help_text="Players ranked in that tournament.")
    series_played = serializers.IntegerField()
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    total = serializers.IntegerField()


class PlayerStatisticsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    year = serializers.IntegerField(allow_null=True, help_text="null: all years.")
    tournaments = serializers.IntegerField()
    series_played = serializers.IntegerField()
    declared = serializers.IntegerField(help_text="Games as declarer (won + lost).")
    won = serializers.IntegerField()
    lost = serializers.IntegerField()
    win_rate = serializers.FloatField(
        allow_null=True, help_text="won / games as declarer, 0..1; null without any."
    )
    average_per_series = serializers.FloatField(allow_null=True)
    best_series = BestSeriesSerializer(allow_null=True)
    history = TournamentResultSerializer(many=True, help_text="Newest first.")


BEST = OpenApiParameter(
    "best",
    OpenApiTypes.INT,
    description=(
        f"Count only the best N series (1–{ranking.MAX_SEASON_SERIES}); empty: the club's setting."
    ),
)
MIN_SERIES = OpenApiParameter(
    "min_series",
    OpenApiTypes.INT,
    description=(
        f"List only players with at least this many series (0–{ranking.MAX_SEASON_SERIES}); "
        "empty: the club's setting."
    ),
)


class TeamRankingView(APIView):
    """Teams of a tournament by the sum of their members' totals, with each member's total."""

    permission_classes = [DirectorWritesOthersRead]

    @extend_schema(responses=TeamRankingRowSerializer(many=True))
    def get(self, request, pk: int):
        rows = ranking.rank_teams(_get(Tournament.objects.all(), pk))
        return Response(TeamRankingRowSerializer(rows, many=True).data)


class SeasonRankingView(APIView):
    """A club's season: every tournament and club evening it organised in the year, per player;
    the sum of all series or of the best N, players with at least min_series series."""

    permission_classes = [DirectorWritesOthersRead]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "year",
                OpenApiTypes.INT,
                description=f"{ranking.YEARS[0]}–{ranking.YEARS[1]}; default: the current year",
            ),
            BEST,
            MIN_SERIES,
        ],
        responses=SeasonRankingRowSerializer(many=True),
    )
    def get(self, request, pk: int):
        club = _get(Club.objects.all(), pk)
        values = {name: _number(request, name) for name in ("year", "best", "min_series")}
        if values["year"] is None:
            values["year"] = timezone.localdate().year
        rows = ranking.rank_season(club, values.pop("year"), **values)
        return Response(SeasonRankingRowSerializer(rows, many=True).data)


class PlayerStatisticsView(APIView):
    """A player's series, games as declarer, win rate, best series and tournament history."""

    permission_classes = [DirectorWritesOthersRead]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "year",
                OpenApiTypes.INT,
                description=f"{ranking.YEARS[0]}–{ranking.YEARS[1]}; empty: all years",
            )
        ],
        responses=PlayerStatisticsSerializer,
    )
    def get(self, request, pk: int):
        player = _get(Player.objects.select_related("club"), pk)
        data = statistics.player_statistics(player, year=_number(request, "year"))
        return Response(PlayerStatisticsSerializer(data).data)


def _get(queryset, pk: int):
    """The object or the API's 404; an id too large for the database is simply not there."""
    found = queryset.filter(pk=pk).first() if is_id(pk) else None
    if found is None:
        raise Http404
    return found


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def _number(request, name: str):
    """A query parameter as int; empty or absent is None, anything else is passed on as
    text so that the service names the parameter and its allowed range."""
    raw = request.query_params.get(name, "").strip()
    if not raw:
        return None
    return int(raw) if _WHOLE_NUMBER.fullmatch(raw) else raw

"""Team and season rankings and player statistics (docs/api.md 3.3): public reads, no login.

Thin views: they read the path and query parameters and hand them to the ranking and
statistics services, which check the values, so the API and the pages refuse the same
input with the same messages.
"""

import re

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework_dataclasses.serializers import DataclassSerializer

from tournaments.models import Club, Player, Tournament
from tournaments.services import roles, season_ranking, statistics, team_ranking
from tournaments.services.public_names import public_name, shows_player_page
from tournaments.services.result_access import refuse_withheld

from .lookup import get_or_404
from .permissions import DirectorWritesOthersRead


def help_texts(**texts: str) -> dict:
    """``extra_kwargs`` that only describe fields: ``help_texts(total="…")``."""
    return {name: {"help_text": text} for name, text in texts.items()}


class TeamRankingRowSerializer(DataclassSerializer):
    class Meta:
        dataclass = team_ranking.TeamRankingRow
        extra_kwargs = help_texts(
            total="Sum of the members' tournament totals.", members="Best first."
        )


class SeasonRankingRowSerializer(DataclassSerializer):
    class Meta:
        dataclass = season_ranking.SeasonRankingRow
        extra_kwargs = help_texts(
            tournaments="Tournaments and club evenings played.",
            series_counted="The best N, or all series played.",
        )


class TournamentResultSerializer(DataclassSerializer):
    class Meta:
        dataclass = statistics.TournamentResult
        extra_kwargs = help_texts(participants="Players ranked in that tournament.")


class PlayerStatisticsSerializer(DataclassSerializer):
    # Declared for its own help text inside the list, so it comes first in the JSON.
    history = TournamentResultSerializer(many=True, help_text="Newest first.")

    class Meta:
        dataclass = statistics.PlayerStatistics
        extra_kwargs = help_texts(
            year="null: all years.",
            declared="Games as declarer (won + lost).",
            win_rate="won / games as declarer, 0..1; null without any.",
        )


def year_parameter(when_empty: str) -> OpenApiParameter:
    return OpenApiParameter(
        "year",
        OpenApiTypes.INT,
        description=f"{season_ranking.YEARS[0]}–{season_ranking.YEARS[1]}; {when_empty}",
    )


BEST = OpenApiParameter(
    "best",
    OpenApiTypes.INT,
    description=(
        f"Count only the best N series (1–{season_ranking.MAX_SEASON_SERIES}); "
        "empty: the club's setting."
    ),
)
MIN_SERIES = OpenApiParameter(
    "min_series",
    OpenApiTypes.INT,
    description=(
        f"List only players with at least this many series (0–{season_ranking.MAX_SEASON_SERIES}); "
        "empty: the club's setting."
    ),
)
SEASON_PARAMETERS = (year_parameter("default: the current year"), BEST, MIN_SERIES)


def season_parameters(request) -> dict:
    """``year`` (this year when empty), ``best`` and ``min_series`` of the query string."""
    values = {name: query_number(request, name) for name in ("year", "best", "min_series")}
    if values["year"] is None:
        values["year"] = timezone.localdate().year
    return values


class TeamRankingView(APIView):
    """Teams of a tournament by the sum of their members' totals, with each member's total."""

    permission_classes = [DirectorWritesOthersRead]

    @extend_schema(responses=TeamRankingRowSerializer(many=True))
    def get(self, request, pk: int):
        tournament = get_or_404(Tournament.objects.all(), pk)
        refuse_withheld(request.user, tournament.pk)
        rows = team_ranking.rank_teams(tournament)
        data = TeamRankingRowSerializer(rows, many=True).data
        public = not roles.sees_full_names(request.user)
        for row, shown in zip(rows, data, strict=True):
            for member, written in zip(row.members, shown["members"], strict=True):
                del written["published_name"]
                if public:  # named as they consented (services/public_names.py)
                    written["name"] = member.public.name
        return Response(data)


class SeasonRankingView(APIView):
    """A club's season: every tournament and club evening it organised in the year, per player;
    the sum of all series or of the best N, players with at least min_series series."""

    permission_classes = [DirectorWritesOthersRead]

    @extend_schema(
        parameters=list(SEASON_PARAMETERS), responses=SeasonRankingRowSerializer(many=True)
    )
    def get(self, request, pk: int):
        club = get_or_404(Club.objects.all(), pk)
        values = season_parameters(request)
        rows = season_ranking.rank_season(club, values.pop("year"), **values)
        if not roles.sees_full_names(request.user):  # named as they consented
            rows = season_ranking.named_publicly(rows)
        return Response(SeasonRankingRowSerializer(rows, many=True).data)


class PlayerStatisticsView(APIView):
    """A player's series, games as declarer, win rate, best series and tournament history."""

    permission_classes = [DirectorWritesOthersRead]

    @extend_schema(
        parameters=[year_parameter("empty: all years")],
        responses=PlayerStatisticsSerializer,
    )
    def get(self, request, pk: int):
        player = get_or_404(Player.objects.select_related("club"), pk)
        public = not roles.sees_full_names(request.user)
        if public and not shows_player_page(player):  # no name, no page: as on the site
            raise NotFound()
        data = PlayerStatisticsSerializer(
            statistics.player_statistics(player, year=query_number(request, "year"))
        ).data
        if public:
            shown = public_name(player)
            data["name"], data["club"] = shown.name, shown.club or ""
        return Response(data)


_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def query_number(request, name: str):
    """A query parameter as int; empty or absent is None, anything else is passed on as
    text so that the service names the parameter and its allowed range."""
    raw = request.query_params.get(name, "").strip()
    if not raw:
        return None
    return int(raw) if _WHOLE_NUMBER.fullmatch(raw) else raw

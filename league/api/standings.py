"""The league table of a group and the individual league ranking.

Public: the published match days only; a leader of the group sees every match day as it
stands (``published_only`` in the answer says which).
"""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import LeagueGroup
from league.services import results
from league.services import roles as league_roles
from tournaments.api.lookup import get_or_404
from tournaments.services import roles
from tournaments.skat.league import points_text

from . import serializers as s


def _group(pk) -> LeagueGroup:
    return get_or_404(LeagueGroup.objects.select_related("league"), pk)


def table_data(table, published_only: bool) -> dict:
    return {
        "group": table.group.pk,
        "published_only": published_only,
        "match_days": table.match_days,
        "rows": [
            {
                "place": row.place,
                "team": row.team,
                "name": row.name,
                "club": row.club,
                "team_points": points_text(row.team_points),
                "team_points_against": points_text(row.team_points_against),
                "game_points": row.game_points,
                "mark": row.mark,
                "change": row.change,
                "match_days": [
                    {
                        "number": day.number,
                        "team_points": points_text(day.team_points),
                        "team_points_against": points_text(day.team_points_against),
                        "game_points": day.game_points,
                        "no_show": day.no_show,
                    }
                    for _number, day in sorted(row.days.items())
                ],
            }
            for row in table.rows
        ],
    }


class GroupTableView(APIView):
    """``groups/{id}/table/``: the league table (Tabelle)."""

    @extend_schema(responses=s.GroupTableSerializer, summary="The league table of a group")
    def get(self, request, pk: int):
        group = _group(pk)
        published_only = not league_roles.leads_group(request.user, group)
        table = results.group_table(group, published_only=published_only)
        return Response(table_data(table, published_only))


def ranking_data(group: LeagueGroup, rows, *, public: bool = False) -> dict:
    """``public``: the players named as they consented (docs/privacy.md); a player who
    consented to none is not identified by id either."""
    return {
        "group": group.pk,
        "min_games": group.league.min_games,
        "rows": [
            {
                "place": row.place,
                "player": row.record.player if not public or row.record.published else None,
                "name": row.record.public_name if public else row.record.name,
                "team": row.record.team,
                "games": row.record.games,
                "list_points": row.record.list_points,
                "average": str(row.average),
                "ranked": row.ranked,
            }
            for row in rows
        ],
    }


class PlayerRankingView(APIView):
    """``groups/{id}/player-ranking/``: players by average list points per game."""

    @extend_schema(responses=s.PlayerRankingSerializer, summary="The individual league ranking")
    def get(self, request, pk: int):
        group = _group(pk)
        published_only = not league_roles.leads_group(request.user, group)
        rows = results.player_ranking(group, published_only=published_only)
        public = not roles.sees_full_names(request.user)
        return Response(ranking_data(group, rows, public=public))

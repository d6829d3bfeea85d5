"""``groups/{id}/fixtures/``: the group's fixtures generated from a list of dates
(docs/api.md "League seasons"; league/services/fixture_plan.py)."""

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import LeagueGroup, MatchDay
from league.services import fixture_plan
from tournaments.api.lookup import get_or_404
from tournaments.api.request_bodies import json_object

from .access import LeagueWrites
from .match_days import match_day_data


class GroupFixturesView(APIView):
    """``POST groups/{id}/fixtures/`` ``{"dates": [...], "central_date": "..."}`` (leader)."""

    permission_classes = [LeagueWrites]
    write_rule = "may_lead"
    scope_model = LeagueGroup

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, pk: int):
        group = get_or_404(LeagueGroup.objects.select_related("league"), pk)
        made = fixture_plan.generate(group, json_object(request), user=request.user)
        days = MatchDay.objects.filter(pk__in=[day.pk for day in made["match_days"]])
        days = days.order_by("number").prefetch_related("venues__venue_teams")
        return Response(
            {
                "match_days": [match_day_data(day, {}) for day in days],
                "unmet_pairs": [list(pair) for pair in made["unmet_pairs"]],
                "warnings": [problem.as_dict(gettext) for problem in made["warnings"]],
            },
            status.HTTP_201_CREATED,
        )

"""Tournaments (Turniere): the record itself, its series and its ranking.

Registration (participants, player search, teams) and the player-list import are actions
of the same URL prefix; they live in ``participants.py`` and ``participant_import.py``.
"""

from functools import partial

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from tournaments.models import Tournament
from tournaments.services import participants, ranking_cache, roles, tournament_settings

from .conditional import RankingAction
from .finishing import FinishActions
from .nested_lists import WHOLE_LIST
from .participant_import import ImportActions
from .participants import ParticipantActions
from .permissions import DirectorWritesOthersRead
from .serializers.series import SeriesSerializer
from .serializers.tournaments import TournamentSerializer


class TournamentViewSet(
    FinishActions, ParticipantActions, ImportActions, RankingAction, viewsets.ModelViewSet
):
    queryset = Tournament.objects.select_related("club")
    serializer_class = TournamentSerializer
    permission_classes = [DirectorWritesOthersRead]
    filterset_fields = ["club", "status", "date"]

    @extend_schema(methods=["GET"], responses=SeriesSerializer(many=True))
    @extend_schema(methods=["POST"], request=None, responses={201: SeriesSerializer})
    @action(detail=True, methods=["get", "post"], serializer_class=SeriesSerializer, **WHOLE_LIST)
    def series(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "POST":
            created = participants.add_series(tournament)
            return Response(SeriesSerializer(created).data, status.HTTP_201_CREATED)
        return Response(SeriesSerializer(tournament.series.all(), many=True).data)

    def perform_create(self, serializer):
        _ensure_may_organise(self.request.user, serializer.validated_data.get("club"))
        super().perform_create(serializer)

    def perform_update(self, serializer):
        if "club" in serializer.validated_data:
            _ensure_may_organise(self.request.user, serializer.validated_data["club"])
        tournament_settings.ensure_settings_may_change(
            serializer.instance, serializer.validated_data
        )
        super().perform_update(serializer)

    def ranking_source(self, tournament):
        rows = partial(ranking_cache.tournament_ranking, tournament)
        return tournament.pk, "tournament", rows


def _ensure_may_organise(user, club) -> None:
    """A club's director creates events for that club only (services/roles.py)."""
    if not roles.may_organise(user, club):
        raise PermissionDenied(
            gettext("Only a director of %(club)s may organise its tournaments.")
            % {"club": club.name}
        )

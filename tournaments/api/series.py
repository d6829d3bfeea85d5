"""Series (Serien): their tables, their ranking and the draw (Auslosung)."""

from functools import partial

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.models import Series, Table
from tournaments.services import draw, ranking_cache, roles, seating
from tournaments.services.lists.overview import table_overview, table_overviews

from .conditional import RankingAction
from .finishing import FinishActions
from .nested_lists import WHOLE_LIST
from .permissions import DirectorWritesOthersRead
from .request_bodies import json_body, json_object
from .serializers.series import DrawRequestSerializer, DrawSerializer, SeriesSerializer
from .serializers.tables import TableCreateSerializer, TableSerializer

DRAW_EXAMPLE = OpenApiExample(
    "Seeded by the ranking, club mates apart",
    value={"mode": "seeded", "seed": 42, "prefer_three": False, "separate_clubs": True},
    request_only=True,
)


class SeriesViewSet(
    FinishActions,
    RankingAction,
    mixins.RetrieveModelMixin,
    mixins.ListModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    queryset = Series.objects.select_related("tournament")
    serializer_class = SeriesSerializer
    permission_classes = [DirectorWritesOthersRead]
    filterset_fields = ["tournament", "status"]

    @extend_schema(methods=["GET"], responses=TableSerializer(many=True))
    @extend_schema(
        methods=["POST"], request=TableCreateSerializer, responses={201: TableSerializer}
    )
    @action(detail=True, methods=["get", "post"], **WHOLE_LIST)
    def tables(self, request, pk=None):
        series = self.get_object()
        if request.method == "POST":
            body = json_object(request)
            table = seating.create_table(
                series, body.get("number"), body.get("seats"), user=request.user
            )
            fresh = Table.objects.select_related("series__tournament").get(pk=table.pk)
            return Response(table_overview(fresh), status.HTTP_201_CREATED)
        return Response(
            table_overviews(
                series.tables.select_related("series__tournament"),
                agreed_only=True,
                public=not roles.sees_full_names(request.user),
            )
        )

    def ranking_source(self, series):
        rows = partial(ranking_cache.series_ranking, series)
        return series.tournament_id, f"series{series.pk}", rows

    @extend_schema(methods=["GET"], responses=DrawSerializer)
    @extend_schema(
        methods=["POST"],
        request=DrawRequestSerializer,
        responses={201: DrawSerializer},
        examples=[DRAW_EXAMPLE],
    )
    @action(
        detail=True, methods=["get", "post"], serializer_class=DrawSerializer, filter_backends=[]
    )
    def draw(self, request, pk=None):
        """Draw (or redraw, until the first game) the tables; GET shows the stored draw."""
        series = self.get_object()
        if request.method == "GET":
            return Response(_draw_data(draw.stored_draw(series)))
        body = json_body(request, '{"mode": "random"}')
        drawn = draw.draw_series(
            series,
            mode=body.get("mode", draw.DrawMode.RANDOM.value),
            seed=body.get("seed"),
            prefer_three=body.get("prefer_three", False),
            separate_clubs=body.get("separate_clubs", False),
            user=request.user,
        )
        return Response(_draw_data(drawn), status.HTTP_201_CREATED)


def _draw_data(drawn) -> dict:
    return {
        "series": drawn.series.pk,
        "seed": drawn.seed,
        "mode": drawn.mode,
        "prefer_three": drawn.prefer_three,
        "separate_clubs": drawn.separate_clubs,
        "drawn_at": drawn.drawn_at,
        "tables": [
            {"id": table.id, "number": table.number, "seats": list(table.seats)}
            for table in drawn.tables
        ],
        "conflicts": [
            {
                "kind": conflict.kind,
                "table": conflict.table,
                "players": list(conflict.players),
                "message": conflict.text(gettext),
            }
            for conflict in drawn.conflicts
        ],
    }

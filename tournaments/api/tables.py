"""A table's list (Tisch, Spielliste): overview, seat changes, summary entry and audit trail.

The games of the list are in ``games.py``; signing, ending, closing and reopening a list
in ``signing.py``.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.models import AuditEntry, Seat, Table
from tournaments.services import public_names, replacement_undo, roles, seating
from tournaments.services.lists import summary
from tournaments.services.lists.overview import table_overview, table_overviews

from .games import GameActions
from .nested_lists import WHOLE_LIST
from .permissions import DirectorWritesOthersRead
from .request_bodies import json_object, whole_numbers
from .serializers.tables import (
    AuditEntrySerializer,
    ReplacementUndoSerializer,
    SeatChangeSerializer,
    SummarySerializer,
    TableSerializer,
)
from .signing import SignedTableSerializer
from .table_code import TableCodeWrites, checked_table


class TableViewSet(
    GameActions, mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet
):
    queryset = Table.objects.select_related("series__tournament")
    serializer_class = SignedTableSerializer
    permission_classes = [DirectorWritesOthersRead | TableCodeWrites]
    filterset_fields = ["series", "status"]

    def get_object(self):
        """The table the table code was checked against, if a code let this request in
        (one read of the table per request), else the table read as DRF reads it."""
        table = checked_table(self.request, self.kwargs.get("pk"))
        if table is None:
            return super().get_object()
        self.check_object_permissions(self.request, table)
        return table

    def retrieve(self, request, pk=None):
        public = not roles.sees_full_names(request.user)
        return Response(table_overviews([self.get_object()], agreed_only=True, public=public)[0])

    def list(self, request):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        public = not roles.sees_full_names(request.user)
        return self.get_paginated_response(table_overviews(page, agreed_only=True, public=public))

    @extend_schema(request=SeatChangeSerializer, responses=TableSerializer)
    @action(
        detail=True, methods=["post"], serializer_class=SeatChangeSerializer, filter_backends=[]
    )
    def leave(self, request, pk=None):
        body = whole_numbers(request, seat="seat", after_game="after_game")
        seating.leave_table(self.get_object(), body["seat"], body["after_game"], user=request.user)
        return Response(table_overview(_table(pk)))

    @extend_schema(request=SeatChangeSerializer, responses=TableSerializer)
    @action(
        detail=True, methods=["post"], serializer_class=SeatChangeSerializer, filter_backends=[]
    )
    def join(self, request, pk=None):
        body = whole_numbers(request, participant="participant", from_game="from_game")
        seating.join_table(
            self.get_object(), body["participant"], body["from_game"], user=request.user
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(request=SeatChangeSerializer, responses=TableSerializer)
    @action(
        detail=True, methods=["post"], serializer_class=SeatChangeSerializer, filter_backends=[]
    )
    def replace(self, request, pk=None):
        body = whole_numbers(request, seat="seat", participant="participant", from_game="from_game")
        seating.replace_player(
            self.get_object(),
            body["seat"],
            body["participant"],
            body["from_game"],
            user=request.user,
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(request=ReplacementUndoSerializer, responses=TableSerializer)
    @action(
        detail=True,
        methods=["post"],
        url_path="replace/undo",
        serializer_class=ReplacementUndoSerializer,
        filter_backends=[],
    )
    def undo_replacement(self, request, pk=None):
        """The replacement on ``seat`` from ``from_game`` taken back, with a reason."""
        body = whole_numbers(request, seat="seat", from_game="from_game")
        table = self.get_object()
        seat = (
            Seat.objects.filter(table=table, number=body["seat"], from_game=body["from_game"])
            .values_list("id", flat=True)
            .first()
        )
        replacement_undo.undo_replacement(
            table, seat, json_object(request).get("reason"), user=request.user
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(request=SummarySerializer, responses=TableSerializer)
    @action(detail=True, methods=["put"], serializer_class=SummarySerializer, filter_backends=[])
    def summary(self, request, pk=None):
        serializer = SummarySerializer(data=json_object(request))
        serializer.is_valid(raise_exception=True)
        summary.save_summary(
            self.get_object(), serializer.validated_data["seats"], user=request.user
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(responses=AuditEntrySerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=AuditEntrySerializer, **WHOLE_LIST)
    def audit(self, request, pk=None):
        entries = AuditEntry.objects.filter(table=self.get_object()).select_related("user")
        entries = entries.order_by("created_at", "id")
        data = AuditEntrySerializer(entries, many=True, context={"request": request}).data
        if not roles.sees_full_names(request.user):  # the players named as they consented
            seated = list(self.get_object().seats.values_list("participant", flat=True))
            data = public_names.renamed(data, public_names.participant_names(seated))
            labels = public_names.renamed_texts([entry["object_repr"] for entry in data], seated)
            for entry, label in zip(data, labels, strict=True):
                entry["object_repr"] = label
        return Response(data)


def _table(pk) -> Table:
    """The table afresh after a change, with what its overview reads."""
    return Table.objects.select_related("series__tournament").get(pk=pk)

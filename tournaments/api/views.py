"""Viewsets of API.md section 2: thin wrappers that call the services."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import filters, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.models import (
    AuditEntry,
    Club,
    Game,
    GamePoints,
    Player,
    Series,
    Table,
    Tournament,
)
from tournaments.services import listkeeping, participants, ranking, seating, summary
from tournaments.services.errors import Rejected
from tournaments.services.tables import table_overview, table_overviews

from . import serializers as s
from .game_value import not_an_object
from .permissions import DirectorWritesOthersRead

GAME_EXAMPLE = OpenApiExample(
    "Kreuz mit 2, hand, won",
    value={"declarer_seat": 2, "game": "clubs", "matadors": 2, "hand": True, "won": True},
    request_only=True,
)


class ClubViewSet(viewsets.ModelViewSet):
    queryset = Club.objects.order_by("name")
    serializer_class = s.ClubSerializer
    permission_classes = [DirectorWritesOthersRead]
    filter_backends = [filters.SearchFilter]
    search_fields = ["name", "short_name"]


class PlayerViewSet(viewsets.ModelViewSet):
    queryset = Player.objects.select_related("club").order_by("last_name", "first_name")
    serializer_class = s.PlayerSerializer
    permission_classes = [DirectorWritesOthersRead]
    filter_backends = [DjangoFilterBackend, filters.SearchFilter]
    filterset_fields = ["club"]
    search_fields = ["first_name", "last_name", "club__name", "member_number"]


class TournamentViewSet(viewsets.ModelViewSet):
    queryset = Tournament.objects.select_related("club")
    serializer_class = s.TournamentSerializer
    permission_classes = [DirectorWritesOthersRead]
    filterset_fields = ["club", "status", "date"]

    @extend_schema(request=s.ParticipantSerializer, responses=s.ParticipantSerializer(many=True))
    @action(detail=True, methods=["get", "post"], serializer_class=s.ParticipantSerializer)
    def participants(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "POST":
            serializer = s.ParticipantSerializer(
                data=request.data, context={"tournament": tournament, "request": request}
            )
            serializer.is_valid(raise_exception=True)
            participant = serializer.save()
            return Response(s.ParticipantSerializer(participant).data, status.HTTP_201_CREATED)
        queryset = tournament.participants.select_related("player__club", "team")
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(s.ParticipantSerializer(page, many=True).data)

    @extend_schema(request=None, responses=s.SeriesSerializer(many=True))
    @action(detail=True, methods=["get", "post"], serializer_class=s.SeriesSerializer)
    def series(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "POST":
            created = participants.add_series(tournament)
            return Response(s.SeriesSerializer(created).data, status.HTTP_201_CREATED)
        return Response(s.SeriesSerializer(tournament.series.all(), many=True).data)

    @extend_schema(responses=s.RankingRowSerializer(many=True))
    @action(detail=True, methods=["get"])
    def ranking(self, request, pk=None):
        rows = ranking.rank_tournament(self.get_object())
        return Response(s.RankingRowSerializer(rows, many=True).data)


class SeriesViewSet(
    mixins.RetrieveModelMixin,
    mixins.ListModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    queryset = Series.objects.select_related("tournament")
    serializer_class = s.SeriesSerializer
    permission_classes = [DirectorWritesOthersRead]
    filterset_fields = ["tournament", "status"]

    @extend_schema(request=s.TableCreateSerializer, responses=s.TableSerializer(many=True))
    @action(detail=True, methods=["get", "post"])
    def tables(self, request, pk=None):
        series = self.get_object()
        if request.method == "POST":
            body = _object(request)
            table = seating.create_table(
                series, body.get("number"), body.get("seats"), user=request.user
            )
            return Response(table_overview(_table(table.pk)), status.HTTP_201_CREATED)
        return Response(table_overviews(series.tables.select_related("series__tournament")))

    @extend_schema(responses=s.RankingRowSerializer(many=True))
    @action(detail=True, methods=["get"])
    def ranking(self, request, pk=None):
        rows = ranking.rank_series(self.get_object())
        return Response(s.RankingRowSerializer(rows, many=True).data)


class TableViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    queryset = Table.objects.select_related("series__tournament")
    serializer_class = s.TableSerializer
    permission_classes = [DirectorWritesOthersRead]
    filterset_fields = ["series", "status"]

    def retrieve(self, request, pk=None):
        return Response(table_overview(self.get_object()))

    def list(self, request):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(table_overviews(page))

    @extend_schema(
        request=s.GameSerializer, responses=s.GameSerializer(many=True), examples=[GAME_EXAMPLE]
    )
    @action(detail=True, methods=["get", "post"], serializer_class=s.GameSerializer)
    def games(self, request, pk=None):
        table = self.get_object()
        if request.method == "POST":
            game = listkeeping.enter_game(table, _object(request), user=request.user)
            return Response(_game_data(table, game.number), status.HTTP_201_CREATED)
        return Response(s.GameSerializer(_games(table), many=True).data)

    @extend_schema(request=s.GameSerializer, responses=s.GameSerializer, examples=[GAME_EXAMPLE])
    @action(
        detail=True,
        methods=["get", "put", "patch", "delete"],
        url_path=r"games/(?P<number>[0-9]+)",
        serializer_class=s.GameSerializer,
    )
    def game(self, request, pk=None, number=None):
        table = self.get_object()
        number = int(number)
        if request.method == "GET":
            return Response(_game_data(table, number))
        if request.method == "DELETE":
            listkeeping.delete_game(table, number, user=request.user, reason=_reason(request))
            return Response(status=status.HTTP_204_NO_CONTENT)
        body = dict(_object(request))
        reason = body.pop("reason", "")
        listkeeping.correct_game(
            table,
            number,
            body,
            partial=request.method == "PATCH",
            user=request.user,
            reason=reason if isinstance(reason, str) else "",
        )
        return Response(_game_data(table, number))

    @extend_schema(request=s.SeatChangeSerializer, responses=s.TableSerializer)
    @action(detail=True, methods=["post"], serializer_class=s.SeatChangeSerializer)
    def leave(self, request, pk=None):
        body = _fields(request, seat="seat", after_game="after_game")
        seating.leave_table(self.get_object(), body["seat"], body["after_game"], user=request.user)
        return Response(table_overview(_table(pk)))

    @extend_schema(request=s.SeatChangeSerializer, responses=s.TableSerializer)
    @action(detail=True, methods=["post"], serializer_class=s.SeatChangeSerializer)
    def join(self, request, pk=None):
        body = _fields(request, participant="participant", from_game="from_game")
        seating.join_table(
            self.get_object(), body["participant"], body["from_game"], user=request.user
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(request=s.SeatChangeSerializer, responses=s.TableSerializer)
    @action(detail=True, methods=["post"], serializer_class=s.SeatChangeSerializer)
    def replace(self, request, pk=None):
        body = _fields(request, seat="seat", participant="participant", from_game="from_game")
        seating.replace_player(
            self.get_object(),
            body["seat"],
            body["participant"],
            body["from_game"],
            user=request.user,
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(request=s.SummarySerializer, responses=s.TableSerializer)
    @action(detail=True, methods=["put"], serializer_class=s.SummarySerializer)
    def summary(self, request, pk=None):
        serializer = s.SummarySerializer(data=_object(request))
        serializer.is_valid(raise_exception=True)
        summary.save_summary(
            self.get_object(), serializer.validated_data["seats"], user=request.user
        )
        return Response(table_overview(_table(pk)))

    @extend_schema(responses=s.AuditEntrySerializer(many=True))
    @action(detail=True, methods=["get"], serializer_class=s.AuditEntrySerializer)
    def audit(self, request, pk=None):
        entries = AuditEntry.objects.filter(table=self.get_object()).order_by("created_at", "id")
        return Response(s.AuditEntrySerializer(entries, many=True).data)


def _object(request) -> dict:
    if not isinstance(request.data, dict):
        raise Rejected([not_an_object()])
    return request.data


def _fields(request, **names) -> dict:
    """Required whole-number fields of a small action body, all problems at once."""
    from django.utils.translation import gettext_noop

    from tournaments.skat import Problem

    body = _object(request)
    problems = [
        Problem(
            name,
            "required_number",
            gettext_noop("%(field)s is required and must be a whole number."),
            {"field": name},
        )
        for name in names
        if not isinstance(body.get(name), int) or isinstance(body.get(name), bool)
    ]
    if problems:
        raise Rejected(problems)
    return {key: body[name] for key, name in names.items()}


def _reason(request) -> str:
    reason = request.data.get("reason", "") if isinstance(request.data, dict) else ""
    return reason if isinstance(reason, str) else ""


def _table(pk) -> Table:
    return Table.objects.select_related("series__tournament").get(pk=pk)


def _games(table: Table):
    return (
        Game.objects.filter(table=table)
        .select_related("table__series__tournament")
        .prefetch_related(Prefetch("points", queryset=GamePoints.objects.order_by("seat")))
        .order_by("number")
    )


def _game_data(table: Table, number: int) -> dict:
    game = get_object_or_404(_games(table), number=number)
    return s.GameSerializer(game).data

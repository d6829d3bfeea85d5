"""Viewsets of API.md section 2: thin wrappers that call the services."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_noop
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import filters, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
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
from tournaments.services import (
    draw,
    listkeeping,
    participants,
    player_import,
    ranking,
    seating,
    summary,
)
from tournaments.services.errors import Rejected, is_id
from tournaments.services.tables import table_overview, table_overviews
from tournaments.skat import Problem

from . import serializers as s
from .game_value import not_an_object
from .idempotency import idempotent
from .permissions import DirectorWritesOthersRead
from .signing import SignedTableSerializer
from .table_code import TableCodeWrites, table_code_actor

GAME_EXAMPLE = OpenApiExample(
    "Kreuz mit 2, hand, won",
    value={"declarer_seat": 2, "game": "clubs", "matadors": 2, "hand": True, "won": True},
    request_only=True,
)
REGISTER_EXAMPLES = [
    OpenApiExample("A known player", value={"player": 17}, request_only=True),
    OpenApiExample(
        "A new player, created in the same step",
        value={
            "new_player": {
                "first_name": "Erika",
                "last_name": "Muster",
                "club": 3,
                "member_number": "0815",
            },
            "team": 2,
        },
        request_only=True,
    ),
]
DRAW_EXAMPLE = OpenApiExample(
    "Seeded by the ranking, club mates apart",
    value={"mode": "seeded", "seed": 42, "prefer_three": False, "separate_clubs": True},
    request_only=True,
)
SEARCH = OpenApiParameter(
    "search",
    OpenApiTypes.STR,
    description="Words that must all match the first or last name, the club or the start number.",
)
PARTICIPANT_ID = OpenApiParameter(
    "participant_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The participant's id."
)
QUERY = OpenApiParameter(
    "q",
    OpenApiTypes.STR,
    description="Words that must all match the first or last name, the club or the member number.",
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

    @extend_schema(
        methods=["GET"], parameters=[SEARCH], responses=s.ParticipantSerializer(many=True)
    )
    @extend_schema(
        methods=["POST"],
        request=s.ParticipantCreateSerializer,
        responses={201: s.ParticipantSerializer},
        examples=REGISTER_EXAMPLES,
    )
    @action(
        detail=True,
        methods=["get", "post"],
        serializer_class=s.ParticipantSerializer,
        filter_backends=[],
    )
    def participants(self, request, pk=None):
        """Registered players (``?search=`` filters); POST registers a known or new player."""
        tournament = self.get_object()
        if request.method == "POST":
            serializer = s.ParticipantCreateSerializer(data=_body(request, '{"player": 17}'))
            serializer.is_valid(raise_exception=True)
            data = serializer.validated_data
            options = {"start_number": data.get("start_number"), "team": data.get("team")}
            if "new_player" in data:
                participant = participants.register_new_player(
                    tournament, **data["new_player"], **options, user=request.user
                )
            else:
                participant = participants.register(
                    tournament, data["player"], **options, user=request.user
                )
            return Response(
                s.ParticipantSerializer(_participant(tournament, participant.pk)).data,
                status.HTTP_201_CREATED,
            )
        queryset = participants.search_participants(tournament, request.query_params.get("search"))
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(s.ParticipantSerializer(page, many=True).data)

    @extend_schema(methods=["GET"], parameters=[PARTICIPANT_ID], responses=s.ParticipantSerializer)
    @extend_schema(
        methods=["PATCH"],
        parameters=[PARTICIPANT_ID],
        request=s.ParticipantUpdateSerializer,
        responses=s.ParticipantSerializer,
        examples=[OpenApiExample("Withdraw", value={"withdrawn": True}, request_only=True)],
    )
    @extend_schema(methods=["DELETE"], parameters=[PARTICIPANT_ID], responses={204: None})
    @action(
        detail=True,
        methods=["get", "patch", "delete"],
        url_path=r"participants/(?P<participant_id>[0-9]+)",
        serializer_class=s.ParticipantSerializer,
        filter_backends=[],
    )
    def participant(self, request, pk=None, participant_id=None):
        """One registration: withdraw it or change its team (PATCH), or delete a mistake."""
        tournament = self.get_object()
        participant = _participant(tournament, participant_id)
        if request.method == "DELETE":
            participants.remove_participant(participant, user=request.user)
            return Response(status=status.HTTP_204_NO_CONTENT)
        if request.method == "PATCH":
            serializer = s.ParticipantUpdateSerializer(data=_body(request, '{"withdrawn": true}'))
            serializer.is_valid(raise_exception=True)
            participants.update_participant(
                participant, **serializer.validated_data, user=request.user
            )
            participant = _participant(tournament, participant_id)
        return Response(s.ParticipantSerializer(participant).data)

    @extend_schema(
        request={"multipart/form-data": s.ImportRequestSerializer},
        responses={200: s.ImportSerializer, 201: s.ImportSerializer},
    )
    @action(
        detail=True,
        methods=["post"],
        url_path="participants/import",
        parser_classes=[MultiPartParser, FormParser],
        serializer_class=s.ImportSerializer,
        filter_backends=[],
    )
    def import_participants(self, request, pk=None):
        """Preview a CSV/XLSX player list (``commit=false``) or register it (``commit=true``)."""
        tournament = self.get_object()
        upload, commit = _import_request(request)
        resolutions = player_import.read_resolutions(request.data.get("resolutions"))
        rows = player_import.read_player_rows(upload.name, upload.read())
        if not commit:
            preview = player_import.preview_import(tournament, rows, resolutions)
            return Response(_import_data(preview.lines, preview, None))
        result = player_import.commit_import(
            tournament, rows, resolutions=resolutions, user=request.user
        )
        preview = player_import.ImportPreview(result.lines)
        return Response(_import_data(result.lines, preview, result), status.HTTP_201_CREATED)

    @extend_schema(parameters=[QUERY], responses=s.PlayerSearchSerializer(many=True))
    @action(
        detail=True,
        methods=["get"],
        url_path="player-search",
        serializer_class=s.PlayerSearchSerializer,
        filter_backends=[],
        pagination_class=None,
    )
    def player_search(self, request, pk=None):
        """Up to 20 players for the registration desk, each marked if already registered."""
        matches = participants.search_players(self.get_object(), request.query_params.get("q"))
        return Response(s.PlayerSearchSerializer(matches, many=True).data)

    @extend_schema(methods=["GET"], responses=s.TeamSerializer(many=True))
    @extend_schema(methods=["POST"], request=s.TeamSerializer, responses={201: s.TeamSerializer})
    @action(
        detail=True,
        methods=["get", "post"],
        serializer_class=s.TeamSerializer,
        filter_backends=[],
        pagination_class=None,
    )
    def teams(self, request, pk=None):
        """The tournament's teams; members join through their registration's ``team``."""
        tournament = self.get_object()
        if request.method == "POST":
            serializer = s.TeamSerializer(data=_body(request, '{"name": "Kreuz Asse"}'))
            serializer.is_valid(raise_exception=True)
            team = participants.create_team(
                tournament,
                serializer.validated_data["name"],
                serializer.validated_data.get("club"),
                user=request.user,
            )
            return Response(s.TeamSerializer(team).data, status.HTTP_201_CREATED)
        teams = participants.teams_with_members(tournament)
        return Response(s.TeamSerializer(teams, many=True).data)

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

    @extend_schema(methods=["GET"], responses=s.DrawSerializer)
    @extend_schema(
        methods=["POST"],
        request=s.DrawRequestSerializer,
        responses={201: s.DrawSerializer},
        examples=[DRAW_EXAMPLE],
    )
    @action(
        detail=True, methods=["get", "post"], serializer_class=s.DrawSerializer, filter_backends=[]
    )
    def draw(self, request, pk=None):
        """Draw (or redraw, until the first game) the tables; GET shows the stored draw."""
        series = self.get_object()
        if request.method == "GET":
            return Response(_draw_data(draw.stored_draw(series)))
        body = _body(request, '{"mode": "random"}')
        drawn = draw.draw_series(
            series,
            mode=body.get("mode", draw.DrawMode.RANDOM.value),
            seed=body.get("seed"),
            prefer_three=body.get("prefer_three", False),
            separate_clubs=body.get("separate_clubs", False),
            user=request.user,
        )
        return Response(_draw_data(drawn), status.HTTP_201_CREATED)


class TableViewSet(mixins.RetrieveModelMixin, mixins.ListModelMixin, viewsets.GenericViewSet):
    queryset = Table.objects.select_related("series__tournament")
    serializer_class = SignedTableSerializer
    permission_classes = [DirectorWritesOthersRead | TableCodeWrites]
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
    @idempotent
    def games(self, request, pk=None):
        table = self.get_object()
        if request.method == "POST":
            game = listkeeping.enter_game(
                table, _object(request), user=request.user, actor=table_code_actor(request)
            )
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
            listkeeping.delete_game(
                table,
                number,
                user=request.user,
                actor=table_code_actor(request),
                reason=_reason(request),
            )
            return Response(status=status.HTTP_204_NO_CONTENT)
        body = dict(_object(request))
        reason = body.pop("reason", "")
        listkeeping.correct_game(
            table,
            number,
            body,
            partial=request.method == "PATCH",
            user=request.user,
            actor=table_code_actor(request),
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


def _body(request, example: str) -> dict:
    """The JSON object a request must send; anything else is refused with an example."""
    if not isinstance(request.data, dict):
        raise Rejected.because(
            "body",
            "not_an_object",
            gettext_noop("Send the request body as a JSON object, e.g. %(example)s."),
            example=example,
        )
    return request.data


def _fields(request, **names) -> dict:
    """Required whole-number fields of a small action body, all problems at once."""
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


def _participant(tournament, participant_id):
    """A registration of ``tournament`` by id, or a 404 in the API's error format."""
    participant_id = int(participant_id)
    found = (
        tournament.participants.select_related("player__club", "team")
        .filter(pk=participant_id)
        .first()
        if is_id(participant_id)
        else None
    )
    if found is None:
        raise Rejected.because(
            "participant",
            "unknown_participant",
            gettext_noop("Participant %(ids)s is not registered for this tournament."),
            missing=True,
            ids=participant_id,
        )
    return found


def _import_request(request):
    """The uploaded file and whether to commit, or every problem with the form at once."""
    problems = []
    upload = request.FILES.get("file")
    if upload is None:
        problems.append(
            Problem(
                "file",
                "file_required",
                gettext_noop(
                    'Send the player list as a file in the form field "file" '
                    "(multipart/form-data), as CSV or XLSX."
                ),
            )
        )
    else:
        problem = player_import.file_size_problem(upload.name, upload.size)
        if problem is not None:
            problems.append(problem)
    raw = request.data.get("commit", "false")
    commit = {"true": True, "1": True, "false": False, "0": False, "": False}.get(
        str(raw).strip().lower()
    )
    if commit is None:
        problems.append(
            Problem(
                "commit",
                "not_a_boolean",
                gettext_noop(
                    'commit must be "true" (register the players) or "false" (only preview).'
                ),
            )
        )
    if problems:
        raise Rejected(problems)
    return upload, commit


def _problems(problems) -> list[dict]:
    return [problem.as_dict(gettext) for problem in problems]


def _import_data(lines, preview, result) -> dict:
    return {
        "committed": result is not None,
        "counts": preview.counts,
        "importable": preview.importable,
        "lines": [
            {
                "line": line.row.line,
                "status": line.status.value,
                "first_name": line.row.first_name,
                "last_name": line.row.last_name,
                "club": line.row.club,
                "member_number": line.row.member_number,
                "team": line.row.team,
                "player": line.player.pk if line.player is not None else None,
                "duplicate_of": line.duplicate_of,
                "problems": _problems(line.problems),
                "notes": _problems(line.notes),
            }
            for line in lines
        ],
        "result": None
        if result is None
        else {
            "created_players": result.created_players,
            "matched_players": result.matched_players,
            "registered": result.registered,
            "skipped": result.skipped,
            "created_clubs": result.created_clubs,
            "created_teams": result.created_teams,
            "participants": [participant.pk for participant in result.participants],
        },
    }


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

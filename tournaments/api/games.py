"""The games of a table's list (Spiele): enter, read, correct and delete.

The ``games`` and ``games/{number}`` actions of the table viewset, kept as a mixin so the
entry path stays easy to find and to wrap (a decorator on :meth:`GameActions.games`).
A table device with the table's code may use these as well as a director. Where a
tournament keeps two lists per table, a device with the second code (list B) enters,
corrects and deletes list B's games here, and ``GET games/?list=B`` reads them.
"""

import functools

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.models import Game, GamePoints, ListLocked, SecondListGame, Table
from tournaments.services import states
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping, second_list
from tournaments.services.lists.offline_entry import entry_data, record_clash, same_game_stored
from tournaments.services.roles import Role

from .idempotency import idempotent
from .list_state import carries_list_state, with_state_after_entry
from .nested_lists import WHOLE_LIST
from .request_bodies import json_object, reason_of
from .serializers.games import GameSerializer, SecondGameSerializer, game_representation
from .table_code import table_code_actor, table_code_list

GAME_EXAMPLE = OpenApiExample(
    "Kreuz mit 2, hand, won",
    value={"declarer_seat": 2, "game": "clubs", "matadors": 2, "hand": True, "won": True},
    request_only=True,
)
LINE_EXAMPLE = OpenApiExample(
    "The same game as a typed notation line, as game 5 (docs/notation.md)",
    value={"line": "2 kr m2 h +", "number": 5},
    request_only=True,
)


def records_clashes(action):
    """Write a table device's refused game (409: the list moved on) to the audit trail.

    Outside :func:`idempotent` on purpose: the refused action's transaction is rolled
    back, the audit entry must stay.
    """

    @functools.wraps(action)
    def wrapper(view, request, *args, **kwargs):
        try:
            return action(view, request, *args, **kwargs)
        except (Rejected, ListLocked) as error:
            actor = table_code_actor(request)
            refused = error.problems if isinstance(error, Rejected) else [error.problem]
            clash = isinstance(error, ListLocked) or error.conflict
            if request.method == "POST" and actor and clash:
                record_clash(view.get_object(), request.data, refused, actor=actor)
            raise

    return wrapper


class GameActions:
    # A comment, not a docstring: the schema would show it as every operation's description.
    # ``games`` (list, enter) and ``games/{number}`` (read, correct, delete).

    @extend_schema(methods=["GET"], responses=GameSerializer(many=True))
    @extend_schema(
        methods=["POST"],
        request=GameSerializer,
        responses={201: GameSerializer},
        examples=[GAME_EXAMPLE, LINE_EXAMPLE],
    )
    @action(detail=True, methods=["get", "post"], serializer_class=GameSerializer, **WHOLE_LIST)
    @functools.partial(carries_list_state, stored_game=lambda *found: game_data(*found))
    @records_clashes
    @idempotent
    def games(self, request, pk=None):
        table = self.get_object()
        kept_list = table_code_list(request)
        if request.method == "POST":
            data = entry_data(table, json_object(request))
            try:
                game = states.apply(
                    table,
                    "enter",
                    request.user,
                    roles=entry_roles(request),
                    actor=table_code_actor(request),
                    game=data,
                    kept_list=kept_list,
                )
            except Rejected as refused:
                # Only a retrying client (one that sends an Idempotency-Key, like the table
                # device's offline queue) gets an identical stored game answered as stored;
                # two devices racing to post the same game get the conflict (409).
                retrying = bool(request.headers.get("Idempotency-Key"))
                stored = same_game_stored(table, data, refused, kept_list) if retrying else None
                if stored is None:
                    raise
                return Response(game_data(table, stored.number, kept_list), status.HTTP_200_OK)
            # The game as it was just stored, with its points and valuation: nothing is
            # read back for the answer; its state, if asked, from what the entry read.
            second = kept_list == "B"
            shown = SecondGameSerializer(game).data if second else game_representation(game)
            answer = Response(shown, status.HTTP_201_CREATED)
            return with_state_after_entry(answer, request, game)
        if request.query_params.get("list") == "B":
            return Response(SecondGameSerializer(second_games_of(table), many=True).data)
        return Response(GameSerializer(games_of(table), many=True).data)

    @extend_schema(request=GameSerializer, responses=GameSerializer, examples=[GAME_EXAMPLE])
    @action(
        detail=True,
        methods=["get", "put", "patch", "delete"],
        url_path=r"games/(?P<number>[0-9]+)",
        serializer_class=GameSerializer,
        filter_backends=[],
    )
    @carries_list_state
    def game(self, request, pk=None, number=None):
        table = self.get_object()
        number = int(number)
        kept_list = table_code_list(request)
        if request.method == "GET":
            return Response(game_data(table, number, request.query_params.get("list", "A")))
        second = kept_list == "B"
        if request.method == "DELETE":
            (second_list.delete_second_game if second else listkeeping.delete_game)(
                table,
                number,
                user=request.user,
                actor=table_code_actor(request),
                reason=reason_of(request),
            )
            return Response(status=status.HTTP_204_NO_CONTENT)
        body = dict(json_object(request))
        reason = body.pop("reason", "")
        correct = second_list.correct_second_game if second else listkeeping.correct_game
        correct(
            table,
            number,
            body,
            partial=request.method == "PATCH",
            user=request.user,
            actor=table_code_actor(request),
            reason=reason if isinstance(reason, str) else "",
        )
        return Response(game_data(table, number, kept_list))


def entry_roles(request) -> frozenset:
    """Who enters: a table device known by its code, else the director the permission
    classes admitted (the roles were asked there, services/roles.py)."""
    return frozenset({Role.TABLE_DEVICE if table_code_actor(request) else Role.DIRECTOR})


def games_of(table: Table):
    """The table's games in list order, with what the serializer reads prefetched."""
    return (
        Game.objects.filter(table=table)
        .select_related("table__series__tournament")
        .prefetch_related(Prefetch("points", queryset=GamePoints.objects.order_by("seat")))
        .order_by("number")
    )


def second_games_of(table: Table):
    """List B's games in list order (a tournament keeping two lists per table)."""
    return (
        SecondListGame.objects.filter(table=table)
        .select_related("table__series__tournament")
        .order_by("number")
    )


def game_data(table: Table, number: int, kept_list="A") -> dict:
    if kept_list == "B":
        return SecondGameSerializer(get_object_or_404(second_games_of(table), number=number)).data
    game = get_object_or_404(games_of(table), number=number)
    return game_representation(game)

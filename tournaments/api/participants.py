"""The registration desk of a tournament: participants, the player search and teams.

These are actions of the tournament viewset (``tournaments/{id}/participants/`` …), kept
here as a mixin so that the tournament module stays one screen long.
"""

from django.utils.translation import gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.models import Publication
from tournaments.services import participants, roles
from tournaments.services.errors import Rejected, is_id

from .request_bodies import json_body
from .serializers import participants as s

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


class ParticipantActions:
    # A comment, not a docstring: the schema would show it as every operation's description.
    # ``participants``, ``participants/{participant_id}``, ``player-search`` and ``teams``.

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
            serializer = s.ParticipantCreateSerializer(data=json_body(request, '{"player": 17}'))
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
                s.ParticipantSerializer(participant_of(tournament, participant.pk)).data,
                status.HTTP_201_CREATED,
            )
        search = request.query_params.get("search")
        queryset = participants.search_participants(tournament, search)
        public = not roles.sees_full_names(request.user)
        if public and search:  # a hidden last name must not find its player
            queryset = queryset.filter(player__publication=Publication.FULL)
        page = self.paginate_queryset(queryset)
        return self.get_paginated_response(
            s.ParticipantSerializer(page, many=True, context={"public": public}).data
        )

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
        participant = participant_of(tournament, participant_id)
        if request.method == "DELETE":
            participants.remove_participant(participant, user=request.user)
            return Response(status=status.HTTP_204_NO_CONTENT)
        if request.method == "PATCH":
            serializer = s.ParticipantUpdateSerializer(
                data=json_body(request, '{"withdrawn": true}')
            )
            serializer.is_valid(raise_exception=True)
            participants.update_participant(
                participant, **serializer.validated_data, user=request.user
            )
            participant = participant_of(tournament, participant_id)
        public = not roles.sees_full_names(request.user)
        return Response(s.ParticipantSerializer(participant, context={"public": public}).data)

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
        if not roles.sees_full_names(request.user):  # the public finds only full names
            matches = [match for match in matches if match.player.publication == Publication.FULL]
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
            serializer = s.TeamSerializer(data=json_body(request, '{"name": "Kreuz Asse"}'))
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


def participant_of(tournament, participant_id):
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

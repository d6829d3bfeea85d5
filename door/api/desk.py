"""The desk's API (§11): ``arrivals/``, ``arrivals/{arrival_id}/accept/``,
``arrivals/reject/`` of a tournament and ``participants/{id}/check-in/``.

Only a director of the tournament's club (``roles.may_direct``) uses them, for reading
too: a waiting arrival is nobody's business before it is accepted.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from door.services import desk
from tournaments.api.permissions import scoped_object
from tournaments.api.request_bodies import json_body
from tournaments.api.serializers.participants import ParticipantSerializer
from tournaments.models import Participant, Tournament
from tournaments.services import roles

from .serializers import (
    AcceptSerializer,
    ArrivalsSerializer,
    CheckInSerializer,
    RejectedSerializer,
    RejectSerializer,
)


class DirectsTheEvent(BasePermission):
    """The event's directors only (an unknown id is left to the view's 404)."""

    message = "Only a director of this tournament's club may use the desk; please log in."

    def has_permission(self, request, view) -> bool:
        event = scoped_object(request, view)
        if event is None:
            return roles.is_director(request.user)
        return roles.may_direct(request.user, event)


class DeskView(APIView):
    permission_classes = [DirectsTheEvent]
    scope_model = Tournament

    def tournament(self, pk) -> Tournament:
        return get_object_or_404(Tournament, pk=pk)


def arrival_row(arrival) -> dict:
    return {
        "id": arrival.pk,
        "number": arrival.number,
        "first_name": arrival.first_name,
        "last_name": arrival.last_name,
        "club": arrival.club.name if arrival.club else arrival.club_name,
        "member_number": arrival.member_number,
        "match": arrival.match_id,
    }


def participant_answer(participant) -> dict:
    participant = Participant.objects.select_related("player__club", "team").get(pk=participant.pk)
    return ParticipantSerializer(participant).data


class ArrivalsView(DeskView):
    """The arrivals waiting at the desk, newest first, each with the player recognised."""

    @extend_schema(responses=ArrivalsSerializer)
    def get(self, request, pk):
        tournament = self.tournament(pk)
        arrivals = desk.waiting_arrivals(tournament, request.query_params.get("q", ""))
        return Response(
            {
                "waiting": [arrival_row(arrival) for arrival in arrivals],
                "from_series": desk.next_series(tournament),
            }
        )


class AcceptView(DeskView):
    """Accept an arrival: the player (a stored one by id, or null for new) is registered
    with the next start number and marked present; ``paid`` books the entry fee."""

    @extend_schema(
        request=AcceptSerializer,
        responses=ParticipantSerializer,
        examples=[OpenApiExample("Paid, new", value={"player": None, "paid": True})],
    )
    def post(self, request, pk, arrival_id):
        tournament = self.tournament(pk)
        data = json_body(request, '{"player": null, "paid": true}')
        serializer = AcceptSerializer(data=data)
        serializer.is_valid(raise_exception=True)
        values = serializer.validated_data
        arrival = desk.arrival_of(tournament, arrival_id)
        player = desk.player_of(values.get("player"))
        participant = desk.accept(
            arrival, player=player, paid=values.get("paid", False), user=request.user
        )
        return Response(participant_answer(participant))


class RejectView(DeskView):
    """Reject waiting registrations at once: a mistake, or a burst of junk."""

    @extend_schema(request=RejectSerializer, responses=RejectedSerializer)
    def post(self, request, pk):
        tournament = self.tournament(pk)
        data = json_body(request, '{"arrivals": [12, 13]}')
        arrivals = data.get("arrivals") if isinstance(data, dict) else None
        count = desk.reject(tournament, arrivals, user=request.user)
        return Response({"rejected": count})


class CheckInView(DeskView):
    """A player registered earlier arrives: marked present; ``paid`` books the entry fee."""

    scope_model = Participant

    @extend_schema(request=CheckInSerializer, responses=ParticipantSerializer)
    def post(self, request, pk):
        participant = get_object_or_404(Participant, pk=pk)
        serializer = CheckInSerializer(data=json_body(request, '{"paid": true}'))
        serializer.is_valid(raise_exception=True)
        paid = serializer.validated_data.get("paid", False)
        desk.check_in(participant, paid=paid, user=request.user)
        return Response(participant_answer(participant))

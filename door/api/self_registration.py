"""``POST tournaments/{id}/self-registrations/``: a player registers on their own phone.

Anonymous, and throttled per client address (``self-registration`` in the throttle rates),
so one phone cannot flood the desk's list.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from door.services.self_registration import DoorClosed, self_register
from tournaments.api.errors import problems_response
from tournaments.api.throttles import AddressRateThrottle
from tournaments.models import Tournament

from .serializers import RegisteredSerializer, SelfRegistrationSerializer


def registered(arrival) -> dict:
    return {"id": arrival.pk, "status": arrival.status, "number": arrival.number}


class SelfRegistrationView(APIView):
    """Register at the door; the same person again gets the first registration (200)."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_classes = [AddressRateThrottle]
    throttle_scope = "self-registration"

    @extend_schema(
        request=SelfRegistrationSerializer,
        responses={201: RegisteredSerializer, 200: RegisteredSerializer},
        examples=[
            OpenApiExample(
                "A player of a club",
                value={
                    "first_name": "Erika",
                    "last_name": "Mustermann",
                    "club": "Skatfreunde Elbe",
                    "member_number": "0815",
                    "publication": "short",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request, pk):
        tournament = get_object_or_404(Tournament, pk=pk)
        try:
            arrival, new = self_register(tournament, request.data)
        except DoorClosed as closed:
            return problems_response(closed.problems, status.HTTP_403_FORBIDDEN)
        code = status.HTTP_201_CREATED if new else status.HTTP_200_OK
        return Response(registered(arrival), status=code)

"""Finishing and reopening a series or a tournament (``finish/``, ``reopen/``).

Thin actions over :func:`tournaments.services.states.apply`; the viewsets of both mix them in.
"""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.models import Tournament
from tournaments.services import states

from .fields import StrictBooleanField
from .request_bodies import json_body, json_object
from .serializers.series import ReopenReasonSerializer


class FinishSerializer(serializers.Serializer):
    open_money_ok = StrictBooleanField(
        required=False,
        help_text="Tournaments: finish although participants still owe money (or are owed); "
        "without it such a finish is refused with 409 money_open naming who owes how much.",
    )


class FinishActions:
    """``finish/`` and ``reopen/`` of a series or tournament, through :mod:`services.states`."""

    @extend_schema(
        request=FinishSerializer,
        summary="Finish it: every list locked (series), every series finished and no money "
        "open unless confirmed (tournament)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def finish(self, request, pk=None):
        body = json_body(request, "{}")
        obj = self.get_object()
        details = {}
        if isinstance(obj, Tournament):
            details["open_money_ok"] = body.get("open_money_ok") is True
        finished = states.apply(obj, "finish", request.user, **details)
        return Response(self.get_serializer(finished).data)

    @extend_schema(request=ReopenReasonSerializer, summary="Reopen a finished one, with a reason")
    @action(detail=True, methods=["post"], filter_backends=[])
    def reopen(self, request, pk=None):
        body = json_object(request)
        reopened = states.apply(self.get_object(), "reopen", request.user, body.get("reason"))
        return Response(self.get_serializer(reopened).data)

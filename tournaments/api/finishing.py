"""Finishing and reopening a series or a tournament (``finish/``, ``reopen/``).

Thin actions over :func:`tournaments.services.states.apply`; the viewsets of both mix them in.
"""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.services import states

from .request_bodies import json_body, json_object
from .serializers.series import ReopenReasonSerializer


class FinishActions:
    """``finish/`` and ``reopen/`` of a series or tournament, through :mod:`services.states`."""

    @extend_schema(
        request=None,
        summary="Finish it: every list locked (series), every series finished (tournament)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def finish(self, request, pk=None):
        json_body(request, "{}")
        finished = states.apply(self.get_object(), "finish", request.user)
        return Response(self.get_serializer(finished).data)

    @extend_schema(request=ReopenReasonSerializer, summary="Reopen a finished one, with a reason")
    @action(detail=True, methods=["post"], filter_backends=[])
    def reopen(self, request, pk=None):
        body = json_object(request)
        reopened = states.apply(self.get_object(), "reopen", request.user, body.get("reason"))
        return Response(self.get_serializer(reopened).data)

"""Conditional GETs for the API's ranking JSON, keyed by the tournament version.

A client that sends the ETag it got (``If-None-Match``) is answered ``304 Not Modified``
until a game, list, seat or participant of the tournament changes; otherwise the ranking
comes from the per-version cache (``services/ranking_cache.py``).
"""

from abc import ABC, abstractmethod
from collections.abc import Callable

from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.services import roles
from tournaments.services.result_access import refuse_withheld
from tournaments.services.versions import current_version

from .nested_lists import WHOLE_LIST
from .serializers.tournaments import RankingRowSerializer


def versioned_response(request, tournament_id: int, scope: str, respond):
    """``respond(version)`` builds the answer; skipped when the client's copy is current.
    The people running events and the public read different names, so different ETags."""
    version = current_version(tournament_id)[0]
    audience = "full" if roles.sees_full_names(request.user) else "public"
    etag = f'"api-{scope}-t{tournament_id}v{version}-{get_language()}-{audience}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = respond(version)
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


class RankingAction(ABC):
    """``{id}/ranking/`` of the tournament and series viewsets, answered as above.

    A viewset says what its object's ranking is with :meth:`ranking_source`: the id of the
    tournament whose version keys the ETag, the ETag's scope, and the ranking for a version.
    """

    @abstractmethod
    def ranking_source(self, found) -> tuple[int, str, Callable[[int], list]]:
        """(tournament id, ETag scope, ranking rows for a version) of ``found``."""

    @extend_schema(responses=RankingRowSerializer(many=True))
    @action(detail=True, methods=["get"], **WHOLE_LIST)
    def ranking(self, request, pk=None):
        tournament_id, scope, rows = self.ranking_source(self.get_object())
        refuse_withheld(request.user, tournament_id)
        return versioned_response(
            request,
            tournament_id,
            scope,
            lambda version: Response(
                RankingRowSerializer(
                    rows(version),
                    many=True,
                    context={"public": not roles.sees_full_names(request.user)},
                ).data
            ),
        )

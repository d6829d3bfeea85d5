"""Conditional GETs for the API's ranking JSON, keyed by the tournament version.

A client that sends the ETag it got (``If-None-Match``) is answered ``304 Not Modified``
until a game, list, seat or participant of the tournament changes; otherwise the ranking
comes from the per-version cache (``services/ranking_cache.py``).
"""

from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import get_language

from tournaments.services.versions import current_version


def versioned_response(request, tournament_id: int, scope: str, respond):
    """``respond(version)`` builds the answer; skipped when the client's copy is current."""
    version = current_version(tournament_id)[0]
    etag = f'"api-{scope}-t{tournament_id}v{version}-{get_language()}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = respond(version)
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, max_age=0)
    return response

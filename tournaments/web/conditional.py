"""Conditional requests for live pages: ETags from the tournament version, and the tiny
"has anything changed?" endpoint that the pages' self-refresh polls.

A phone that already shows the current ranking gets ``304 Not Modified`` after one
primary-key read; ``static/js/live.js`` fetches the ranking again only when the version
it polls has moved.
"""

import hashlib
from functools import wraps

from django.http import Http404, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import condition, require_safe

from tournaments.services.versions import current_version


def tournament_etag(request, tournament_id, **kwargs) -> str | None:
    """The tournament's version plus what else changes the page: language, user, query."""
    found = request_version(request, tournament_id)
    if found is None:
        return None
    return version_etag(request, tournament_id, found[0])


def version_etag(request, tournament_id, version: int) -> str:
    """The ETag of this page as it was at ``version``."""
    user = request.user.pk if request.user.is_authenticated else 0
    variant = f"{get_language()}|{user}|{request.get_full_path()}"
    digest = hashlib.sha256(variant.encode()).hexdigest()[:16]
    return f"t{tournament_id}v{version}-{digest}"


def request_version(request, tournament_id) -> tuple[int, object] | None:
    """The version read once per request, before any data keyed by it."""
    if getattr(request, "_tournament_version", None) is None:
        request._tournament_version = current_version(tournament_id)
    return request._tournament_version


def live_page(view):
    """A public page keyed by its tournament's version: ETag, 304, revalidate, compressed.

    Compression is safe here (BREACH): public pages reflect no secret but the CSRF token
    of the language form, which Django masks anew for every response.
    """

    @gzip_page
    @condition(etag_func=tournament_etag)
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        # Browsers may keep the page but must ask (If-None-Match) before showing it again.
        patch_cache_control(response, private=True, no_cache=True, max_age=0)
        return response

    return wrapper


@require_safe
def tournament_version(request, tournament_id):
    """``{"version": 17, "changed_at": "…"}``: what a polling page compares with its own."""
    found = current_version(tournament_id)
    if found is None:
        raise Http404
    version, changed_at = found
    response = JsonResponse({"version": version, "changed_at": changed_at.isoformat()})
    patch_cache_control(response, no_cache=True, max_age=0)
    return response

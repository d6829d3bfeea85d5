"""The live refresh's ranking table (``?fragment=1``): rendered at most every few seconds.

While games are entered the tournament version moves more than once a second, so nearly
every phone that polls (``static/js/live.js``) finds it changed and fetches the table.
Rendering it once per version would put a ranking computation on the path of a phone
after almost every game, and several workers would compute the same one at once.
Instead the newest table rendered for a page is kept in the worker's pages cache
(``ranking_cache.PAGES_CACHE``, its own memory: no database write on a phone's path)
with its version and the time it was made, and a live refresh gets it as it is while it
is at most :data:`MAX_AGE_SECONDS` old (or already current). So whatever the rate of
entries, a worker renders a page at most once in that time; the lock below keeps a
threaded worker's other requests answering with the newest table while it is made.

A table older than the version is marked as such: its ``data-version`` and its ETag name
the version it shows, so live.js asks again at its next poll and a client that
revalidates is not told "304" for a table it does not have. The full page (a first
visit, the "Refresh" link) is always exact; only the refresh of an open page may lag by
those few seconds, while its poll interval is 30 seconds anyway.
"""

import hashlib
import time
from functools import wraps

from django.http import HttpResponse
from django.utils.http import quote_etag
from django.utils.translation import get_language

from tournaments.services.ranking_cache import pages_cache

from .conditional import request_version, version_etag
from .paging import NAME_PARAMETER, PAGE_PARAMETER

MAX_AGE_SECONDS = 5
RENDERING_LOCK_SECONDS = 30  # a worker that died while rendering blocks nobody for longer
KEEP_SECONDS = 6 * 60 * 60


def live_table(view):
    """Answer a ranking view's ``?fragment=1`` from the newest table rendered for it."""

    @wraps(view)
    def wrapper(request, tournament_id, **kwargs):
        found = request_version(request, tournament_id)
        if request.GET.get("fragment") != "1" or found is None:
            return view(request, tournament_id, **kwargs)
        version = found[0]
        key = cache_key(request)
        newest = pages_cache().get(key)
        if newest is not None and not _must_render(newest, version, key):
            return _answer(request, tournament_id, newest, version)
        try:
            response = view(request, tournament_id, **kwargs)
            if response.status_code == 200:
                pages_cache().set(key, (version, _now(), response.content), KEEP_SECONDS)
        finally:
            if newest is not None:  # only a renderer that replaces a table holds the lock
                pages_cache().delete(rendering_lock(key))
        return response

    return wrapper


def _must_render(newest, version: int, key: str) -> bool:
    """True for the one request that renders a new table; the rest take the newest."""
    made_for, made_at, _ = newest
    if made_for >= version or _now() - made_at < MAX_AGE_SECONDS:
        return False
    return pages_cache().add(rendering_lock(key), True, RENDERING_LOCK_SECONDS)


def _answer(request, tournament_id, newest, version: int) -> HttpResponse:
    made_for, _, content = newest
    response = HttpResponse(content)
    if made_for != version:
        response["ETag"] = quote_etag(version_etag(request, tournament_id, made_for))
    return response


def cache_key(request) -> str:
    """One table per page, language, page number and name search (the path holds the
    tournament, and the series for a series ranking)."""
    asked = "\n".join(request.GET.get(name, "") for name in (PAGE_PARAMETER, NAME_PARAMETER))
    digest = hashlib.sha256(asked.encode()).hexdigest()[:16]
    return f"live-table:{request.path}:{get_language()}:{digest}"


def rendering_lock(key: str) -> str:
    return key + ":rendering"


def _now() -> float:
    return time.time()

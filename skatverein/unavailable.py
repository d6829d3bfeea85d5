"""A database another process keeps locked, or a full disk: 503, never a 500.

Both are passing faults of the machine, not of the request: SQLite's write lock held
beyond the busy timeout by another process (a backup, a second server started by
mistake; PostgreSQL's lock timeout likewise), or no space left for the database or a
file ("database or disk is full", ``OSError`` ENOSPC). Nothing of the request was saved
(its transaction was rolled back), so the answer says so in German, with ``Retry-After``:
the error page for a page, the API's error format under ``/api/``. ``/healthz`` reports
the same two reasons (skatverein/health.py).
"""

import errno
import logging

from django.db import Error as DatabaseError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext

logger = logging.getLogger("django.request")

LOCKED = "locked"
FULL = "full"
# Seconds a client waits before trying again: a lock passes in moments, disk space needs
# someone to free it.
RETRY_AFTER = {LOCKED: 5, FULL: 60}
_LOCKED_WORDS = ("database is locked", "database table is locked", "lock timeout")
_FULL_WORDS = ("database or disk is full", "no space left on device", "could not extend file")
_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT}


def unavailable_reason(error: BaseException | None) -> str | None:
    """``LOCKED`` or ``FULL`` for an error (or one it was raised from) that says so, else
    None."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, OSError) and error.errno in _FULL_ERRNOS:
            return FULL
        if isinstance(error, DatabaseError | OSError):
            text = str(error).lower()
            if any(words in text for words in _LOCKED_WORDS):
                return LOCKED
            if any(words in text for words in _FULL_WORDS):
                return FULL
        error = error.__cause__ or error.__context__
    return None


def message(reason: str) -> str:
    if reason == LOCKED:
        return gettext(
            "The database is busy with another process (for example a backup) and locked "
            "for the moment; nothing was saved. Please try again in a few seconds."
        )
    return gettext(
        "The server's storage is full; nothing was saved. Tell the tournament director: "
        "space has to be freed on the server, then try again."
    )


def unavailable_response(request, reason: str):
    """The 503 answer for ``reason``: JSON under ``/api/``, else the error page."""
    text = message(reason)
    if request.path.startswith("/api/"):
        code = "database_locked" if reason == LOCKED else "disk_full"
        response = JsonResponse(
            {"errors": [{"field": "", "code": code, "message": text}], "detail": text},
            status=503,
        )
    else:
        try:
            response = render(request, "503.html", {"message": text}, status=503)
        except Exception:  # the page itself needs the database; the words do not
            logger.exception("The 503 page could not be rendered")
            response = HttpResponse(text, content_type="text/plain; charset=utf-8", status=503)
    response["Retry-After"] = str(RETRY_AFTER[reason])
    return response


class DatabaseUnavailableMiddleware:
    """Answer a locked database or a full disk with 503 instead of a server error.

    Last in ``MIDDLEWARE``, so its ``process_exception`` is asked first.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        reason = unavailable_reason(exception)
        if reason is None:
            return None
        logger.warning(
            "Service unavailable (%s): %s: %s", reason, request.path, exception, exc_info=False
        )
        return unavailable_response(request, reason)

"""The project's German error pages also in development (``make dev``, ``DEBUG`` on).

With ``DEBUG`` Django answers a missing page with its English debug page, which lists every
URL pattern, and an error with a traceback page. A director trying the software with
``make dev`` should see what the hall sees: the German 404, 403 and 500 pages
(templates/404.html, 403.html, 500.html, through the handlers in skatverein/urls.py).
A developer who wants Django's technical pages sets ``DEBUG_TECHNICAL_ERRORS=1``; the
traceback of an error is printed to the console either way.

Installed only with ``DEBUG`` (skatverein/settings.py): without it Django already uses the
project's handlers.
"""

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import Resolver404, get_resolver, get_urlconf, resolve

logger = logging.getLogger("django.request")


class ProjectErrorPagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 404 and self._active() and not _resolves(request.path_info):
            # No URL pattern matched: Django has answered with its technical page already.
            return _handler(404)(request, Http404(request.path_info))
        return response

    def process_exception(self, request, exception):
        if not self._active() or isinstance(exception, PermissionDenied):
            return None  # a 403 goes through handler403 in every mode already
        if isinstance(exception, Http404):
            return _handler(404)(request, exception)
        logger.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=(type(exception), exception, exception.__traceback__),
            extra={"status_code": 500, "request": request},
        )
        return _handler(500)(request)

    @staticmethod
    def _active() -> bool:
        return settings.DEBUG and not settings.DEBUG_TECHNICAL_ERRORS


def _resolves(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


def _handler(status: int):
    return get_resolver(get_urlconf()).resolve_error_handler(status)

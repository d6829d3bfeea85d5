"""Health probe for load balancers, container orchestrators and uptime monitors."""

import logging

from django.db import Error as DatabaseError
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Report whether the app can answer and reach its database.

    A trivial query proves the database connection works end to end. On failure only the
    exception class is returned, because this endpoint is public and the full message can
    name internal hosts; the details go to the log instead.
    """
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        logger.warning("Health check: database unavailable: %s", exc)
        return JsonResponse({"status": "error", "database": type(exc).__name__}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})

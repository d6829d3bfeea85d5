"""Health probe for load balancers, container orchestrators and uptime monitors."""

import logging
import shutil
from contextlib import contextmanager
from pathlib import Path

from django.db import Error as DatabaseError
from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from skatverein.unavailable import RETRY_AFTER, unavailable_reason

logger = logging.getLogger(__name__)

# How long the probe waits for SQLite's write lock: long enough for any game entry to
# finish, short enough for a monitor's timeout.
LOCK_WAIT_MS = 1000
# Below this much free space beside the SQLite file the next write may fail.
MIN_FREE_BYTES = 1024 * 1024


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Report whether the app can answer, reach its database and write to it.

    A trivial query proves the connection works end to end; on SQLite the probe also takes
    the write lock (``BEGIN IMMEDIATE``, nothing written) and looks at the free space
    beside the file, since reading still works while another process holds the lock or
    the disk is full. A lock or a full disk is reported as ``locked`` or ``full`` with
    ``Retry-After`` (skatverein/unavailable.py); any other failure only by the exception
    class, because this endpoint is public and the full message can name internal hosts;
    the details go to the log instead.
    """
    try:
        _probe_database()
    except (DatabaseError, OSError) as exc:
        logger.warning("Health check: database unavailable: %s", exc)
        reason = unavailable_reason(exc)
        response = JsonResponse(
            {"status": "error", "database": reason or type(exc).__name__}, status=503
        )
        if reason is not None:
            response["Retry-After"] = str(RETRY_AFTER[reason])
        return response
    return JsonResponse({"status": "ok", "database": "ok"})


def _probe_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    if connection.vendor != "sqlite":
        return
    with _lock_wait(LOCK_WAIT_MS), transaction.atomic():
        pass  # BEGIN IMMEDIATE takes the write lock, or says the database is locked
    name = str(connection.settings_dict["NAME"])
    folder = Path(name).parent
    if folder.is_dir() and shutil.disk_usage(folder).free < MIN_FREE_BYTES:
        raise OSError(f"database or disk is full: {shutil.disk_usage(folder).free} bytes free")


@contextmanager
def _lock_wait(milliseconds: int):
    """SQLite's busy timeout set to ``milliseconds`` for the block, then back."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        before = cursor.fetchone()[0]
        cursor.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {int(before)}")

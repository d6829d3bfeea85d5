"""Which requests on the table pool carry a table code, told before Django builds them.

:class:`~tournaments.web.table_pool.TablePoolOnly` asks :func:`admission` for a table's
own pages and API calls. It is a cheap filter in front of Django's checks, never instead
of them: what passes is checked by ``web/table/access.py`` and ``api/table_code.py`` as
before; what it refuses could not have been let in there.

- A table page (``/tisch/<id>/…``) needs the session cookie: the device's session holds
  its grant, a director's the login.
- An API call needs the ``X-Table-Code`` header in the code's form (a program may carry
  its API token instead, a director's write from a table page the session and the CSRF
  header); a read without any of them, which the main address answers, is refused here.
  A code-shaped header is compared with the table's codes, which each worker keeps for
  :data:`FRESH_SECONDS`: a wrong code sent again and again costs at most one query per
  table and worker in that time, however fast it comes. A code just issued is not yet
  kept: the worker reads the table's codes again before it refuses one.

An API call let in by its code alone (:data:`BY_CODE`) is served with the table API's
shorter middleware (``web/table_api_handler.py``); pages, API tokens and a director's
session go through all of Django (:data:`WHOLE_STACK`).
"""

import re
import threading
import time

from django.conf import settings
from django.db import DatabaseError

from tournaments.models import Table
from tournaments.services.table_access import normalize_code

FRESH_SECONDS = 1.0
MAX_TABLES = 4096  # the kept codes are dropped at once beyond this many tables
_API_TABLE = re.compile(r"/api/v1/tables/([0-9]{1,12})/")
_WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_kept: dict[int, tuple[float, frozenset]] = {}
_lock = threading.Lock()


BY_CODE = "code"  # an API call with a table's code alone (web/table_api_handler.py)
WHOLE_STACK = "django"  # a page, an API token, a director's session: all of Django's checks


def admission(environ, path: str) -> str | None:
    """How the request for ``path`` may be a table device's or a director's:
    :data:`BY_CODE`, :data:`WHOLE_STACK`, or None (it carries no code)."""
    has_session = f"{settings.SESSION_COOKIE_NAME}=" in environ.get("HTTP_COOKIE", "")
    api = _API_TABLE.match(path)
    if api is None:  # a table page
        if has_session or normalize_code(environ.get("HTTP_X_TABLE_CODE")) is not None:
            return WHOLE_STACK
        return None
    if environ.get("HTTP_AUTHORIZATION"):
        return WHOLE_STACK  # a program with its API token: Django checks it
    if environ.get("REQUEST_METHOD") in _WRITES and has_session:
        if environ.get("HTTP_X_CSRFTOKEN"):
            return WHOLE_STACK  # a director's page: Django checks the login and the token
    code = normalize_code(environ.get("HTTP_X_TABLE_CODE"))
    if code is not None and _may_open(int(api.group(1)), code):
        return BY_CODE
    return None


def carries_code(environ, path: str) -> bool:
    """Whether the request for ``path`` may be a table device's or a director's."""
    return admission(environ, path) is not None


def _may_open(table_id: int, code: str) -> bool:
    """Whether ``code`` is one of the table's codes, as this worker knows them (re-read when
    older than :data:`FRESH_SECONDS` before a code is refused)."""
    now = time.monotonic()
    kept = _kept.get(table_id)
    if kept is not None and code in kept[1]:
        return True
    if kept is not None and now - kept[0] < FRESH_SECONDS:
        return False
    try:
        row = Table.objects.filter(pk=table_id).values_list("access_code", "second_code").first()
    except DatabaseError:
        # Read before Django's request starts, which closes a connection found broken:
        # let Django answer this one, with its own checks and error handling.
        return True
    codes = frozenset(c for c in row or () if c)
    with _lock:
        if len(_kept) >= MAX_TABLES:
            _kept.clear()
        _kept[table_id] = (now, codes)
    return code in codes


def forget() -> None:
    """Drop every kept code (for tests)."""
    with _lock:
        _kept.clear()

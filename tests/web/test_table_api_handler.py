"""On the table pool, a table device's API call runs through a shorter middleware stack.

What only logins, pages and static files need (the session, the login, CSRF, messages,
static files, the login limits) is not run for a call let in by its table code; what
guards every answer (NUL refusal, the security headers, the language, the audit's request,
a locked database's 503) still is. Calls with an API token or a director's session and
CSRF header go through the whole stack, as before.
"""

import json

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tests.web.test_table_pool import GAME, call, header, table_server  # noqa: F401 - fixture
from tournaments.models import AuditEntry
from tournaments.services import table_access
from tournaments.web.table_api_handler import TableApiHandler

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def director_session() -> dict:
    client = Client()
    client.force_login(f.make_staff_user())
    return {settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value}


def test_the_table_api_stack_is_the_projects_stack_without_what_codes_do_not_use():
    lean = settings.TABLE_API_MIDDLEWARE
    # The same middleware in the same order, fewer of them: nothing runs only here.
    assert [m for m in settings.MIDDLEWARE if m in lean] == lean
    left_out = set(settings.MIDDLEWARE) - set(lean)
    assert left_out == {
        "tournaments.web.login_limit.LoginLimitMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
        "axes.middleware.AxesMiddleware",
    }
    assert TableApiHandler().middleware_names == lean


def test_a_device_post_with_a_session_cookie_reads_no_session_and_is_the_device(
    table_server,  # noqa: F811
):
    table = f.make_seated_table()
    code = table_access.issue_code(table)
    cookies = director_session()

    with CaptureQueriesContext(connection) as queries:
        status, _headers, body = call(
            table_server,
            "POST",
            f"/api/v1/tables/{table.pk}/games/",
            data=GAME,
            cookies=cookies,
            HTTP_X_TABLE_CODE=code,
            HTTP_IDEMPOTENCY_KEY="lean-1",
        )

    assert status == "201 Created", body
    assert json.loads(body)["number"] == 1
    assert not [q["sql"] for q in queries if "django_session" in q["sql"]]
    entry = AuditEntry.objects.get(action="game_entered", table=table)
    assert entry.user is None
    assert entry.actor == table_access.device_actor(table, "A")


def test_a_device_answer_keeps_the_security_headers_and_the_language(table_server):  # noqa: F811
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    status, headers, body = call(
        table_server,
        "POST",
        f"/api/v1/tables/{table.pk}/games/",
        data={**GAME, "declarer_seat": 9},
        HTTP_X_TABLE_CODE=code,
    )

    assert status == "400 Bad Request"
    error = json.loads(body)["errors"][0]
    assert error["field"] == "declarer_seat"
    assert "Alleinspieler" in error["message"]
    assert header(headers, "Content-Language") == "de"
    assert header(headers, "X-Frame-Options") == "DENY"
    assert header(headers, "X-Content-Type-Options") == "nosniff"
    assert header(headers, "Referrer-Policy") == "same-origin"
    assert "frame-ancestors 'none'" in header(headers, "Content-Security-Policy")


def test_a_device_call_in_english_is_answered_in_english(table_server):  # noqa: F811
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    status, headers, body = call(
        table_server,
        "POST",
        f"/api/v1/tables/{table.pk}/games/",
        data={**GAME, "declarer_seat": 9},
        HTTP_X_TABLE_CODE=code,
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert status == "400 Bad Request"
    assert "declarer" in json.loads(body)["errors"][0]["message"]
    assert header(headers, "Content-Language") == "en"


def test_a_nul_byte_in_a_device_call_is_refused_before_the_list(table_server):  # noqa: F811
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    status, _headers, body = call(
        table_server,
        "POST",
        f"/api/v1/tables/{table.pk}/games/?x=%00",
        data=GAME,
        HTTP_X_TABLE_CODE=code,
    )

    assert status == "400 Bad Request", body
    assert table.games.count() == 0


def test_a_director_write_with_session_and_csrf_header_still_runs_the_whole_stack(
    table_server,  # noqa: F811
):
    table = f.make_seated_table()

    # The whole stack checks the CSRF token against the session: a made-up token fails.
    status, _headers, body = call(
        table_server,
        "POST",
        f"/api/v1/tables/{table.pk}/games/",
        data=GAME,
        cookies=director_session(),
        HTTP_X_CSRFTOKEN="made-up",
    )

    assert status == "403 Forbidden"
    assert "CSRF" in body
    assert table.games.count() == 0

"""On the table pool a request that carries no table code is refused before Django: no
session, no table, no count of wrong codes read or written (a flood of such reads from one
phone must not slow the devices that enter games)."""

import json

import pytest
from django.db import DatabaseError
from rest_framework.authtoken.models import Token

from tests import factories as f
from tests.web.test_table_pool import GAME, call, header, table_server  # noqa: F401 - fixture
from tournaments.services import table_access
from tournaments.web import table_pool_codes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


@pytest.mark.parametrize("code", [None, "", "x", "ABCDE-FGHIJ-K", "<script>"])
def test_an_api_read_without_a_well_formed_code_costs_no_query(
    table_server,  # noqa: F811
    django_assert_num_queries,
    code,
):
    table = f.make_seated_table()
    headers = {} if code is None else {"HTTP_X_TABLE_CODE": code}

    with django_assert_num_queries(0):
        status, answer_headers, body = call(
            table_server, "GET", f"/api/v1/tables/{table.pk}/games/", **headers
        )

    assert status == "403 Forbidden"
    assert header(answer_headers, "Content-Type") == "application/json"
    error = json.loads(body)["errors"][0]
    assert (error["field"], error["code"]) == ("code", "table_code_required")
    assert "Tischcode" in error["message"]


@pytest.mark.parametrize(
    "path", ["/tisch/{pk}/", "/tisch/{pk}/tastatur/", "/tisch/{pk}/spiel/1/korrigieren/"]
)
def test_a_table_page_opened_without_a_session_costs_no_query_and_leads_to_the_code_form(
    table_server,  # noqa: F811
    django_assert_num_queries,
    path,
):
    table = f.make_seated_table()

    with django_assert_num_queries(0):
        status, answer_headers, page = call(table_server, "GET", path.format(pk=table.pk))

    assert status == "403 Forbidden"
    assert header(answer_headers, "Content-Type") == "text/html; charset=utf-8"
    assert 'href="/tisch/"' in page
    assert "Tischcode" in page


def test_a_wrong_code_sent_again_costs_no_query_once_the_worker_knows_the_table(
    table_server,  # noqa: F811
    django_assert_num_queries,
):
    table = f.make_seated_table()
    table_access.issue_code(table)
    wrong = "ABCDE-FGHJK"
    path = f"/api/v1/tables/{table.pk}/games/"

    with django_assert_num_queries(1):  # the table's codes, kept by the worker from now on
        first = call(table_server, "GET", path, HTTP_X_TABLE_CODE=wrong)
    with django_assert_num_queries(0):
        again = [call(table_server, "GET", path, HTTP_X_TABLE_CODE=wrong) for _ in range(5)]

    assert {status for status, _headers, _body in [first, *again]} == {"403 Forbidden"}
    assert json.loads(again[-1][2])["errors"][0]["code"] == "table_code_required"


def test_a_code_issued_after_the_worker_kept_the_old_one_opens_the_list(
    table_server,  # noqa: F811
    monkeypatch,
):
    table = f.make_seated_table()
    old = table_access.issue_code(table)
    path = f"/api/v1/tables/{table.pk}/games/"
    assert call(table_server, "GET", path, HTTP_X_TABLE_CODE=old)[0] == "200 OK"

    new = table_access.issue_code(table)
    monkeypatch.setattr(table_pool_codes, "FRESH_SECONDS", 0)  # the kept codes have aged

    assert call(table_server, "GET", path, HTTP_X_TABLE_CODE=new)[0] == "200 OK"
    assert call(table_server, "GET", path, HTTP_X_TABLE_CODE=old)[0] == "403 Forbidden"


def test_a_device_with_its_code_still_enters_and_reads_its_list(table_server):  # noqa: F811
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    status, _headers, body = call(
        table_server,
        "POST",
        f"/api/v1/tables/{table.pk}/games/",
        data=GAME,
        HTTP_X_TABLE_CODE=table_access.format_code(code).lower(),  # as typed from the card
        HTTP_IDEMPOTENCY_KEY="pool-code-1",
    )
    assert status.startswith("201"), body
    status, _headers, body = call(
        table_server, "GET", f"/api/v1/tables/{table.pk}/games/", HTTP_X_TABLE_CODE=code
    )
    assert status == "200 OK"
    assert len(json.loads(body)["results"] if "results" in body else json.loads(body)) == 1


def test_the_code_form_and_the_code_link_stay_open_without_a_code(table_server):  # noqa: F811
    assert call(table_server, "GET", "/tisch/")[0] == "200 OK"
    assert call(table_server, "GET", "/tisch/sw.js")[0] == "200 OK"
    assert call(table_server, "GET", "/tisch/notation/")[0] == "200 OK"


def test_a_program_with_its_api_token_still_reads_on_the_table_pool(table_server):  # noqa: F811
    table = f.make_seated_table()
    token = Token.objects.create(user=f.make_staff_user()).key
    status, _headers, _body = call(
        table_server,
        "GET",
        f"/api/v1/tables/{table.pk}/games/",
        HTTP_AUTHORIZATION=f"Token {token}",
    )
    assert status == "200 OK"


def test_a_database_error_while_reading_the_codes_leaves_the_answer_to_django(
    table_server,  # noqa: F811
    monkeypatch,
):
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    def broken(*args, **kwargs):
        raise DatabaseError("connection lost")

    with monkeypatch.context() as patched:
        patched.setattr(table_pool_codes.Table.objects, "filter", broken)
        allowed = table_pool_codes.carries_code(
            {"REQUEST_METHOD": "GET", "HTTP_X_TABLE_CODE": code},
            f"/api/v1/tables/{table.pk}/games/",
        )

    assert allowed is True

"""The hall's table pool answers the table devices and refuses everything else, cheaply.

The application is called as gunicorn calls it (WSGI), wrapped as ``skatverein/wsgi.py``
wraps it on the table pool (``SKATVEREIN_POOL=tables``).
"""

import json
from http.cookies import SimpleCookie

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory

from tests import factories as f
from tests.test_settings import settings_under
from tournaments.services import table_access
from tournaments.web import table_pool, table_pool_codes
from tournaments.web.login_limit import RefuseFloodedLogins
from tournaments.web.table_pool import TablePoolOnly, is_table_path

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
HALL = "http://192.168.178.20:8000"
GAME = {"declarer_seat": 2, "game": "clubs", "matadors": 1, "won": True}
REFUSED = (
    "Diese Adresse ist nur für die Tischgeräte. Anmeldung, Turnierleitung und Ranglisten "
    f"gibt es unter der Hauptadresse der Halle: {HALL}/"
)


@pytest.fixture
def table_server(settings):
    """The table pool's application; the test's database transaction stays open (as the
    test client keeps it: no closing of connections at the end of a request)."""
    settings.SITE_URL = HALL
    settings.ALLOWED_HOSTS = ["testserver"]
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    table_pool_codes.forget()  # the codes a worker keeps, of another test's tables
    try:
        yield TablePoolOnly(RefuseFloodedLogins(WSGIHandler()))
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


def call(app, method, path, *, data=None, cookies=None, **headers):
    """One request through ``app`` as gunicorn makes it: (status, headers, body)."""
    factory = RequestFactory()
    if data is None:
        request = factory.generic(method, path, **headers)
    elif path.startswith("/api/"):
        request = factory.generic(method, path, json.dumps(data), "application/json", **headers)
    else:
        request = factory.post(path, data, **headers)
    if cookies:
        request.environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    answer = {}

    def start_response(status, response_headers, exc_info=None):
        answer["status"], answer["headers"] = status, response_headers

    body = b"".join(app(request.environ, start_response))
    return answer["status"], answer["headers"], body.decode()


def header(headers, name):
    return next((value for key, value in headers if key.lower() == name.lower()), None)


def test_a_login_post_on_the_table_pool_is_refused_with_the_main_address(table_server):
    status, headers, page = call(
        table_server, "POST", "/anmelden/", data={"username": "leitung", "password": "x"}
    )

    assert status == "421 Misdirected Request"
    assert REFUSED in page
    assert header(headers, "Content-Type") == "text/html; charset=utf-8"
    assert "default-src 'none'" in header(headers, "Content-Security-Policy")


@pytest.mark.parametrize("method", ["GET", "HEAD"])
def test_a_page_of_the_hall_opened_on_the_table_pool_leads_to_the_main_address(
    table_server, method
):
    # The site's menu on a table device ("Turniere", "Anmelden") links pages of the hall
    # pool: opening one there takes the keeper to the same page at the main address.
    status, headers, _page = call(table_server, method, "/turniere/?seite=2")

    assert status == "302 Found"
    assert header(headers, "Location") == f"{HALL}/turniere/?seite=2"


def test_a_director_page_posted_to_the_table_pool_is_refused_with_the_main_address(
    table_server,
):
    status, _headers, page = call(table_server, "POST", "/leitung/turniere/1/", data={})

    assert status == "421 Misdirected Request"
    assert REFUSED in page
    assert "<a href" not in page


@pytest.mark.parametrize(
    "path", ["/api/v1/auth/token/", "/api/v1/tournaments/", "/api/v1/tables/1/list.pdf"]
)
def test_api_calls_a_device_does_not_make_are_refused_in_the_api_format(table_server, path):
    status, headers, body = call(table_server, "POST", path, data={"username": "x"})

    assert status == "421 Misdirected Request"
    assert header(headers, "Content-Type") == "application/json"
    error = json.loads(body)["errors"][0]
    assert error["code"] == "table_address_only"
    assert error["message"] == REFUSED


def test_the_table_pool_serves_a_device_its_api_call_and_its_page(table_server):
    table = f.make_seated_table()
    code = table_access.issue_code(table)

    status, _headers, body = call(
        table_server,
        "POST",
        f"/api/v1/tables/{table.pk}/games/",
        data=GAME,
        HTTP_X_TABLE_CODE=code,
        HTTP_IDEMPOTENCY_KEY="pool-1",
    )
    assert status.startswith("201"), body
    assert table.games.count() == 1

    status, headers, _body = call(table_server, "GET", f"/tisch/code/{code}/")
    assert (status, header(headers, "Location")) == ("302 Found", f"/tisch/{table.pk}/")
    session = SimpleCookie(header(headers, "Set-Cookie"))
    cookies = {name: morsel.value for name, morsel in session.items()}
    status, _headers, page = call(table_server, "GET", f"/tisch/{table.pk}/", cookies=cookies)
    assert status == "200 OK"
    assert f"Tisch {table.number}" in page
    assert "nur für die Tischgeräte" not in page


def test_the_table_pool_leads_from_its_root_to_the_code_form(table_server):
    status, headers, _body = call(table_server, "GET", "/")

    assert (status, header(headers, "Location")) == ("302 Found", "/tisch/")
    assert call(table_server, "GET", "/tisch/")[0] == "200 OK"


@pytest.mark.parametrize(
    ("path", "served"),
    [
        ("/tisch/", True),
        ("/tisch/code/ABCDE-FGHIJ/", True),
        ("/tisch/12/", True),
        ("/tisch/12/spiel/3/korrigieren/", True),
        ("/tisch/sw.js", True),
        ("/api/v1/tables/12/games/", True),
        ("/api/v1/tables/12/games/3/", True),
        ("/api/v1/tables/12/signatures/", True),
        ("/api/v1/tables/12/differences/3/take/", True),
        ("/static/css/site.css", True),
        ("/healthz", True),
        ("/i18n/setlang/", True),
        ("/anmelden/", False),
        ("/admin/login/", False),
        ("/api/v1/auth/token/", False),
        ("/leitung/", False),
        ("/turniere/1/rangliste/", False),
        ("/api/v1/tables/12/", False),
        ("/api/v1/tables/12/end/", False),
        ("/api/v1/tables/12/games/3/x/", False),
        ("/tischlein/", False),
        ("/healthz/anmelden/", False),
    ],
)
def test_the_table_pool_serves_exactly_the_table_devices_paths(path, served):
    assert is_table_path(path) is served


def test_a_refusal_without_a_site_address_still_says_where_to_go(table_server, settings):
    settings.SITE_URL = ""

    _status, _headers, page = call(table_server, "GET", "/leitung/")

    assert "unter der Hauptadresse der Halle." in page
    assert "<a href" not in page


def test_the_pool_is_named_by_the_environment_and_a_typo_is_refused(monkeypatch):
    def pool(name):
        return settings_under(monkeypatch, DEBUG="1", SKATVEREIN_POOL=name).SERVER_POOL

    assert pool("tables") == table_pool.TABLE_POOL
    assert pool("") == ""
    with pytest.raises(ImproperlyConfigured, match="SKATVEREIN_POOL='tische'"):
        pool("tische")

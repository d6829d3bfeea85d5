"""Error pages people understand: German, with the site's navigation; a table device
whose security check failed keeps what was typed."""

import os
import re
import runpy
from pathlib import Path
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from tests import factories as f
from tournaments.services import table_access
from tournaments.web.views import HomeView

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
NAVIGATION = 'aria-label="Hauptnavigation"'


def test_page_not_found_is_german_with_navigation(client):
    response = client.get("/gibt-es-nicht/")

    html = response.content.decode()
    assert response.status_code == 404
    assert "Seite nicht gefunden" in html
    assert NAVIGATION in html


def test_server_error_is_german_with_navigation():
    response = server_error(RequestFactory().get("/"))

    html = response.content.decode()
    assert response.status_code == 500
    assert "Ein Fehler ist aufgetreten" in html
    assert NAVIGATION in html


def test_the_server_error_page_offers_no_language_switch_it_could_not_post():
    """Django renders the 500 page without the request, so a form on it has no CSRF token:
    switching the language from there would end on the security check's page."""
    error_page = server_error(RequestFactory().get("/")).content.decode()
    missing_page = Client().get("/gibt-es-nicht/").content.decode()

    assert "language-switcher" not in error_page
    switcher = re.search(r'<form class="language-switcher".*?</form>', missing_page, re.DOTALL)
    assert 'name="csrfmiddlewaretoken"' in switcher.group(0)


def test_failed_security_check_is_german_with_navigation():
    client = Client(enforce_csrf_checks=True)

    response = client.post("/anmelden/", {"username": "x", "password": "y"})

    html = response.content.decode()
    assert response.status_code == 403
    assert "Sicherheitsprüfung" in html
    assert NAVIGATION in html


def test_table_device_failing_the_security_check_returns_to_its_list_keeping_the_entry():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    device = Client(enforce_csrf_checks=True)
    device.get("/tisch/")
    code = table_access.ensure_code(table)
    token = device.cookies["csrftoken"].value
    device.post("/tisch/", {"code": code, "csrfmiddlewaretoken": token})
    typed = {"declarer": "3", "game": "grand", "with_matadors": "true", "matadors": "2"}
    device.cookies["csrftoken"] = "x" * 32  # the token of the morning has gone stale

    response = device.post(f"/tisch/{table.pk}/", {"number": "1", **typed, "won": "true"})

    assert response.status_code == 303
    assert response["Location"] == f"/tisch/{table.pk}/#entry"
    page = device.get(f"/tisch/{table.pk}/").content.decode()
    assert "noch einmal" in page
    assert re.search(r'id="game-grand"[^>]*checked', page)
    assert re.search(r'id="declarer-3"[^>]*checked', page)
    assert table.games.count() == 0


def test_keyboard_device_failing_the_security_check_keeps_the_typed_line():
    table = f.make_seated_table(players=4, rounds_per_series=1)
    device = Client(enforce_csrf_checks=True)
    device.get("/tisch/")
    code = table_access.ensure_code(table)
    device.post("/tisch/", {"code": code, "csrfmiddlewaretoken": device.cookies["csrftoken"].value})
    device.cookies["csrftoken"] = "x" * 32

    response = device.post(f"/tisch/{table.pk}/tastatur/", {"line": "3 g2 +"})

    assert response.status_code == 303
    page = device.get(response["Location"]).content.decode()
    assert 'value="3 g2 +"' in page


def test_a_page_without_access_is_german_with_navigation(client):
    client.force_login(get_user_model().objects.create_user(username="spieler"))

    response = client.get("/leitung/")

    html = response.content.decode()
    assert response.status_code == 403
    assert "Kein Zugang" in html
    assert NAVIGATION in html


@pytest.fixture
def development(settings):
    """``make dev``: DEBUG on, with the middleware the settings add in that mode."""
    settings.DEBUG = True
    settings.DEBUG_TECHNICAL_ERRORS = False
    settings.MIDDLEWARE = [
        *settings.MIDDLEWARE,
        "skatverein.error_pages.ProjectErrorPagesMiddleware",
    ]
    return Client()


@pytest.mark.parametrize("address", ["/gibt-es-nicht/", "/turniere/999999/", "/leitung/x/"])
def test_in_development_a_missing_page_is_the_german_page_not_the_url_list(development, address):
    response = development.get(address)

    html = response.content.decode()
    assert response.status_code == 404
    assert "Seite nicht gefunden" in html
    assert "URLconf" not in html and "leitung/turniere/" not in html


def test_in_development_an_error_is_the_german_page_and_the_console_has_the_traceback(
    development, caplog
):
    with mock.patch.object(HomeView, "get_context_data", side_effect=RuntimeError("kaputt")):
        response = development.get("/")

    assert response.status_code == 500
    assert "Ein Fehler ist aufgetreten" in response.content.decode()
    assert "RuntimeError: kaputt" in caplog.text


def test_in_development_the_technical_pages_come_back_when_asked(development, settings):
    settings.DEBUG_TECHNICAL_ERRORS = True

    response = development.get("/gibt-es-nicht/")

    assert "URLconf" in response.content.decode()


def test_the_api_keeps_its_json_for_a_missing_path_in_development(development):
    response = development.get("/api/v1/clubs/abc/")

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize(("debug", "installed"), [("1", True), ("0", False)])
def test_the_settings_add_the_german_error_pages_in_development_only(monkeypatch, debug, installed):
    environ = {"PATH": os.environ.get("PATH", ""), "DEBUG": debug}
    environ.update(SECRET_KEY="k" * 50, SEAL_SECRET="s" * 50)
    monkeypatch.setattr(os, "environ", environ)
    values = runpy.run_path(str(Path(__file__).resolve().parents[2] / "skatverein/settings.py"))

    assert (
        "skatverein.error_pages.ProjectErrorPagesMiddleware" in values["MIDDLEWARE"]
    ) is installed

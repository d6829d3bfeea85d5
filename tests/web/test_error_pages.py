"""Error pages people understand: German, with the site's navigation; a table device
whose security check failed keeps what was typed."""

import re

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.views.defaults import server_error

from tests.factories import make_seated_table
from tournaments.services import table_access

pytestmark = pytest.mark.django_db
NAVIGATION = 'aria-label="Hauptnavigation"'


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


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


def test_failed_security_check_is_german_with_navigation():
    client = Client(enforce_csrf_checks=True)

    response = client.post("/anmelden/", {"username": "x", "password": "y"})

    html = response.content.decode()
    assert response.status_code == 403
    assert "Sicherheitsprüfung" in html
    assert NAVIGATION in html


def test_table_device_failing_the_security_check_returns_to_its_list_keeping_the_entry():
    table = make_seated_table(players=4, rounds_per_series=1)
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
    table = make_seated_table(players=4, rounds_per_series=1)
    device = Client(enforce_csrf_checks=True)
    device.get("/tisch/")
    code = table_access.ensure_code(table)
    device.post("/tisch/", {"code": code, "csrfmiddlewaretoken": device.cookies["csrftoken"].value})
    device.cookies["csrftoken"] = "x" * 32

    response = device.post(f"/tisch/{table.pk}/tastatur/", {"line": "3 g2 +"})

    assert response.status_code == 303
    page = device.get(response["Location"]).content.decode()
    assert 'value="3 g2 +"' in page

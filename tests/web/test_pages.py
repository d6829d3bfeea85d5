"""Public pages: home page languages, health probe and API documentation."""

import json
import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from drf_spectacular.validation import validate_schema

from tests import factories as f

GERMAN_TEXT = "Spiellisten nach ISkO und SkWO führen"
ENGLISH_TEXT = "Keep score sheets according to the ISkO and SkWO rules"


def test_home_page_is_german_by_default(client, db):
    response = client.get("/")

    assert response.status_code == 200
    assert response.headers["Content-Language"] == "de"
    content = response.content.decode()
    assert '<html lang="de">' in content
    assert GERMAN_TEXT in content
    assert "Tische für jede Serie auslosen" in content


def test_home_page_follows_accept_language(client, db):
    response = client.get("/", headers={"accept-language": "en-GB,en;q=0.9"})

    assert response.status_code == 200
    content = response.content.decode()
    assert '<html lang="en">' in content
    assert ENGLISH_TEXT in content


def test_home_page_follows_language_cookie(client, db):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get("/", headers={"accept-language": "de"})

    assert ENGLISH_TEXT in response.content.decode()


def test_language_switcher_sets_the_language(client, db):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})

    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert ENGLISH_TEXT in client.get("/").content.decode()


def test_home_page_links_to_entry_points_and_loads_no_external_assets(client, db):
    content = client.get("/").content.decode()

    for href in ("/api/docs/", "/admin/", "/rechner/"):
        assert f'href="{href}"' in content
    assert 'action="/i18n/setlang/"' in content
    assert not re.search(r'(src|href)="(https?:)?//', content)
    assert finders.find("css/site.css")


@pytest.mark.django_db
def test_healthz_reports_ok(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response.headers["Cache-Control"]


def test_healthz_reports_database_failure(client, monkeypatch):
    def broken_cursor(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(type(connections[DEFAULT_DB_ALIAS]), "cursor", broken_cursor)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "OperationalError"}
    assert "no-cache" in response.headers["Cache-Control"]


def test_api_schema_is_a_valid_openapi_3_document(client):
    response = client.get("/api/schema/", {"format": "json"})

    assert response.status_code == 200
    schema = json.loads(response.content)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Skatverein API"
    validate_schema(schema)


def test_api_docs_work_offline(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    content = response.content.decode()
    assert "cdn.jsdelivr.net" not in content
    assert "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in content
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")


@pytest.mark.parametrize("path", ["/", "/turniere/", "/rechner/", "/tisch/", "projector"])
def test_every_page_names_the_clubs_icon(client, db, path):
    """A page without an icon link makes the browser ask for /favicon.ico (a 404 in its
    console) and shows a blank tab; the icon is the club symbol of the table device. The
    projector's page is the one page that does not extend templates/base.html."""
    if path == "projector":
        path = f"/turniere/{f.make_tournament().pk}/leinwand/"
    content = client.get(path).content.decode()

    icon = re.search(r'<link rel="icon" href="/static/([^"]+)" type="image/svg\+xml">', content)
    assert icon is not None
    assert finders.find(icon.group(1))

"""Every error the API answers — 404, 405, 413 and 500 included — is in its JSON format."""

import json

import pytest
from django.test import Client

from tests.api.conftest import API
from tournaments.api.game_value import GameValueView

pytestmark = pytest.mark.django_db


def error_of(response):
    body = response.json()
    error = body["errors"][0]
    assert body["detail"] == error["message"]
    return response.status_code, error["field"], error["code"]


def test_a_body_over_the_limit_is_413_in_the_error_format(client, settings):
    body = json.dumps({"game": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})

    response = client.post(f"{API}game-value/", data=body, content_type="application/json")

    assert response["Content-Type"] == "application/json"
    assert error_of(response) == (413, "body", "too_large")
    assert "höchstens" in response.json()["detail"]


def test_a_form_with_too_many_fields_is_413_in_the_error_format(client, settings):
    fields = "&".join(f"f{n}=1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))

    response = client.post(
        f"{API}clubs/", data=fields, content_type="application/x-www-form-urlencoded"
    )

    assert error_of(response) == (413, "body", "too_large")


def test_a_server_error_is_500_in_the_error_format(monkeypatch):
    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(GameValueView, "post", broken)

    response = Client(raise_request_exception=False).post(
        f"{API}game-value/", data="{}", content_type="application/json"
    )

    assert error_of(response) == (500, "", "server_error")
    assert "nichts gespeichert" in response.json()["detail"]


@pytest.mark.parametrize(
    ("method", "path", "expected"),
    [
        ("get", "no-such-resource/", (404, "path", "not_found")),
        ("get", "clubs/999999/", (404, "", "not_found")),
        ("delete", "game-value/", (405, "", "method_not_allowed")),
    ],
)
def test_not_found_and_wrong_methods_are_in_the_error_format(client, method, path, expected):
    response = getattr(client, method)(API + path)

    assert error_of(response) == expected


def test_pages_outside_the_api_keep_their_html_error_pages(client, settings):
    body = "a=" + "b" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)

    response = client.post(
        "/anmelden/", data=body, content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")

"""Which bodies the API reads: JSON, and forms only where docs/api.md says so.

Bodies are JSON; the game value calculator also reads the calculator page's form, and the
participant import and the certificate upload take a file (multipart). Any other body is
refused with a 415 that names ``Content-Type`` and the type to send, before anything is
stored.
"""

import pytest

from tests.api.conftest import API
from tests.openapi import api_schema
from tournaments.models import Club

pytestmark = pytest.mark.django_db

FORM_BODIES = {
    "multipart/form-data": {},
    "application/x-www-form-urlencoded": {"content_type": "application/x-www-form-urlencoded"},
}
# The operations that read a form, and the media types each documents.
FORM_OPERATIONS = {
    ("/api/v1/game-value/", "post"): {
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    },
    ("/api/v1/tournaments/{id}/participants/import/", "post"): {"multipart/form-data"},
    ("/api/v1/clubs/{id}/certificate/", "post"): {"multipart/form-data"},
    ("/api/v1/groups/{id}/match-days/import/", "post"): {"multipart/form-data"},
}


# The calculator page's form for a won clubs game with one matador.
CALCULATOR_FORM = {"game": "clubs", "matadors": "1", "won": "true", "result_mode": "won"}


def _form(client, url, media_type, data):
    if media_type == "multipart/form-data":
        return client.post(url, data)
    from urllib.parse import urlencode

    return client.post(url, urlencode(data), content_type=media_type)


@pytest.mark.parametrize("media_type", sorted(FORM_BODIES))
def test_a_form_body_to_a_json_operation_is_refused_naming_content_type(admin_client, media_type):
    response = _form(admin_client, API + "clubs/", media_type, {"name": "SC Herz Dame"})

    assert response.status_code == 415
    [error] = response.json()["errors"]
    assert error["field"] == "Content-Type"
    assert error["code"] == "unsupported_media_type"
    assert error["message"] == (
        'Der Inhalt dieser Anfrage muss als "application/json" gesendet werden '
        "(Kopfzeile Content-Type)."
    )
    assert not Club.objects.filter(name="SC Herz Dame").exists()


def test_the_refusal_names_the_type_in_english_too(admin_client):
    response = admin_client.post(
        API + "clubs/", "name=X", content_type="text/plain", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 415
    assert response.json()["errors"][0]["message"] == (
        'The body of this request must be sent as "application/json" (header Content-Type).'
    )


def test_a_json_body_is_still_read(admin_client):
    response = admin_client.post(API + "clubs/", {"name": "SC Herz Dame"}, "application/json")

    assert response.status_code == 201
    assert Club.objects.filter(name="SC Herz Dame").exists()


@pytest.mark.parametrize("media_type", sorted(FORM_BODIES))
def test_the_calculator_still_reads_its_form(client, media_type):
    response = _form(client, API + "game-value/", media_type, CALCULATOR_FORM)

    assert response.status_code == 200
    assert response.json()["game_value"] == 24


def test_the_schema_documents_a_form_only_where_one_is_read():
    documented = {
        (path, method): set(operation["requestBody"]["content"])
        for path, methods in api_schema()["paths"].items()
        for method, operation in methods.items()
        if "requestBody" in operation
    }

    forms = {key: types for key, types in documented.items() if types != {"application/json"}}
    assert forms == FORM_OPERATIONS
    assert len(documented) > len(forms) + 30  # every other write: JSON only


def test_every_operation_with_a_body_documents_the_415():
    operations = [
        operation
        for methods in api_schema()["paths"].values()
        for operation in methods.values()
        if "requestBody" in operation
    ]

    assert operations
    assert all("415" in operation["responses"] for operation in operations)

"""A second upload of a document while one of the same id is being imported is answered
at once with 202 "in progress" and not imported again (docs/results-format.md, "A results
portal"): two uploads at the same time against a real portal process, while a third party
(this test, standing in for the worker importing the first upload) holds that import's
lock; once it is released the document is imported, once."""

import contextlib
import fcntl
import json
import threading
import urllib.error
import urllib.request
from urllib.parse import urlsplit, urlunsplit

import pytest

from publishing.services import import_lock
from publishing.services import results_document as builder
from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tests.publishing.servers import (
    PORTAL_ADMIN,
    call,
    portal_database,
    portal_rows,
    portal_server,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def portal_db(tmp_path):
    with portal_database(tmp_path) as database_url:
        yield database_url


@pytest.fixture
def portal(tmp_path, portal_db):
    with portal_server(tmp_path, portal_db) as url:
        yield url


def upload(portal: str, token: str, document: dict) -> tuple[int, dict, str | None]:
    request = urllib.request.Request(
        f"{portal}/api/v1/results/",
        data=json.dumps(document).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read()), answer.headers.get("Retry-After")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null"), None


@contextlib.contextmanager
def import_running(database_url: str, document_id: str):
    """Hold the portal's import lock of ``document_id`` as its worker importing does."""
    if database_url.startswith("sqlite:///"):
        path = import_lock.lock_file(database_url.removeprefix("sqlite:///"), document_id)
        with open(path, "a+b") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            yield
        return
    import psycopg

    with psycopg.connect(urlunsplit(("postgresql", *urlsplit(database_url)[1:]))) as db:
        db.execute("SELECT pg_advisory_lock(%s)", [import_lock.advisory_key(document_id)])
        yield


def test_uploads_of_a_document_being_imported_are_answered_at_once_not_imported_again(
    portal, portal_db, admin_user
):
    code, issued = call(
        f"{portal}/api/v1/publishing/clubs/",
        method="POST",
        body={"name": "Skatfreunde Nord"},
        auth=PORTAL_ADMIN,
    )
    assert code == 201
    tournament = with_club(f.make_played_tournament(players=4), "Skatfreunde Nord")
    document = builder.results_document(finish(tournament, admin_user))
    answers = []

    with import_running(portal_db, document["id"]):
        both = [
            threading.Thread(
                target=lambda: answers.append(upload(portal, issued["token"], document))
            )
            for _ in range(2)
        ]
        for thread in both:
            thread.start()
        for thread in both:
            thread.join(timeout=60)
        imported_meanwhile = portal_rows(portal_db, "tournaments_tournament")

    assert [(code, answer["in_progress"], retry) for code, answer, retry in answers] == [
        (202, True, "30"),
        (202, True, "30"),
    ]
    assert "importiert" in answers[0][1]["detail"] or "imported" in answers[0][1]["detail"]
    assert imported_meanwhile == 0
    code, answer, _retry = upload(portal, issued["token"], document)
    assert (code, answer["unchanged"]) == (201, False)
    assert portal_rows(portal_db, "tournaments_tournament") == 1

"""Two real servers on 127.0.0.1: this test's hall (its sender thread, as a server process
runs it) publishes through a proxy that answers 502 once, drops one answer after the
portal stored the document and holds one answer longer than the sender waits, to a portal
started as ``manage.py runserver`` with its own database (PostgreSQL when the suite runs on
PostgreSQL, as a portal is installed). The portal ends with exactly one tournament whose
rankings are the hall's, and a correction on the hall arrives there by itself as a newer
version."""

import os
import time
from urllib.parse import urlsplit

import pytest
from django.db import connection
from rest_framework.test import APIClient

from publishing import sender
from publishing.models import OutboxEntry
from publishing.services import outbox, sending
from publishing.services import results_document as builder
from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tests.publishing.servers import (
    PORTAL_ADMIN,
    FlakyProxy,
    call,
    portal_database,
    portal_rows,
    portal_server,
)
from tournaments.models import Table
from tournaments.services import states
from tournaments.services.lists import listkeeping

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_SECONDS = 90


@pytest.fixture
def portal_db(tmp_path):
    with portal_database(tmp_path) as database_url:
        yield database_url


@pytest.fixture
def portal(tmp_path, portal_db):
    with portal_server(tmp_path, portal_db) as url:
        yield url


# The sender waits this long for an answer here (20 s in the hall); the proxy holds one
# answer longer than that.
SENDER_TIMEOUT_SECONDS = 5


@pytest.fixture
def hall_sender(monkeypatch):
    monkeypatch.setattr(sending, "TIMEOUT_SECONDS", SENDER_TIMEOUT_SECONDS)
    sender.start(idle_seconds=0.3)
    yield
    sender.stop()


def wait_for(condition, what: str):
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"{what} did not happen within {WAIT_SECONDS} s: {outbox.status()}")


def portal_side(portal: str, document_id: str) -> tuple[int, dict]:
    """The portal's version and its results document of the published tournament."""
    code, found = call(f"{portal}/api/v1/results/{document_id}/")
    assert code == 200, found
    code, document = call(f"{portal}/api/v1/tournaments/{found['tournament']}/results.json")
    assert code == 200, document
    return found["version"], document


def portal_version(portal: str, document_id: str) -> int:
    """The version the portal keeps (one light read while it may be importing)."""
    code, found = call(f"{portal}/api/v1/results/{document_id}/")
    assert code == 200, found
    return found["version"]


def ranking_rows(document: dict) -> dict:
    names = {player["ref"]: player["name"] for player in document["players"]}
    rankings = document["rankings"]
    return {
        "tournament": [
            (r["place"], names[r["player"]], r["total"]) for r in rankings["tournament"]
        ],
        "series": {
            number: [(r["place"], names[r["player"]], r["total"]) for r in rows]
            for number, rows in rankings["series"].items()
        },
    }


def test_the_portal_runs_on_the_database_the_suite_runs_on(tmp_path):
    with portal_database(tmp_path) as database_url:
        kind = urlsplit(database_url).scheme
        assert kind == ("postgres" if connection.vendor == "postgresql" else "sqlite")
        assert database_url != connection.settings_dict.get("NAME")
        if kind == "postgres":
            assert urlsplit(database_url).path.endswith(f"_portal_{os.getpid()}")
            assert portal_rows(database_url, "pg_database") >= 1
    if kind == "postgres":  # dropped afterwards
        with pytest.raises(Exception, match="does not exist"):
            portal_rows(database_url, "pg_database")


def test_a_finished_tournament_reaches_the_portal_once_and_a_correction_follows(
    portal, portal_db, hall_sender, admin_user
):
    code, issued = call(
        f"{portal}/api/v1/publishing/clubs/",
        method="POST",
        body={"name": "Skatfreunde Nord"},
        auth=PORTAL_ADMIN,
    )
    assert code == 201, issued
    tournament = finish(
        with_club(f.make_played_tournament(players=8, series=2), "Skatfreunde Nord"), admin_user
    )
    erased = tournament.participants.order_by("start_number").first().player
    erased.first_name, erased.last_name, erased.publication = "Erika", "Mustermann", "full"
    erased.save()
    director = APIClient()
    director.force_authenticate(admin_user)

    with FlakyProxy(portal, hold_seconds=SENDER_TIMEOUT_SECONDS + 3).running() as proxy:
        director.put(
            "/api/v1/publishing/target/",
            {"url": proxy.url, "token": issued["token"]},
            format="json",
        )
        queued = director.post(f"/api/v1/tournaments/{tournament.pk}/publish/", {}, format="json")
        assert queued.status_code == 202
        wait_for(
            lambda: outbox.status()["pending"] == 0 and outbox.status()["last_success"],
            "the publication",
        )
        hall = builder.results_document(tournament)
        version, published = portal_side(portal, hall["id"])
        portal_id = call(f"{portal}/api/v1/results/{hall['id']}/")[1]["tournament"]

        assert proxy.uploads == ["502", "dropped after 201", "held after 200", "200"]
        assert OutboxEntry.objects.order_by("pk").first().attempts == 3  # each fault retried
        assert version == hall["version"]
        assert ranking_rows(published) == ranking_rows(hall)
        assert published["series"] == hall["series"]
        assert call(f"{portal}/api/v1/tournaments/")[1]["count"] == 1
        assert outbox.status()["last_error"] == ""

        # A correction: game 1 of table 1 of series 1 was a won grand, not what was entered.
        table = Table.objects.get(series__tournament=tournament, series__number=1, number=1)
        states.apply(tournament, "reopen", admin_user, "Spiel 1 war ein Grand")
        states.apply(table.series, "reopen", admin_user, "Spiel 1 war ein Grand")
        states.apply(table, "reopen", admin_user, "Spiel 1 war ein Grand")
        listkeeping.correct_game(
            table, 1, {"declarer_seat": 2, "game": "grand", "matadors": 2, "won": True}
        )
        f.sign_all(table)
        states.apply(table.series, "finish", admin_user)
        states.apply(tournament, "finish", admin_user)
        corrected = builder.results_document(tournament)
        assert ranking_rows(corrected) != ranking_rows(hall)

        wait_for(
            lambda: portal_version(portal, hall["id"]) == corrected["version"],
            "the correction's arrival",
        )
        version, published = portal_side(portal, hall["id"])

        assert "Erika Mustermann" in [p["name"] for p in published["players"]]

        # Art. 17: the erasure reaches the portal by itself too.
        erasure = director.post(
            f"/api/v1/players/{erased.pk}/erase/", {"reason": "Antrag"}, format="json"
        )
        assert erasure.status_code == 200, erasure.json()
        after_erasure = builder.results_document(tournament)
        wait_for(
            lambda: portal_version(portal, hall["id"]) == after_erasure["version"],
            "the erasure's arrival",
        )
        _, erased_there = portal_side(portal, hall["id"])

    assert version == corrected["version"]
    assert call(f"{portal}/api/v1/results/{hall['id']}/")[1]["tournament"] == portal_id
    assert ranking_rows(published) == ranking_rows(corrected)
    names_there = [p["name"] for p in erased_there["players"]]
    assert "Gelöschte Person 1" in names_there
    assert not any("Mustermann" in name for name in names_there)
    assert call(f"{portal}/api/v1/tournaments/")[1]["count"] == 1
    assert portal_rows(portal_db, "tournaments_tournament") == 1  # in the portal's own database

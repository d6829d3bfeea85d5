"""Two real server processes on 127.0.0.1, as a club runs them: the hall (``runserver``
with its sender thread, on a SQLite file of its own whatever database the suite runs on)
and the results portal (its own database: PostgreSQL when the suite runs on PostgreSQL).
The hall's tournament is built in the hall's database before it serves; everything after
goes through the two servers' HTTP APIs. The hall publishes through a proxy that answers
502 once, drops one answer after the portal stored the document and holds one answer
longer than the sender waits; the portal ends with exactly one tournament whose rankings
are the hall's, and a correction and an erasure on the hall arrive there by themselves as
newer versions."""

import os
import sqlite3
import time
from contextlib import closing
from urllib.parse import urlsplit

import pytest
from django.db import connection

from tests.publishing.servers import (
    HALL_DIRECTOR,
    PORTAL_ADMIN,
    FlakyProxy,
    call,
    hall_server,
    portal_database,
    portal_rows,
    portal_server,
)

WAIT_SECONDS = 60
# The hall's sender waits this long for an answer here (20 s in a hall); the proxy holds
# one answer longer than that.
SENDER_TIMEOUT_SECONDS = 5


@pytest.fixture
def portal_db(tmp_path):
    with portal_database(tmp_path) as database_url:
        yield database_url


@pytest.fixture
def portal(tmp_path, portal_db):
    with portal_server(tmp_path, portal_db) as url:
        yield url


@pytest.fixture
def hall(tmp_path):
    with hall_server(tmp_path, SENDER_TIMEOUT_SECONDS) as (url, ids):
        yield url, ids


def wait_for(condition, what: str, status):
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.3)
    raise AssertionError(f"{what} did not happen within {WAIT_SECONDS} s: {status()}")


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


def hall_rows(folder, query: str) -> list[tuple]:
    """What ``query`` finds in the hall's own SQLite file, read directly."""
    with closing(sqlite3.connect(folder / "hall.sqlite3")) as db:
        return db.execute(query).fetchall()


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


def test_a_tournament_published_between_two_servers_arrives_once_and_its_correction_follows(
    hall, portal, portal_db, tmp_path
):
    hall_url, ids = hall
    tournament = ids["tournament"]
    code, issued = call(
        f"{portal}/api/v1/publishing/clubs/",
        method="POST",
        body={"name": "Skatfreunde Nord"},
        auth=PORTAL_ADMIN,
    )
    assert code == 201, issued
    code, answer = call(
        f"{hall_url}/api/v1/auth/token/",
        method="POST",
        body={"username": HALL_DIRECTOR[0], "password": HALL_DIRECTOR[1]},
    )
    assert code == 200, answer
    token = answer["token"]

    def on_hall(path, **request):
        return call(f"{hall_url}/api/v1/{path}", token=token, **request)

    def hall_status():
        return on_hall("publishing/")[1]

    def portal_version(document_id):
        code, found = call(f"{portal}/api/v1/results/{document_id}/")
        return found["version"] if code == 200 else None

    def portal_document(document_id):
        code, found = call(f"{portal}/api/v1/results/{document_id}/")
        assert code == 200, found
        path = f"{portal}/api/v1/tournaments/{found['tournament']}/results.json"
        code, document = call(path)
        assert code == 200, document
        return found["tournament"], document

    with FlakyProxy(portal, hold_seconds=SENDER_TIMEOUT_SECONDS + 3).running() as proxy:
        code, target = on_hall(
            "publishing/target/", method="PUT", body={"url": proxy.url, "token": issued["token"]}
        )
        assert code == 200, target
        code, finished = on_hall(f"tournaments/{tournament}/finish/", method="POST", body={})
        assert code == 200, finished
        code, hall_document = on_hall(f"tournaments/{tournament}/results.json")
        assert code == 200, hall_document
        document_id = hall_document["id"]

        wait_for(
            lambda: (
                portal_version(document_id) == hall_document["version"]
                and hall_status()["pending"] == 0
            ),
            "the publication",
            hall_status,
        )
        portal_id, published = portal_document(document_id)

        assert proxy.uploads == ["502", "dropped after 201", "held after 200", "200"]
        attempts = hall_rows(tmp_path, "SELECT attempts FROM publishing_outboxentry ORDER BY id")
        assert attempts[0] == (3,)  # each fault retried
        assert ranking_rows(published) == ranking_rows(hall_document)
        assert published["series"] == hall_document["series"]
        assert call(f"{portal}/api/v1/tournaments/")[1]["count"] == 1
        assert hall_status()["last_error"] == ""

        # A correction: game 1 of table 1 of series 1 was a won grand, not what was entered.
        reason = {"reason": "Spiel 1 war ein Grand"}
        for path in (
            f"tournaments/{tournament}/reopen/",
            f"series/{ids['series']}/reopen/",
            f"tables/{ids['table']}/reopen/",
        ):
            code, answer = on_hall(path, method="POST", body=reason)
            assert code == 200, (path, answer)
        code, answer = on_hall(
            f"tables/{ids['table']}/games/1/",
            method="PATCH",
            body={"declarer_seat": 2, "game": "grand", "matadors": 2, "won": True},
        )
        assert code == 200, answer
        for path, body in (
            (f"tables/{ids['table']}/close/", reason),
            (f"series/{ids['series']}/finish/", {}),
            (f"tournaments/{tournament}/finish/", {}),
        ):
            code, answer = on_hall(path, method="POST", body=body)
            assert code == 200, (path, answer)
        code, corrected = on_hall(f"tournaments/{tournament}/results.json")
        assert code == 200, corrected
        assert corrected["version"] > hall_document["version"]
        assert ranking_rows(corrected) != ranking_rows(hall_document)

        wait_for(
            lambda: portal_version(document_id) == corrected["version"],
            "the correction's arrival",
            hall_status,
        )
        corrected_id, published = portal_document(document_id)
        assert "Erika Mustermann" in [p["name"] for p in published["players"]]

        # Art. 17: the erasure reaches the portal by itself too.
        code, answer = on_hall(
            f"players/{ids['named_player']}/erase/", method="POST", body={"reason": "Antrag"}
        )
        assert code == 200, answer
        code, after_erasure = on_hall(f"tournaments/{tournament}/results.json")
        assert code == 200, after_erasure
        wait_for(
            lambda: portal_version(document_id) == after_erasure["version"],
            "the erasure's arrival",
            hall_status,
        )
        _, erased_there = portal_document(document_id)

    assert corrected_id == portal_id
    assert ranking_rows(published) == ranking_rows(corrected)
    names_there = [p["name"] for p in erased_there["players"]]
    assert "Gelöschte Person 1" in names_there
    assert not any("Mustermann" in name for name in names_there)
    assert call(f"{portal}/api/v1/tournaments/")[1]["count"] == 1
    assert call(f"{portal}/api/v1/results/{document_id}/")[1]["tournament"] == portal_id
    assert portal_rows(portal_db, "tournaments_tournament") == 1  # in the portal's own database
    # The hall kept its tournament in its own SQLite file, whatever the suite runs on.
    assert hall_rows(tmp_path, "SELECT count(*) FROM tournaments_tournament") == [(1,)]

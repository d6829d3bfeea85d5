"""Importing a player list over HTTP: preview, commit, and broken files as 400s."""

import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tests.api.conftest import API, first_error
from tournaments.models import AuditEntry, Club, Participant, Player, Team
from tournaments.services.draw import draw_series
from tournaments.services.player_import import MAX_FILE_BYTES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

HEADER = ["Vorname", "Nachname", "Verein", "Mitgliedsnummer", "Mannschaft"]


@pytest.fixture
def tournament(db):
    return f.make_tournament()


def upload(client, tournament, name, content, commit=None):
    data = {"file": SimpleUploadedFile(name, content)}
    if commit is not None:
        data["commit"] = commit
    return client.post(API + f"tournaments/{tournament.id}/participants/import/", data)


MIXED = [
    HEADER,
    ["Jürgen", "Größer", "Herz Dame", "7", "Herz 1"],
    ["Käthe", "Öztürk", "", "", ""],
    ["jürgen", "GRÖSSER", "herz dame", "7", ""],
    ["", "Ohne Vorname", "", "", ""],
]


def test_import_preview_shows_every_line_and_writes_nothing(director_client, tournament):
    f.make_club("Herz Dame")

    response = upload(director_client, tournament, "liste.csv", f.csv_bytes(MIXED))

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["committed"], body["result"], body["importable"]) == (False, None, 2)
    assert [(line["line"], line["status"]) for line in body["lines"]] == [
        (2, "new_player"),
        (3, "new_player"),
        (4, "duplicate"),
        (5, "error"),
    ]
    first = body["lines"][0]
    assert (first["first_name"], first["club"], first["member_number"], first["team"]) == (
        "Jürgen",
        "Herz Dame",
        "7",
        "Herz 1",
    )
    assert [note["code"] for note in first["notes"]] == ["new_team"]
    assert body["lines"][2]["duplicate_of"] == 2
    assert body["lines"][3]["problems"] == [
        {
            "field": "first_name",
            "code": "first_name_missing",
            "message": "Line 5: the first name is missing; fill it in.",
        }
    ]
    assert body["counts"]["duplicate"] == 1
    assert (Player.objects.count(), Participant.objects.count(), Team.objects.count()) == (0, 0, 0)


@pytest.mark.parametrize("commit", ["false", "0", ""])
def test_import_without_commit_only_previews(director_client, tournament, commit):
    response = upload(director_client, tournament, "liste.csv", f.csv_bytes(MIXED), commit)

    assert (response.status_code, response.json()["committed"]) == (200, False)
    assert not Participant.objects.exists()


def test_import_commit_registers_with_start_numbers_and_reports_counts(director_client, tournament):
    f.make_club("Herz Dame")
    f.make_many_participants(tournament, 2)

    response = upload(director_client, tournament, "liste.xlsx", f.xlsx_bytes(MIXED), "true")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["committed"] is True
    result = body["result"]
    assert (result["registered"], result["created_players"], result["skipped"]) == (2, 2, 2)
    assert (result["created_clubs"], result["created_teams"]) == (0, 1)
    registered = Participant.objects.filter(pk__in=result["participants"]).order_by("start_number")
    assert [(p.start_number, p.player.last_name) for p in registered] == [
        (3, "Größer"),
        (4, "Öztürk"),
    ]
    assert registered[0].team.name == "Herz 1"
    assert AuditEntry.objects.get(action="players_imported").after["registered"] == 2


def test_import_commit_after_every_series_is_drawn_is_refused(director_client):
    tournament = f.make_tournament(planned_series=1)
    f.make_many_participants(tournament, 4)
    draw_series(f.make_series(tournament), seed=1)

    response = upload(director_client, tournament, "liste.csv", f.csv_bytes(MIXED), "true")

    assert first_error(response) == (409, "file", "all_series_drawn")
    assert Participant.objects.filter(tournament=tournament).count() == 4


def test_import_into_a_full_team_is_an_error_line_in_the_preview(director_client):
    tournament = f.make_tournament(team_size=2)
    rows = [HEADER] + [["Karl", f"K{n}", "", "", "Herz"] for n in range(3)]

    response = upload(director_client, tournament, "liste.csv", f.csv_bytes(rows))

    lines = response.json()["lines"]
    assert [line["status"] for line in lines] == ["new_player", "new_player", "error"]
    assert lines[2]["problems"][0]["code"] == "team_full"
    assert "Herz" in lines[2]["problems"][0]["message"]


def _big_csv():
    return b"Vorname;Nachname\r\n" + b"Karl;Kreuz\r\n" * (MAX_FILE_BYTES // 10)


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("liste.csv", f.csv_bytes([["Spieler", "Klub"], ["Karl Kreuz", "SC"]]), "missing_columns"),
        (
            "liste.csv",
            f.csv_bytes([["Vorname", "Name", "Nachname"], ["K", "K", "K"]]),
            "duplicate_column",
        ),
        ("liste.csv", b"Vorname;Nachname\r\nJ\x81rgen;Kreuz\r\n", "unreadable_file"),
        ("liste.csv", "Vorname;Nachname".encode("utf-16-le"), "unreadable_file"),
        ("liste.csv", b"\r\n;\r\n \r\n", "empty_file"),
        ("liste.csv", b"Vorname;Nachname\r\n;\r\n;;\r\n", "empty_file"),
        ("liste.csv", b"", "empty_file"),
        ("liste.xlsx", b"Vorname;Nachname\r\nKarl;Kreuz\r\n", "unreadable_file"),
        ("liste.xlsx", f.xlsx_bytes([["Vorname", "Nachname"]])[:300], "unreadable_file"),
        ("liste.csv", f.xlsx_bytes([["Vorname", "Nachname"]]), "unreadable_file"),
        ("liste.pdf", b"%PDF-1.7", "unsupported_file_type"),
        ("liste.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512), "unsupported_file_type"),
        ("liste.csv", _big_csv(), "file_too_large"),
    ],
)
def test_import_of_a_broken_file_is_a_400_naming_the_file(
    director_client, tournament, name, content, code
):
    response = upload(director_client, tournament, name, content, "true")

    assert first_error(response) == (400, "file", code)
    assert response.json()["errors"][0]["message"]
    assert not Participant.objects.exists()


def test_import_of_a_too_large_file_says_the_limit(director_client, tournament):
    response = upload(director_client, tournament, "riesig.csv", _big_csv())

    message = response.json()["errors"][0]["message"]
    assert "riesig.csv" in message and "2 MB" in message


def test_import_of_a_file_with_duplicate_rows_commits_each_player_once(director_client, tournament):
    rows = [HEADER, ["Karl", "Kreuz", "Neu", "1", ""], ["KARL", "kreuz", "neu", "1", ""]]

    response = upload(director_client, tournament, "liste.csv", f.csv_bytes(rows), "true")

    assert response.json()["result"]["registered"] == 1
    assert [line["status"] for line in response.json()["lines"]] == ["new_player", "duplicate"]
    assert (Player.objects.count(), Club.objects.count()) == (1, 1)


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({}, "file", "file_required"),
        ({"file": "Vorname;Nachname"}, "file", "file_required"),
        (
            {"file": SimpleUploadedFile("l.csv", b"Vorname;Nachname\r\nK;K"), "commit": "ja"},
            "commit",
            "not_a_boolean",
        ),
    ],
)
def test_import_with_a_bad_form_is_refused(director_client, tournament, data, field, code):
    response = director_client.post(API + f"tournaments/{tournament.id}/participants/import/", data)

    assert first_error(response) == (400, field, code)


def test_import_as_json_is_refused_with_a_4xx(director_client, tournament):
    response = director_client.post(
        API + f"tournaments/{tournament.id}/participants/import/",
        data='{"file": "x"}',
        content_type="application/json",
    )

    assert response.status_code == 415
    assert response.json()["errors"][0]["message"]


def test_import_needs_a_director(client, tournament):
    response = upload(client, tournament, "liste.csv", f.csv_bytes(MIXED), "true")

    assert response.status_code == 403
    assert not Player.objects.exists()


def test_import_commit_of_5000_rows_takes_a_bounded_number_of_queries(director_client, tournament):
    rows = [HEADER] + [
        ["Karl", f"Kreuz{n}", f"Club {n % 40}", str(n), f"Team {n // 4}"] for n in range(5000)
    ]
    content = f.csv_bytes(rows)

    started = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        response = upload(director_client, tournament, "gross.csv", content, "true")
    seconds = time.perf_counter() - started

    assert response.status_code == 201
    assert response.json()["result"]["registered"] == 5000
    assert len(queries) < 150  # bulk inserts in batches, not 8 queries per row
    assert list(
        Participant.objects.filter(tournament=tournament)
        .order_by("start_number")
        .values_list("start_number", flat=True)
    ) == list(range(1, 5001))
    assert Team.objects.filter(tournament=tournament).count() == 1250
    print(f"5,000 rows committed in {seconds:.2f} s with {len(queries)} queries")


CONFLICT = [HEADER, ["Walter", "Schäfer", "Herz Dame", "201", ""], ["Anna", "Acker", "", "", ""]]


@pytest.fixture
def braun(db):
    return Player.objects.create(
        first_name="Werner", last_name="Braun", club=f.make_club("Herz Dame"), member_number="201"
    )


def test_import_preview_marks_a_member_number_conflict(director_client, tournament, braun):
    response = upload(director_client, tournament, "liste.csv", f.csv_bytes(CONFLICT))

    data = response.json()
    assert response.status_code == 200
    assert [line["status"] for line in data["lines"]] == ["conflict", "new_player"]
    assert data["lines"][0]["player"] == braun.pk
    assert data["counts"]["conflict"] == 1


def test_import_commit_with_an_open_conflict_is_refused_and_writes_nothing(
    director_client, tournament, braun
):
    response = upload(
        director_client, tournament, "liste.csv", f.csv_bytes(CONFLICT), commit="true"
    )

    assert first_error(response) == (400, "resolutions", "conflicts_unresolved")
    assert Participant.objects.count() == 0


@pytest.mark.parametrize(
    ("choice", "counts"),
    [
        ("new", {"new_player": 2}),
        ("existing", {"new_player": 1, "existing_player": 1}),
        ("skip", {"new_player": 1, "skipped": 1}),
    ],
)
def test_import_commit_applies_the_resolution_and_counts_outcomes(
    director_client, tournament, braun, choice, counts
):
    data = {
        "file": SimpleUploadedFile("liste.csv", f.csv_bytes(CONFLICT)),
        "commit": "true",
        "resolutions": json.dumps({"2": choice}),
    }

    response = director_client.post(API + f"tournaments/{tournament.id}/participants/import/", data)

    assert response.status_code == 201
    assert {k: v for k, v in response.json()["counts"].items() if v} == counts


def test_import_with_unreadable_resolutions_names_the_field(director_client, tournament):
    data = {
        "file": SimpleUploadedFile("liste.csv", f.csv_bytes(CONFLICT)),
        "resolutions": "Zeile 2: neu",
    }

    response = director_client.post(API + f"tournaments/{tournament.id}/participants/import/", data)

    assert first_error(response) == (400, "resolutions", "invalid_resolutions")

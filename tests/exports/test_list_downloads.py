"""Downloading lists as PDF and managing the club certificate over the real API URLs."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from pyhanko.pdf_utils.reader import PdfFileReader
from pypdf import PdfReader

from tests import factories as f
from tests.openapi import api_schema, generator_warnings
from tournaments.models import Seat, SigningCertificate
from tournaments.services.sealing.certificates import MAX_UPLOAD_BYTES, certificate_for

pytestmark = pytest.mark.django_db

API = "/api/v1/"
PATHS = (
    "/api/v1/tables/{id}/list.pdf",
    "/api/v1/tables/{id}/blank-list.pdf",
    "/api/v1/series/{id}/lists.pdf",
    "/api/v1/clubs/{id}/certificate/",
)


def body(response) -> bytes:
    return b"".join(response.streaming_content)


def signatures_in(pdf: bytes) -> int:
    return len(PdfFileReader(io.BytesIO(pdf)).embedded_signatures)


def names_at(table) -> list[str]:
    seats = Seat.objects.filter(table=table).select_related("participant__player")
    return [seat.participant.player.full_name for seat in seats]


def club_table():
    table = f.make_complete_table()
    tournament = table.series.tournament
    tournament.club = f.make_club("Skatclub Herz Dame")
    tournament.name = "Preisskat Grün-Weiß"
    tournament.save()
    return table


@pytest.mark.parametrize("accept", ["*/*", "application/pdf"])
def test_list_pdf_is_a_signed_attachment_with_a_readable_name(client, accept):
    table = f.sign_all(club_table())

    response = client.get(f"{API}tables/{table.id}/list.pdf", headers={"accept": accept})

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="Preisskat-Gruen-Weiss_2026-03-14_Serie-1_Tisch-1_Spielliste.pdf"; '
        "filename*=UTF-8''Preisskat-Gr%C3%BCn-Wei%C3%9F_2026-03-14_Serie-1_Tisch-1_Spielliste.pdf"
    )
    pdf = body(response)
    assert signatures_in(pdf) == 1
    text = f.pdf_text(pdf)
    for name in names_at(table):
        assert name in text
    assert f"http://testserver/verify/{table.seal}/" in text
    assert SigningCertificate.objects.get(club=table.series.tournament.club).uploaded is False


def test_blank_list_pdf_is_an_unsigned_attachment_with_the_players(client):
    table = club_table()

    response = client.get(f"{API}tables/{table.id}/blank-list.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].endswith("_Serie-1_Tisch-1_Leere-Spielliste.pdf")
    pdf = body(response)
    assert signatures_in(pdf) == 0
    for name in names_at(table):
        assert name in f.pdf_text(pdf)


def series_with_tables(count: int):
    tournament = f.make_tournament(rounds_per_series=1, club=f.make_club())
    series = f.make_series(tournament)
    people = f.make_participants(tournament, 4 * count)
    tables = [f.make_table(series, people[4 * n : 4 * n + 4]) for n in range(count)]
    for table in tables:
        f.sign_all(f.play_out(table))
    return series, tables


# The series, its tables (one chunked query) and the club certificate; then per list its
# seats, list points (summed, and game by game for the running totals), signatures, games
# and its corrections and undos (the audit trail, for "Vermerke"). Rendering more lists adds
# no other query. One more, once per download: the results portal the seal's link leads to
# (the publishing app's stored target, services/public_address.py).
QUERIES_FIXED = 4
QUERIES_PER_TABLE = 6


@pytest.mark.parametrize("count", [1, 3])
def test_series_lists_pdf_holds_every_list_in_queries_constant_per_table(
    client, django_assert_num_queries, count
):
    series, tables = series_with_tables(count)
    certificate_for(series.tournament.club)

    with django_assert_num_queries(QUERIES_FIXED + QUERIES_PER_TABLE * count):
        response = client.get(f"{API}series/{series.id}/lists.pdf")
        pdf = body(response)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].endswith("_Serie-1_Spiellisten.pdf")
    assert signatures_in(pdf) == 1
    assert len(PdfReader(io.BytesIO(pdf)).pages) == count
    text = f.pdf_text(pdf)
    for table in tables:
        assert table.seal in text
        for name in names_at(table):
            assert name in text


@pytest.mark.parametrize(
    "path", ["tables/999999/list.pdf", "tables/999999/blank-list.pdf", "series/999999/lists.pdf"]
)
@pytest.mark.parametrize("accept", ["*/*", "application/pdf"])
def test_unknown_id_gives_the_json_error(client, path, accept):
    response = client.get(API + path, headers={"accept": accept})

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    error = response.json()
    assert error["errors"][0]["code"] == "not_found"
    assert error["detail"] == error["errors"][0]["message"]


def test_pdf_downloads_cannot_be_written_to(client):
    table = f.make_complete_table()
    client.force_login(f.make_staff_user())

    response = client.post(f"{API}tables/{table.id}/list.pdf")

    assert response.status_code == 405
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


# --- the club certificate ---------------------------------------------------------------


def upload(client, club, data, password="geheim"):
    payload = {"password": password}
    if data is not None:
        payload["file"] = SimpleUploadedFile("club.p12", data, "application/x-pkcs12")
    return client.post(f"{API}clubs/{club.id}/certificate/", payload)


def test_certificate_is_missing_until_the_first_list_is_downloaded(client):
    table = club_table()
    club = table.series.tournament.club
    missing = client.get(f"{API}clubs/{club.id}/certificate/")

    client.get(f"{API}tables/{table.id}/list.pdf")
    response = client.get(f"{API}clubs/{club.id}/certificate/")

    assert missing.status_code == 404
    assert missing.json()["errors"][0]["code"] == "no_certificate"
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"club", "subject", "valid_until", "uploaded", "sha256_fingerprint"}
    assert (data["club"], data["uploaded"]) == (club.id, False)
    assert "Skatclub Herz Dame" in data["subject"]
    assert len(data["sha256_fingerprint"]) == 32 * 3 - 1


def test_director_uploads_the_clubs_own_certificate(client):
    club = f.make_club()
    client.force_login(f.make_staff_user())

    response = upload(client, club, f.make_pkcs12(b"geheim"))

    assert response.status_code == 201
    assert response.json()["uploaded"] is True
    assert response.json()["subject"] == "CN=Skatclub Eigenes Zertifikat"
    assert client.get(f"{API}clubs/{club.id}/certificate/").json()["uploaded"] is True


@pytest.mark.parametrize(
    ("data", "password", "field", "code"),
    [
        (f.make_pkcs12(b"geheim"), "falsch", "password", "wrong_certificate_password"),
        (b"-----BEGIN CERTIFICATE-----", "geheim", "file", "not_a_certificate"),
        (None, "geheim", "file", "certificate_missing"),
        (b"0" * (MAX_UPLOAD_BYTES + 5000), "geheim", "file", "certificate_too_large"),
        (f.make_pkcs12(b"geheim", days=-1), "geheim", "file", "certificate_expired"),
    ],
    # Named, because a generated certificate differs in every pytest-xdist process.
    ids=["wrong-password", "a-pem-header", "no-file", "too-large", "expired"],
)
def test_certificate_upload_refusals_name_the_field(client, data, password, field, code):
    club = f.make_club()
    client.force_login(f.make_staff_user())

    response = upload(client, club, data, password)

    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["field"], error["code"]) == (field, code)
    assert error["message"]
    assert not SigningCertificate.objects.filter(club=club).exists()


def test_certificate_upload_needs_a_director(client):
    club = f.make_club()

    response = upload(client, club, f.make_pkcs12(b"geheim"))

    assert response.status_code == 403
    assert not SigningCertificate.objects.filter(club=club).exists()


def test_certificate_of_an_unknown_club_is_not_found(client):
    client.force_login(f.make_staff_user())

    response = client.post(f"{API}clubs/999999/certificate/", {"password": "x"})

    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_export_endpoints_are_in_the_schema_without_warnings():
    schema = api_schema()

    assert set(PATHS) <= set(schema["paths"])
    for path in PATHS[:3]:
        content = schema["paths"][path]["get"]["responses"]["200"]["content"]
        assert content == {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
    assert [
        w for w in generator_warnings() if "exports.py" in w or "PDFView" in w or "Certificate" in w
    ] == []


def test_one_list_pdf_reads_its_table_once(client, django_assert_num_queries):
    """The table (with its series, tournament, club and tariff), the club certificate, then
    the list's seats, list points (summed, and game by game for the running totals),
    signatures, games and its corrections and undos; a fresh rendering, nothing kept; and
    the results portal the seal's link leads to (services/public_address.py)."""
    (table,) = series_with_tables(1)[1]
    certificate_for(table.series.tournament.club)

    with django_assert_num_queries(9):
        response = client.get(f"{API}tables/{table.id}/list.pdf")
        pdf = body(response)

    assert response.status_code == 200
    assert signatures_in(pdf) == 1

"""The static site of a tournament (docs/publishing.md): ``tournaments/{id}/site.zip`` for
its directors, a website built from the results document that works opened from disk or
on any web space: index, rankings, every list as HTML and PDF, player pages, a page that
checks the seals, and ``results.json``; relative links only, nothing from outside."""

import io
import json
import re
import zipfile
from posixpath import dirname, join, normpath

import pytest

from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tournaments.exports.kept import background
from tournaments.models import Table

pytestmark = pytest.mark.django_db

LINK = re.compile(r"""(?:href|src|action)\s*=\s*["']([^"']*)["']""", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _storage(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def site_tournament(admin_user):
    """A finished tournament of a club, 8 players in 2 series; player 3 consented to no
    publication of the name."""
    tournament = with_club(f.make_played_tournament(players=8, series=2))
    hidden = tournament.participants.get(start_number=3).player
    hidden.first_name, hidden.last_name, hidden.publication = "Erika", "Verborgen", "none"
    hidden.save()
    return finish(tournament, admin_user)


def download(client, tournament) -> zipfile.ZipFile:
    response = client.get(f"/api/v1/tournaments/{tournament.pk}/site.zip")
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/zip"
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return zipfile.ZipFile(io.BytesIO(content))


def html_files(site: zipfile.ZipFile) -> dict[str, str]:
    return {
        name: site.read(name).decode("utf-8") for name in site.namelist() if name.endswith(".html")
    }


def test_the_site_holds_index_rankings_lists_as_html_and_pdf_players_and_the_document(
    director_client, admin_user
):
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    names = set(site.namelist())
    assert {"index.html", "rangliste.html", "pruefen.html", "results.json"} <= names
    assert {"serie-1.html", "serie-2.html"} <= names
    tables = Table.objects.filter(series__tournament=tournament).select_related("series")
    assert tables.count() == 4
    for table in tables:
        stem = f"listen/serie-{table.series.number}-tisch-{table.number}"
        assert f"{stem}.html" in names
        assert site.read(f"{stem}.pdf").startswith(b"%PDF")
    for number in range(1, 9):
        assert f"spieler/p{number}.html" in names
    document = json.loads(site.read("results.json"))
    assert document["format"] == "skat-results/1"
    assert document["tournament"]["name"] == tournament.name


def test_every_link_resolves_inside_the_zip_and_nothing_comes_from_outside(
    director_client, admin_user
):
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    names = set(site.namelist())
    checked = 0
    for name, html in html_files(site).items():
        assert "http://" not in html and "https://" not in html, name
        assert "<link" not in html.lower(), name  # the style is inline
        for target in LINK.findall(html):
            assert not target.startswith(("/", "//")), (name, target)
            path = target.split("#")[0]
            if path:
                assert normpath(join(dirname(name), path)) in names, (name, target)
                checked += 1
    assert checked > 40


def test_players_are_named_as_the_document_names_them_in_pages_and_pdfs(
    director_client, admin_user
):
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    document = json.loads(site.read("results.json"))
    shown = next(p["name"] for p in document["players"] if p["ref"] == "p3")
    assert shown == "Teilnehmer 3"
    pages = html_files(site)
    assert shown in pages["rangliste.html"]
    assert shown in pages["spieler/p3.html"]
    for name, html in pages.items():
        assert "Verborgen" not in html, name
    for name in site.namelist():
        if name.endswith(".pdf"):
            assert "Verborgen" not in f.pdf_text(site.read(name)), name
    hidden_tables = [
        f"listen/serie-{s['number']}-tisch-{t['number']}.pdf"
        for s in document["series"]
        for t in s["tables"]
        if any(seat["player"] == "p3" for seat in t["seats"])
    ]
    assert hidden_tables
    assert shown in f.pdf_text(site.read(hidden_tables[0]))


def test_a_list_pdf_leads_to_the_sites_own_seal_check_not_to_the_hall(director_client, admin_user):
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    text = f.pdf_text(site.read("listen/serie-1-tisch-1.pdf")).replace("\n", "")
    assert "../pruefen.html#serie-1-tisch-1" in text
    assert "testserver" not in text and "/verify/" not in text


def test_the_ranking_and_a_list_show_what_the_document_says(director_client, admin_user):
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    document = json.loads(site.read("results.json"))
    names = {p["ref"]: p["name"] for p in document["players"]}
    ranking = site.read("rangliste.html").decode()
    first, last = document["rankings"]["tournament"][0], document["rankings"]["tournament"][-1]
    assert ranking.index(names[first["player"]]) < ranking.index(names[last["player"]])
    assert f">{first['total']}<" in ranking.replace(" ", "")
    table = document["series"][0]["tables"][0]
    page = site.read(f"listen/serie-1-tisch-{table['number']}.html").decode()
    assert page.count('class="game"') == len(table["games"])
    assert table["seal"]["signature"] in page


def test_the_verification_page_embeds_the_public_key_and_each_seal(director_client, admin_user):
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    document = json.loads(site.read("results.json"))
    page = site.read("pruefen.html").decode()
    assert document["club"]["keys"][0]["public_key"] in page
    for series in document["series"]:
        for table in series["tables"]:
            assert table["seal"]["signature"] in page
    assert "Ed25519" in page


def test_only_directors_download_the_site(client, admin_user):
    tournament = site_tournament(admin_user)

    response = client.get(f"/api/v1/tournaments/{tournament.pk}/site.zip")

    assert response.status_code in (401, 403)
    assert "detail" in response.json()


def test_the_directors_tournament_page_offers_the_site(director_client):
    tournament = f.make_played_tournament(players=4)

    page = director_client.get(f"/leitung/turniere/{tournament.pk}/").content.decode()

    assert f'href="/api/v1/tournaments/{tournament.pk}/site.zip"' in page
    assert "Website" in page


def test_a_changed_name_gives_a_new_site_not_the_kept_one(director_client, admin_user):
    tournament = site_tournament(admin_user)
    download(director_client, tournament)
    player = tournament.participants.get(start_number=3).player
    player.publication = "full"
    player.save()

    site = download(director_client, tournament)

    assert "Erika Verborgen" in site.read("spieler/p3.html").decode()


@pytest.mark.django_db(transaction=True)
def test_a_big_tournaments_site_is_prepared_in_the_background_then_downloaded(
    director_client, admin_user, settings
):
    settings.SERIES_PDF_INLINE_TABLES = 3
    tournament = site_tournament(admin_user)
    path = f"/api/v1/tournaments/{tournament.pk}/site.zip"

    waiting = director_client.get(path)
    for thread in background.running_threads():
        thread.join(timeout=120)
    site = download(director_client, tournament)

    assert waiting.status_code == 202
    assert waiting["Refresh"] == "3"
    assert "wird erstellt" in waiting.content.decode()
    assert "listen/serie-2-tisch-2.pdf" in site.namelist()

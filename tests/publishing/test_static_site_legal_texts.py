"""The static site carries the privacy notice and the imprint of the club that runs the
site (docs/privacy.md): ``datenschutz.html`` and ``impressum.html`` in the ZIP, linked
relatively from every page's footer; until the club writes a text, the placeholder."""

import re
from posixpath import dirname, join, normpath

import pytest

from tests.publishing.test_static_site import download, html_files, site_tournament
from tournaments.models import Club

pytestmark = pytest.mark.django_db

LINK = re.compile(r"""href\s*=\s*["']([^"'#]*)["']""", re.IGNORECASE)
PRIVACY = "Verantwortlich ist der Skatclub Kreuz-Bube e.V.\n\nDaten <b>werden</b> gelöscht."
IMPRINT = "Skatclub Kreuz-Bube e.V., Hauptstraße 1, 12345 Musterstadt"


@pytest.fixture(autouse=True)
def _storage(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def _site_club(**texts):
    return Club.objects.create(name="Skatclub Kreuz-Bube", runs_site=True, **texts)


def _linked_files(name: str, html: str) -> set[str]:
    return {normpath(join(dirname(name), target)) for target in LINK.findall(html) if target}


def test_every_page_links_both_texts_of_the_club_that_runs_the_site(director_client, admin_user):
    _site_club(privacy_notice=PRIVACY, imprint=IMPRINT)
    tournament = site_tournament(admin_user)

    site = download(director_client, tournament)

    pages = html_files(site)
    assert {"datenschutz.html", "impressum.html"} <= set(pages)
    for name, html in pages.items():
        assert {"datenschutz.html", "impressum.html"} <= _linked_files(name, html), name
    privacy = pages["datenschutz.html"]
    assert "Verantwortlich ist der Skatclub Kreuz-Bube e.V." in privacy
    assert "Daten &lt;b&gt;werden&lt;/b&gt; gelöscht." in privacy  # plain text, escaped
    assert "Datenschutzerklärung" in privacy
    assert IMPRINT in pages["impressum.html"]


def test_a_text_not_yet_written_is_the_placeholder(director_client, admin_user):
    _site_club(imprint=IMPRINT)
    tournament = site_tournament(admin_user)

    pages = html_files(download(director_client, tournament))

    privacy = pages["datenschutz.html"]
    assert "Skatclub Kreuz-Bube hat noch keine Datenschutzerklärung für diese Website" in privacy
    assert IMPRINT in pages["impressum.html"]


def test_a_changed_text_gives_a_new_site(director_client, admin_user):
    club = _site_club(privacy_notice=PRIVACY, imprint=IMPRINT)
    tournament = site_tournament(admin_user)
    download(director_client, tournament)
    Club.objects.filter(pk=club.pk).update(imprint="Neue Anschrift: Marktplatz 2")

    pages = html_files(download(director_client, tournament))

    assert "Neue Anschrift: Marktplatz 2" in pages["impressum.html"]

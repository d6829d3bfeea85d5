"""The privacy notice (/datenschutz/) and the imprint (/impressum/): the texts of the club
that runs the site, set by its director, escaped; a clear placeholder until then; the
forms that ask for the consent to publication link the notice (docs/privacy.md)."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Club

pytestmark = pytest.mark.django_db

CONSENT_LINK = '<a href="/datenschutz/" data-testid="consent-privacy-notice">'


@pytest.fixture
def club_and_director():
    club = f.make_club("Skatfreunde Nord")
    director = f.make_staff_user("leitung_nord")
    club.directors.add(director)
    return club, director


@pytest.mark.parametrize(
    ("address", "missing", "contents"),
    [
        ("/datenschutz/", "noch keine Datenschutzerklärung", "Verantwortliche"),
        ("/impressum/", "noch kein Impressum", "Anschrift"),
    ],
)
def test_until_the_club_writes_them_the_pages_say_so_and_what_belongs_in_them(
    client, club_and_director, address, missing, contents
):
    page = client.get(address).content.decode()

    assert "Skatfreunde Nord" in page
    assert missing in page
    assert contents in page


def test_the_director_writes_both_texts_and_the_public_reads_them_escaped(
    client, club_and_director
):
    club, director = club_and_director
    client.force_login(director)

    response = client.post(
        f"/leitung/vereine/{club.pk}/rechtliches/",
        {
            "privacy_notice": "Verantwortlich: Erika Muster\n\n<script>alert(1)</script>",
            "imprint": "Skatfreunde Nord e. V.\nHauptstraße 1",
            "runs_site": "on",
        },
    )
    client.logout()
    notice = client.get("/datenschutz/").content.decode()
    imprint = client.get("/impressum/").content.decode()

    assert response.status_code == 302
    assert "<p>Verantwortlich: Erika Muster</p>" in notice
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in notice
    assert "<script>alert(1)" not in notice
    assert "noch keine Datenschutzerklärung" not in notice
    assert "Skatfreunde Nord e. V.<br>Hauptstraße 1" in imprint
    assert AuditEntry.objects.filter(action="club_legal_texts_changed").exists()


def test_with_several_clubs_the_texts_are_those_of_the_club_that_runs_the_site(
    client, club_and_director
):
    club, _director = club_and_director
    other = f.make_club("Pik Sieben")
    Club.objects.filter(pk=other.pk).update(imprint="Pik Sieben e. V.")
    Club.objects.filter(pk=club.pk).update(imprint="Nord e. V.", runs_site=True)

    page = client.get("/impressum/").content.decode()

    assert "Nord e. V." in page
    assert "Pik Sieben" not in page


def test_several_clubs_and_none_runs_the_site_shows_the_placeholder(client, club_and_director):
    f.make_club("Pik Sieben")

    page = client.get("/impressum/").content.decode()

    assert "noch kein Impressum" in page


def test_a_second_club_cannot_take_over_the_site(client, club_and_director):
    club, _director = club_and_director
    Club.objects.filter(pk=club.pk).update(runs_site=True)
    other = f.make_club("Pik Sieben")
    director = f.make_staff_user("leitung_pik")
    other.directors.add(director)
    client.force_login(director)

    response = client.post(
        f"/leitung/vereine/{other.pk}/rechtliches/",
        {"privacy_notice": "", "imprint": "Pik", "runs_site": "on"},
    )

    assert response.status_code == 400
    assert "Skatfreunde Nord" in response.content.decode()
    assert Club.objects.get(pk=other.pk).runs_site is False


def test_only_a_director_of_the_club_edits_its_texts(client, club_and_director):
    club, _director = club_and_director
    stranger = f.make_staff_user("leitung_fremd")
    f.make_club("Pik Sieben").directors.add(stranger)
    client.force_login(stranger)

    get = client.get(f"/leitung/vereine/{club.pk}/rechtliches/")
    post = client.post(f"/leitung/vereine/{club.pk}/rechtliches/", {"imprint": "gekapert"})
    client.logout()
    anonymous = client.get(f"/leitung/vereine/{club.pk}/rechtliches/")

    assert (get.status_code, post.status_code) == (403, 403)
    assert anonymous.status_code == 302
    assert Club.objects.get(pk=club.pk).imprint == ""


def test_the_club_page_links_the_texts(client, club_and_director):
    club, director = club_and_director
    client.force_login(director)

    page = client.get(f"/leitung/vereine/{club.pk}/").content.decode()

    assert f'href="/leitung/vereine/{club.pk}/rechtliches/"' in page


def test_the_self_registration_says_what_is_published_and_links_the_notice(client):
    tournament = f.make_tournament(self_registration=True)

    page = client.get(f"/turniere/{tournament.pk}/anmelden/").content.decode()

    assert "Erika Mustermann" in page
    assert "Erika M." in page
    assert "Teilnehmer 17" in page
    assert CONSENT_LINK in page  # beside the choice, not only in the footer


@pytest.mark.parametrize("page", ["participants", "player"])
def test_the_directors_forms_link_the_privacy_notice(director_client, page):
    tournament = f.make_tournament()
    player = f.make_player(club=f.make_club())
    address = {
        "participants": f"/leitung/turniere/{tournament.pk}/teilnehmer/",
        "player": f"/leitung/spieler/{player.pk}/",
    }[page]

    text = director_client.get(address).content.decode()

    assert "Erika M." in text
    assert CONSENT_LINK in text

"""A director names the club's treasurer on a page; the treasurer logs in and finds the
cash boxes of that club's tournaments, and no way into the director's pages."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.http import HttpRequest

from tests import factories as f
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

PASSWORD = "Kassenbuch-2027"


@pytest.fixture
def clubs(director_user):
    """Club A, directed by the test's director, and club B with a director of its own."""
    club_a, club_b = f.make_club("Herz A"), f.make_club("Pik B")
    club_a.directors.add(director_user)
    club_b.directors.add(f.make_staff_user("leitung_b"))
    return club_a, club_b


def test_the_director_names_a_new_treasurer_on_a_page(director_client, clubs):
    club_a, club_b = clubs

    page = director_client.get("/leitung/kassenwarte/").content.decode()
    response = director_client.post(
        "/leitung/kassenwarte/",
        {"club": club_a.pk, "username": "kasse", "password": PASSWORD},
        follow=True,
    )

    assert "Herz A" in page and "Pik B" not in page  # only the director's own clubs
    assert "Kassenwart benennen" in page
    assert "— Verein wählen —" in page and "---------" not in page
    text = response.content.decode()
    assert "kasse führt jetzt die Kassen von Herz A." in text
    assert "kasse" in re.search(r'data-testid="treasurers-\d+">(.*?)</section>', text, re.S)[1]
    treasurer = get_user_model().objects.get(username="kasse")
    assert list(club_a.treasurers.all()) == [treasurer] and not treasurer.is_staff
    assert AuditEntry.objects.filter(action="treasurer_named").count() == 1


def test_a_club_of_another_director_is_refused(director_client, clubs):
    _club_a, club_b = clubs

    response = director_client.post(
        "/leitung/kassenwarte/", {"club": club_b.pk, "username": "kasse", "password": PASSWORD}
    )

    assert response.status_code == 400
    assert "Bitte eine gültige Auswahl treffen" in response.content.decode()
    assert not club_b.treasurers.exists()


def test_bad_input_is_shown_at_the_field_in_german(director_client, clubs):
    club_a, _club_b = clubs

    response = director_client.post(
        "/leitung/kassenwarte/", {"club": club_a.pk, "username": "kasse", "password": ""}
    )

    assert response.status_code == 400
    assert "Eine neue Anmeldung braucht ein Passwort" in response.content.decode()
    assert not get_user_model().objects.filter(username="kasse").exists()


def test_the_director_removes_a_treasurer(director_client, clubs):
    club_a, _club_b = clubs
    treasurer = f.make_treasurer("kasse")
    club_a.treasurers.add(treasurer)

    response = director_client.post(
        f"/leitung/kassenwarte/{club_a.pk}/entfernen/", {"treasurer": treasurer.pk}, follow=True
    )

    assert "führt die Kassen von Herz A nicht mehr" in response.content.decode()
    assert not club_a.treasurers.exists()


@pytest.fixture
def treasurer_of_a(clubs):
    club_a, club_b = clubs
    treasurer = f.make_treasurer("kasse")
    treasurer.set_password(PASSWORD)
    treasurer.save()
    club_a.treasurers.add(treasurer)
    own = f.make_tournament(name="Clubabend November", club=club_a)
    other = f.make_tournament(name="Pokal der Pik B", club=club_b)
    return treasurer, own, other


def test_a_treasurer_lands_on_the_cash_boxes_of_their_club(client, treasurer_of_a):
    _treasurer, own, other = treasurer_of_a
    login = client.get("/anmelden/")
    assert login.status_code == 200

    response = client.post("/anmelden/", {"username": "kasse", "password": PASSWORD})
    page = client.get(response["Location"]).content.decode()

    assert response["Location"] == "/kasse/"
    assert f'href="/leitung/turniere/{own.pk}/kasse/"' in page
    assert "Kasse von Clubabend November" in page
    assert "Pokal der Pik B" not in page
    assert 'href="/leitung/"' not in page  # no dead "Tournament management" link
    assert 'data-testid="nav-cash"' in page and 'data-testid="nav-logout"' in page


def test_the_cash_box_page_leads_a_treasurer_back_to_the_cash_boxes(client, treasurer_of_a):
    _treasurer, own, other = treasurer_of_a
    assert client.login(request=HttpRequest(), username="kasse", password=PASSWORD)

    page = client.get(f"/leitung/turniere/{own.pk}/kasse/").content.decode()
    settlement = client.get(f"/leitung/turniere/{own.pk}/kasse/abrechnung/").content.decode()
    refused = client.get(f"/leitung/turniere/{other.pk}/kasse/")

    crumbs = re.search(r'class="director-breadcrumbs".*?</nav>', page, re.S)[0]
    assert 'href="/kasse/"' in crumbs and 'href="/leitung/' not in crumbs
    assert (
        'href="/kasse/"' in re.search(r'class="director-breadcrumbs".*?</nav>', settlement, re.S)[0]
    )
    assert refused.status_code == 403


def test_a_director_sees_the_tournament_management_crumbs_on_the_cash_box(director_client, clubs):
    own = f.make_tournament(club=clubs[0])

    page = director_client.get(f"/leitung/turniere/{own.pk}/kasse/").content.decode()

    crumbs = re.search(r'class="director-breadcrumbs".*?</nav>', page, re.S)[0]
    assert 'href="/leitung/"' in crumbs and f'href="/leitung/turniere/{own.pk}/"' in crumbs


def test_the_cash_boxes_page_is_refused_to_who_keeps_none(client):
    get_user_model().objects.create_user("mitglied", password=PASSWORD)
    client.login(request=HttpRequest(), username="mitglied", password=PASSWORD)

    assert client.get("/kasse/").status_code == 403

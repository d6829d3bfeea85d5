"""A club's directors named on the club's page (/leitung/vereine/<id>/), without the admin
site: the list of its directors, "add" (an existing director's login by name) and
"remove" (never the last one). Who may is the API's rule (``roles.may_name_directors``:
the association's administrator), asked by the same service."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs():
    a, b = f.make_club("Herz A"), f.make_club("Pik B")
    director_a, director_b = f.make_staff_user("leitung_a"), f.make_staff_user("leitung_b")
    a.directors.add(director_a)
    b.directors.add(director_b)
    return {
        "a": a,
        "b": b,
        "director_a": director_a,
        "director_b": director_b,
        "admin": f.make_superuser("verband"),
    }


def test_the_club_page_lists_its_directors(client, two_clubs):
    client.force_login(two_clubs["director_a"])

    page = client.get(f"/leitung/vereine/{two_clubs['a'].pk}/").content.decode()

    assert page.count('data-testid="club-directors"') == 1
    assert page.count('<h2 id="directors-heading">Turnierleitung des Vereins</h2>') == 1
    assert "leitung_a" in page and "leitung_b" not in page


def test_the_admin_adds_an_existing_login_by_name_and_removes_it(client, two_clubs):
    club = two_clubs["a"]
    f.make_staff_user("neue_leitung")
    client.force_login(two_clubs["admin"])

    page = client.get(f"/leitung/vereine/{club.pk}/").content.decode()
    added = client.post(f"/leitung/vereine/{club.pk}/leitung/", {"username": "neue_leitung"})
    names = sorted(club.directors.values_list("username", flat=True))
    removed = client.post(
        f"/leitung/vereine/{club.pk}/leitung/entfernen/",
        {"director": two_clubs["director_a"].pk},
    )

    assert 'data-testid="add-club-director"' in page
    assert added.status_code == 302 and added["Location"] == f"/leitung/vereine/{club.pk}/"
    assert names == ["leitung_a", "neue_leitung"]
    assert removed.status_code == 302
    assert list(club.directors.values_list("username", flat=True)) == ["neue_leitung"]
    assert AuditEntry.objects.filter(action="club_director_added").count() == 1
    assert AuditEntry.objects.filter(action="club_director_removed").count() == 1


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("", "Bitte den Login-Namen der Turnierleitung angeben."),
        (
            "niemand",
            "Es gibt keine aktive Anmeldung der Turnierleitung mit dem Login-Namen „niemand“.",
        ),
        (
            "mitglied",
            "Es gibt keine aktive Anmeldung der Turnierleitung mit dem Login-Namen „mitglied“.",
        ),
    ],
)
def test_a_login_that_cannot_direct_is_refused_with_a_german_message(
    client, two_clubs, username, message
):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("mitglied")  # a login, but no director's
    club = two_clubs["a"]
    client.force_login(two_clubs["admin"])

    response = client.post(f"/leitung/vereine/{club.pk}/leitung/", {"username": username})

    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    assert 'id="id_username_errors"' in page
    assert list(club.directors.values_list("username", flat=True)) == ["leitung_a"]


def test_the_last_director_is_never_removed(client, two_clubs):
    club = two_clubs["a"]
    club.directors.add(two_clubs["admin"])
    client.force_login(two_clubs["admin"])
    client.post(
        f"/leitung/vereine/{club.pk}/leitung/entfernen/",
        {"director": two_clubs["director_a"].pk},
    )

    response = client.post(
        f"/leitung/vereine/{club.pk}/leitung/entfernen/",
        {"director": two_clubs["admin"].pk},
        follow=True,
    )

    assert list(club.directors.all()) == [two_clubs["admin"]]
    assert "Der letzte Turnierleiter des Vereins bleibt" in response.content.decode()


def test_a_club_s_own_director_may_not_name_or_remove_directors_as_in_the_api(client, two_clubs):
    """The API names a club's directors for the association's admin only: a staff user
    directs every club that named nobody and could otherwise take such a club over."""
    club = two_clubs["a"]
    client.force_login(two_clubs["director_a"])

    page = client.get(f"/leitung/vereine/{club.pk}/").content.decode()
    added = client.post(f"/leitung/vereine/{club.pk}/leitung/", {"username": "leitung_b"})
    removed = client.post(
        f"/leitung/vereine/{club.pk}/leitung/entfernen/",
        {"director": two_clubs["director_a"].pk},
    )
    api = client.post(
        f"/api/v1/clubs/{club.pk}/directors/",
        {"user": two_clubs["director_b"].pk},
        content_type="application/json",
    )

    assert 'data-testid="add-club-director"' not in page
    assert added.status_code == removed.status_code == api.status_code == 403
    assert list(club.directors.values_list("username", flat=True)) == ["leitung_a"]

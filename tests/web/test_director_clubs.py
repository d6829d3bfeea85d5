"""Clubs on the director's pages (/leitung/vereine/): a director creates the club of a
typed player, renames the clubs they direct and sees their members, without the admin."""

import pytest
from django.contrib.auth import get_user_model

from tests import factories as f
from tournaments.models import AuditEntry, Club, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_clubs():
    a, b = f.make_club("Herz A"), f.make_club("Pik B")
    director_a, director_b = f.make_staff_user("leitung_a"), f.make_staff_user("leitung_b")
    a.directors.add(director_a)
    b.directors.add(director_b)
    return {"a": a, "b": b, "director_a": director_a, "director_b": director_b}


def test_a_director_creates_a_club_and_registers_a_typed_player_in_it(client, two_clubs):
    tournament = f.make_tournament(club=two_clubs["a"])
    client.force_login(two_clubs["director_a"])

    response = client.post("/leitung/vereine/", {"name": "  Kreuz Buben  "})

    club = Club.objects.get(name="Kreuz Buben")
    assert response.status_code == 302
    assert response["Location"] == f"/leitung/vereine/{club.pk}/"
    assert list(club.directors.all()) == [two_clubs["director_a"]]
    assert AuditEntry.objects.filter(action="club_created", object_repr="Kreuz Buben").exists()
    form = client.get(f"/leitung/turniere/{tournament.pk}/teilnehmer/").content.decode()
    assert f'<option value="{club.pk}">Kreuz Buben</option>' in form
    assert 'href="/leitung/vereine/"' in form
    assert 'href="/leitung/vereine/"' in client.get("/leitung/").content.decode()
    client.post(
        f"/leitung/turniere/{tournament.pk}/teilnehmer/neu/",
        {"first_name": "Erika", "last_name": "Neu", "club": club.pk},
    )
    assert Player.objects.get(last_name="Neu").club == club


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Bitte den Namen des Vereins angeben."),
        ("   ", "Bitte den Namen des Vereins angeben."),
        ("pik b", "Einen Verein „Pik B“ gibt es schon."),
        ("x" * 201, "Der Name darf höchstens 200 Zeichen lang sein."),
    ],
)
def test_a_club_without_a_usable_name_is_refused_with_a_german_message(
    client, two_clubs, name, message
):
    client.force_login(two_clubs["director_a"])

    response = client.post("/leitung/vereine/", {"name": name})

    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    assert 'id="id_name_errors"' in page
    assert Club.objects.count() == 2


def test_the_club_page_lists_its_members_and_renames_it(client, two_clubs):
    club = two_clubs["a"]
    erika = f.make_player(club=club, first_name="Erika", last_name="Mustermann")
    f.make_player(club=two_clubs["b"], first_name="Otto", last_name="Fremd")
    client.force_login(two_clubs["director_a"])

    page = client.get(f"/leitung/vereine/{club.pk}/").content.decode()
    response = client.post(f"/leitung/vereine/{club.pk}/", {"name": "Herz Ass"})

    assert "Mustermann, Erika" in page and f"/leitung/spieler/{erika.pk}/" in page
    assert "Fremd" not in page
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.name == "Herz Ass"
    entry = AuditEntry.objects.get(action="club_renamed")
    assert entry.before == {"name": "Herz A"} and entry.after == {"name": "Herz Ass"}


def test_the_club_list_shows_only_the_directed_clubs(client, two_clubs):
    client.force_login(two_clubs["director_b"])

    page = client.get("/leitung/vereine/").content.decode()

    assert "Pik B" in page and "Herz A" not in page


def test_another_club_s_director_may_neither_open_nor_rename_it(client, two_clubs):
    club = two_clubs["a"]
    client.force_login(two_clubs["director_b"])

    opened = client.get(f"/leitung/vereine/{club.pk}/")
    renamed = client.post(f"/leitung/vereine/{club.pk}/", {"name": "Gekapert"})

    assert opened.status_code == 403 and renamed.status_code == 403
    club.refresh_from_db()
    assert club.name == "Herz A"


def test_a_user_who_directs_nothing_is_sent_to_the_login_or_refused(client, two_clubs):
    anonymous = client.get("/leitung/vereine/")
    client.force_login(get_user_model().objects.create_user("mitglied"))

    assert anonymous.status_code == 302 and "/anmelden/" in anonymous["Location"]
    assert client.get("/leitung/vereine/").status_code == 403


def test_a_director_named_for_no_club_keeps_the_unnamed_clubs_after_creating_one(client):
    """A new director (named for no club) directs every club that named nobody. Creating
    the club of a typed player must not narrow that to the new club: the home club would
    vanish from the tournament form and its tournament answer 403 (found on an evening)."""
    director = f.make_staff_user("neue_leitung")
    home = f.make_club("Skatfreunde Musterstadt")
    tournament = f.make_tournament(club=home)
    client.force_login(director)

    client.post("/leitung/vereine/", {"name": "Kreuz Buben"})

    created = Club.objects.get(name="Kreuz Buben")
    form = client.get("/leitung/turniere/neu/").content.decode()
    assert f'<option value="{home.pk}">Skatfreunde Musterstadt</option>' in form
    assert f'<option value="{created.pk}">Kreuz Buben</option>' in form
    assert client.get(f"/leitung/turniere/{tournament.pk}/").status_code == 200
    assert client.get(f"/leitung/vereine/{created.pk}/").status_code == 200

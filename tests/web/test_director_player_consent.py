"""The director records a player's consent to publication: at registration and on the
player's page, with an audit entry (docs/privacy.md)."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Player

pytestmark = pytest.mark.django_db


def test_registering_a_new_player_records_the_consent_given(director_client):
    tournament = f.make_tournament()

    director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/neu/",
        {"first_name": "Erika", "last_name": "Muster", "publication": "short"},
    )

    assert Player.objects.get(last_name="Muster").publication == "short"


def test_registering_without_a_level_takes_the_club_default(director_client):
    tournament = f.make_tournament()
    club = f.make_club()
    club.default_publication = "none"
    club.save()

    director_client.post(
        f"/leitung/turniere/{tournament.id}/teilnehmer/neu/",
        {"first_name": "Erika", "last_name": "Muster", "club": club.id, "publication": ""},
    )

    assert Player.objects.get(last_name="Muster").publication == "none"


def test_the_registration_form_says_what_is_published(director_client):
    tournament = f.make_tournament()

    page = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/").content.decode()

    assert 'name="publication"' in page
    assert "Erika M." in page


def test_the_player_page_changes_the_consent_with_an_audit_entry(director_client, director_user):
    player = f.make_player(club=f.make_club(), first_name="Erika", last_name="Muster")

    page = director_client.get(f"/leitung/spieler/{player.id}/").content.decode()
    response = director_client.post(f"/leitung/spieler/{player.id}/", {"publication": "none"})

    assert "Erika Muster" in page
    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).publication == "none"
    entry = AuditEntry.objects.filter(action="player_changed").latest("pk")
    assert (entry.before, entry.after, entry.user) == (
        {"publication": "full"},
        {"publication": "none"},
        director_user,
    )


def test_an_unknown_level_on_the_player_page_is_refused_in_german(director_client):
    player = f.make_player()

    response = director_client.post(f"/leitung/spieler/{player.id}/", {"publication": "halb"})

    assert response.status_code == 200
    assert "halb ist keine gültige Auswahl" in response.content.decode()
    assert Player.objects.get(pk=player.pk).publication == "full"


def test_a_director_of_another_club_may_not_open_the_player_page(client):
    club = f.make_club()
    other_director = f.make_staff_user()
    other_club = f.make_club()
    other_club.directors.add(other_director)
    club.directors.add(f.make_staff_user())
    player = f.make_player(club=club)
    client.force_login(other_director)

    response = client.get(f"/leitung/spieler/{player.id}/")

    assert response.status_code == 403

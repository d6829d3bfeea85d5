"""Players through the API: a member number belongs to one player of a club."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Player

pytestmark = pytest.mark.django_db

PLAYERS = "/api/v1/players/"


def test_new_player_with_a_member_number_taken_in_the_club_is_refused_naming_the_field(
    director_client,
):
    club = f.make_club()
    taken = f.make_player(club=club, last_name="Schulze")
    Player.objects.filter(pk=taken.pk).update(member_number="0815")
    body = {"first_name": "Erna", "last_name": "Kraus", "club": club.id, "member_number": "0815"}

    response = director_client.post(PLAYERS, body, content_type="application/json")

    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "member_number"
    assert error["message"] == "Diese Mitgliedsnummer ist in diesem Verein bereits vergeben."
    assert not Player.objects.filter(last_name="Kraus").exists()


def test_member_number_may_repeat_in_another_club_and_a_player_keeps_their_own(director_client):
    taken = f.make_player(club=f.make_club(), last_name="Schulze")
    Player.objects.filter(pk=taken.pk).update(member_number="0815")
    other_club = f.make_club()
    body = {"first_name": "Erna", "last_name": "Kraus", "club": other_club.id}

    created = director_client.post(PLAYERS, {**body, "member_number": "0815"}, "application/json")
    renamed = director_client.patch(
        f"{PLAYERS}{taken.pk}/",
        {"first_name": "Ernst", "member_number": "0815"},
        "application/json",
    )

    assert (created.status_code, renamed.status_code) == (201, 200)
    assert Player.objects.filter(member_number="0815").count() == 2
    assert Player.objects.get(pk=taken.pk).first_name == "Ernst"


def test_a_new_player_through_the_api_records_the_consent_given(director_client):
    club = f.make_club()
    body = {"first_name": "Erna", "last_name": "Kraus", "club": club.id, "publication": "short"}

    response = director_client.post(PLAYERS, body, content_type="application/json")

    assert response.json()["publication"] == "short"
    assert Player.objects.get(last_name="Kraus").publication == "short"


def test_a_new_player_without_a_level_takes_the_club_default(director_client):
    club = f.make_club()
    club.default_publication = "none"
    club.save()
    body = {"first_name": "Erna", "last_name": "Kraus", "club": club.id}

    response = director_client.post(PLAYERS, body, content_type="application/json")

    assert response.json()["publication"] == "none"


def test_an_unknown_level_is_refused_naming_the_field(director_client):
    body = {"first_name": "Erna", "last_name": "Kraus", "publication": "halb"}

    response = director_client.post(PLAYERS, body, content_type="application/json")

    assert response.status_code == 400
    assert [error["field"] for error in response.json()["errors"]] == ["publication"]
    assert not Player.objects.filter(last_name="Kraus").exists()


def test_the_director_changing_the_consent_leaves_an_audit_entry(director_client, director_user):
    player = f.make_player(club=f.make_club())

    director_client.patch(f"{PLAYERS}{player.pk}/", {"publication": "none"}, "application/json")

    entry = AuditEntry.objects.filter(action="player_changed").latest("pk")
    assert (entry.before, entry.after) == ({"publication": "full"}, {"publication": "none"})
    assert entry.user == director_user


def test_the_public_player_list_names_players_by_their_consent(client):
    club = f.make_club(name="Skatfreunde Nord")
    for last_name, publication in [("Voll", "full"), ("Kurz", "short"), ("Nicht", "none")]:
        Player.objects.create(
            first_name="Erika", last_name=last_name, club=club, publication=publication
        )

    rows = client.get(PLAYERS).json()["results"]

    assert [(row["name"], row.get("first_name"), row.get("last_name")) for row in rows] == [
        ("Erika K.", None, None),
        ("Erika Voll", "Erika", "Voll"),
    ]
    assert "Nicht" not in str(rows)

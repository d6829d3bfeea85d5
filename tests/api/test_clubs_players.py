"""Players through the API: a member number belongs to one player of a club."""

import pytest

from tests import factories as f
from tournaments.models import Player

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

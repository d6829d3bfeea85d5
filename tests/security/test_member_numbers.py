"""Member numbers are club records: no public page and no anonymous API answer shows them."""

import pytest
from rest_framework.test import APIClient

from tests import factories as f
from tournaments.models import Player

pytestmark = pytest.mark.django_db
NUMBER = "M-98765"


@pytest.fixture
def tournament():
    tournament = f.make_played_tournament(players=4)
    Player.objects.update(member_number=NUMBER)
    return tournament


def public_paths(tournament):
    player = Player.objects.first()
    return [
        f"/turniere/{tournament.pk}/",
        f"/turniere/{tournament.pk}/rangliste/",
        f"/turniere/{tournament.pk}/serie/1/rangliste/",
        f"/turniere/{tournament.pk}/serie/1/tischplan/",
        f"/spieler/{player.pk}/",
        f"/api/v1/players/{player.pk}/",
        "/api/v1/players/",
        f"/api/v1/tournaments/{tournament.pk}/ranking/",
    ]


def test_public_pages_do_not_show_member_numbers(client, tournament):
    for path in public_paths(tournament):
        response = client.get(path)

        assert response.status_code == 200, path
        assert NUMBER.encode() not in response.content, path


def test_the_director_reads_member_numbers_in_the_api(tournament):
    client = APIClient()
    client.force_authenticate(f.make_staff_user())

    response = client.get("/api/v1/players/")

    assert {row["member_number"] for row in response.json()["results"]} == {NUMBER}

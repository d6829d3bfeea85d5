"""Admin pages for clubs and players open, list, search and filter."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/admin/tournaments/club/",
        "/admin/tournaments/club/?q=Muster",
        "/admin/tournaments/player/",
        "/admin/tournaments/player/?q=Becker",
        "/admin/tournaments/player/?club__isnull=True",
        "/admin/tournaments/player/add/",
    ],
)
def test_admin_pages_open(client, director, url):
    client.force_login(director)

    assert client.get(url).status_code == 200


def test_player_search_finds_by_club_name(client, director):
    client.force_login(director)

    response = client.get("/admin/tournaments/player/", {"q": "Beispielheim"})

    assert response.context["cl"].result_count == 8

"""Every page that needs a login sends a logged-out visitor to /anmelden/, never the admin's."""

import pytest
from django.urls import URLPattern

from tests import factories as f
from tournaments.web import urls as web_urls

pytestmark = pytest.mark.django_db

NEEDS_LOGIN = {"start-cards", "cash-boxes"}  # PINs; a treasurer's cash boxes


def _address(pattern: URLPattern, ids: dict) -> str:
    route = str(pattern.pattern)
    for name, value in ids.items():
        route = route.replace(f"<int:{name}>", str(value)).replace(f"<str:{name}>", str(value))
    return "/" + route


@pytest.fixture
def ids():
    table = f.make_complete_table(players=3)
    series = table.series
    return {
        "tournament_id": series.tournament_id,
        "series_id": series.id,
        "table_id": table.id,
        "participant_id": table.seats.first().participant_id,
        "seat_id": table.seats.first().id,
        "player_id": table.seats.first().participant.player_id,
        "number": 1,
        "payment_id": 1,
        "club_id": series.tournament.club_id or 1,
        "pk": table.id,
        "extension": "pdf",
        "code": "ABCDE-FGHIJ",
        "seal": "x",
    }


def test_logged_out_visitors_of_director_pages_are_sent_to_the_login_page(client, ids):
    login_pages = [
        pattern
        for pattern in web_urls.urlpatterns
        if pattern.name.startswith("director-") or pattern.name in NEEDS_LOGIN
    ]
    assert len(login_pages) > 20

    for pattern in login_pages:
        address = _address(pattern, ids)
        response = client.get(address)

        assert response.status_code in (302, 405), address
        if response.status_code == 302:
            assert response["Location"].startswith(f"/anmelden/?next={address}"), address


def test_start_cards_lead_a_logged_out_visitor_to_the_login_page(client, ids):
    response = client.get(f"/turniere/{ids['tournament_id']}/startkarten/")

    assert response["Location"] == f"/anmelden/?next=/turniere/{ids['tournament_id']}/startkarten/"

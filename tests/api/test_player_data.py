"""Art. 15 DSGVO: a director of the player's club reads everything stored about a player,
as JSON and as a readable PDF (docs/privacy.md)."""

import pytest

from tests import factories as f
from tournaments.models import Player
from tournaments.services.money import payments

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(sealed_table):
    """A player who sat at a sealed table and signed it."""
    return sealed_table.seats.get(number=2).participant.player


def test_the_data_holds_registrations_games_lists_signatures_and_audit(director_client, player):
    participant = player.participations.get()

    data = director_client.get(f"/api/v1/players/{player.pk}/data/").json()

    assert data["player"]["last_name"] == player.last_name
    assert [r["start_number"] for r in data["registrations"]] == [participant.start_number]
    assert {row["participant"] for row in data["games"]} == {participant.pk}
    assert len(data["games"]) == participant.game_points.count() > 0
    assert [item["seal"] for item in data["lists"]] == [participant.seats.get().table.seal]
    assert [s["method"] for s in data["signatures"]] == ["pin"]
    assert "pin" not in str(data["registrations"])
    assert "signature_added" in {entry["action"] for entry in data["audit"]}


def test_the_data_holds_the_payments_of_the_registrations(director_client, player):
    participant = player.participations.get()
    body = {"participant": participant.pk, "kind": "entry_fee", "amount": "10.00"}
    payments.record_payment(participant.tournament, body)

    data = director_client.get(f"/api/v1/players/{player.pk}/data/").json()

    assert [(p["kind"], p["amount"]) for p in data["payments"]] == [("entry_fee", "10.00")]


def test_the_data_as_a_readable_pdf(director_client, player):
    response = director_client.get(f"/api/v1/players/{player.pk}/data.pdf")

    assert response["Content-Type"] == "application/pdf"
    text = f.pdf_words(response.content)
    assert player.full_name in text
    assert "Anmeldungen" in text


@pytest.mark.parametrize("who", ["anonymous", "other_director"])
def test_only_a_director_of_the_players_club_reads_the_data(client, who):
    club = f.make_club()
    club.directors.add(f.make_staff_user())
    player = f.make_player(club=club)
    if who == "other_director":
        other = f.make_staff_user()
        f.make_club().directors.add(other)
        client.force_login(other)

    response = client.get(f"/api/v1/players/{player.pk}/data/")

    assert response.status_code in (401, 403)
    assert player.last_name not in response.content.decode()


def test_the_player_page_offers_the_data(director_client):
    player = f.make_player()

    page = director_client.get(f"/leitung/spieler/{player.pk}/").content.decode()

    assert f"/api/v1/players/{player.pk}/data/" in page
    assert f"/api/v1/players/{player.pk}/data.pdf" in page
    assert Player.objects.filter(pk=player.pk).exists()

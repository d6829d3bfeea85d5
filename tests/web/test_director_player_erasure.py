"""Art. 17 on the player's director page: "Daten löschen (Art. 17)" asks for the reason,
the server shows a confirmation step (no JavaScript needed), and only then erases the
person through the erasure service (docs/privacy.md)."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Player

pytestmark = pytest.mark.django_db

REASON = "Antrag des Spielers vom 28.11."


@pytest.fixture
def club_player():
    """A member of a club with a director of its own, and that director."""
    club = f.make_club("Skatfreunde Nord")
    director = f.make_staff_user("leitung_nord")
    club.directors.add(director)
    player = f.make_player(club=club, first_name="Erika", last_name="Nordmann")
    Player.objects.filter(pk=player.pk).update(member_number="0815")
    return player, director


def _address(player) -> str:
    return f"/leitung/spieler/{player.pk}/loeschen/"


def test_the_player_page_offers_the_erasure_and_both_data_files(client, club_player):
    player, director = club_player
    client.force_login(director)

    page = client.get(f"/leitung/spieler/{player.pk}/").content.decode()

    assert "Daten löschen (Art. 17)" in page
    assert f'action="{_address(player)}"' in page
    assert 'name="reason"' in page
    assert f"/api/v1/players/{player.pk}/data.pdf" in page
    assert f"/api/v1/players/{player.pk}/data/?format=json" in page


def test_the_first_step_only_asks_to_confirm_with_the_reason_kept(client, club_player):
    player, director = club_player
    client.force_login(director)

    response = client.post(_address(player), {"reason": REASON})

    page = response.content.decode()
    assert response.status_code == 200
    assert "Endgültig löschen" in page
    assert 'name="confirmed"' in page
    assert f'value="{REASON}"' in page
    assert "Erika Nordmann" in page  # whom the step erases, said before it is taken
    assert Player.objects.get(pk=player.pk).erased_at is None


def test_the_confirmed_step_erases_the_person(client, club_player):
    player, director = club_player
    client.force_login(director)

    response = client.post(_address(player), {"reason": REASON, "confirmed": "yes"})

    erased = Player.objects.get(pk=player.pk)
    assert response.status_code == 302
    assert response["Location"] == f"/leitung/spieler/{player.pk}/"
    assert (erased.full_name, erased.member_number) == ("Gelöschte Person 1", "")
    entry = AuditEntry.objects.get(action="player_erased")
    assert (entry.reason, entry.user) == (REASON, director)
    page = client.get(response["Location"]).content.decode()
    assert "Gelöschte Person 1" in page
    assert "Nordmann" not in page
    assert f'action="{_address(player)}"' not in page  # nothing left to erase


@pytest.mark.parametrize("confirmed", ["", "yes"])
def test_a_missing_reason_is_refused_naming_the_field(client, club_player, confirmed):
    player, director = club_player
    client.force_login(director)

    response = client.post(_address(player), {"reason": "   ", "confirmed": confirmed})

    page = response.content.decode()
    assert response.status_code == 400
    assert "Begründung" in page  # the field named
    assert "Geben Sie den Grund der Löschung an" in page
    assert Player.objects.get(pk=player.pk).erased_at is None


def test_erasing_twice_says_so_and_changes_nothing(client, club_player):
    player, director = club_player
    client.force_login(director)
    client.post(_address(player), {"reason": REASON, "confirmed": "yes"})

    again = client.post(_address(player), {"reason": REASON, "confirmed": "yes"})

    assert again.status_code == 409
    assert "bereits gelöscht" in again.content.decode()
    assert AuditEntry.objects.filter(action="player_erased").count() == 1


def test_only_a_director_of_the_players_club_erases(client, club_player, treasurer_client):
    player, _director = club_player
    stranger = f.make_staff_user("leitung_fremd")
    f.make_club("Pik Sieben").directors.add(stranger)
    body = {"reason": REASON, "confirmed": "yes"}

    as_treasurer = treasurer_client.post(_address(player), body)
    treasurer_client.logout()
    anonymous = client.post(_address(player), body)
    client.force_login(stranger)
    as_stranger = client.post(_address(player), body)
    asks = client.get(f"/leitung/spieler/{player.pk}/")

    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/anmelden/")
    assert (as_treasurer.status_code, as_stranger.status_code, asks.status_code) == (403,) * 3
    assert Player.objects.get(pk=player.pk).erased_at is None


def test_the_erasure_takes_no_get(client, club_player):
    player, director = club_player
    client.force_login(director)

    response = client.get(_address(player), {"reason": REASON, "confirmed": "yes"})

    assert response.status_code == 405
    assert Player.objects.get(pk=player.pk).erased_at is None

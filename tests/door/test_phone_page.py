"""The phone's pages at the door: the form, the waiting number, then start number and seat."""

import pytest

from door.models import Arrival
from door.services.desk import accept
from tests import factories as f
from tournaments.services.draw import draw_series

pytestmark = pytest.mark.django_db

FIELDS = {"first_name": "Erika", "last_name": "Müller", "club": "", "publication": "full"}


def form_url(tournament) -> str:
    return f"/turniere/{tournament.pk}/anmelden/"


def test_the_form_asks_in_german_and_offers_the_club_list(client):
    f.make_club("Skatfreunde Elbe")
    tournament = f.make_tournament(self_registration=True)

    page = client.get(form_url(tournament)).content.decode()

    for name in ("first_name", "last_name", "club", "member_number", "publication"):
        assert f'name="{name}"' in page
    assert "Vorname" in page and "Nachname" in page
    assert '<option value="Skatfreunde Elbe">' in page


def test_a_closed_door_says_so_and_offers_no_form(client):
    tournament = f.make_tournament()

    answer = client.get(form_url(tournament))

    assert answer.status_code == 403
    assert 'name="first_name"' not in answer.content.decode()
    assert "geschlossen" in answer.content.decode()


def test_sending_the_form_shows_the_waiting_number(client):
    tournament = f.make_tournament(self_registration=True)

    sent = client.post(form_url(tournament), FIELDS, follow=True)

    arrival = Arrival.objects.get()
    assert sent.redirect_chain[-1][0] == f"{form_url(tournament)}{arrival.token}/"
    text = " ".join(sent.content.decode().split())
    assert "Sie sind angemeldet, Wartenummer 1 — bitte an der Kasse bezahlen" in text


def test_the_phone_comes_back_to_its_registration(client):
    tournament = f.make_tournament(self_registration=True)
    client.post(form_url(tournament), FIELDS)

    again = client.get(form_url(tournament))

    assert again.status_code == 302
    assert again.url == f"{form_url(tournament)}{Arrival.objects.get().token}/"


def test_a_missing_name_is_named_and_the_typed_fields_stay(client):
    tournament = f.make_tournament(self_registration=True)

    answer = client.post(form_url(tournament), {**FIELDS, "last_name": " "})

    page = answer.content.decode()
    assert answer.status_code == 400
    assert "Bitte den Nachnamen eingeben." in page
    assert 'value="Erika"' in page
    assert not Arrival.objects.exists()


def test_the_status_follows_acceptance_and_the_draw(client):
    tournament = f.make_tournament(self_registration=True, planned_series=1)
    f.make_many_participants(tournament, 3)
    client.post(form_url(tournament), FIELDS)
    arrival = Arrival.objects.get()
    url = f"{form_url(tournament)}{arrival.token}/stand/"
    waiting = client.get(url).json()

    participant = accept(arrival)
    accepted = client.get(url).json()
    series = f.make_series(tournament)
    draw_series(series, seed=3)
    seated = client.get(url).json()

    assert waiting == {
        "status": "waiting",
        "number": 1,
        "start_number": None,
        "seats": [],
        "from_series": None,
    }
    assert accepted["start_number"] == participant.start_number == 4
    assert accepted["from_series"] == 1
    seat = participant.seats.get()
    assert seated["seats"] == [{"series": 1, "table": seat.table.number, "seat": seat.number}]
    page = " ".join(client.get(f"{form_url(tournament)}{arrival.token}/").content.decode().split())
    assert f"Serie 1: Tisch {seat.table.number}, Platz {seat.number}" in page


def test_an_unknown_token_is_not_found(client):
    tournament = f.make_tournament(self_registration=True)

    assert client.get(f"{form_url(tournament)}nichtda/stand/").status_code == 404


def test_the_projector_shows_the_qr_code_while_the_door_is_open(client):
    tournament = f.make_tournament(self_registration=True)

    page = client.get(f"{form_url(tournament)}leinwand/").content.decode()

    assert "Hier anmelden" in page
    assert "<svg" in page
    assert f"/turniere/{tournament.pk}/anmelden/" in page


def test_the_projector_shows_no_qr_code_for_a_closed_door(client):
    tournament = f.make_tournament()

    page = client.get(f"{form_url(tournament)}leinwand/").content.decode()

    assert "<svg" not in page
    assert "geschlossen" in page


def test_a_participant_removed_by_the_director_sends_the_phone_to_the_desk(client):
    tournament = f.make_tournament(self_registration=True)
    client.post(form_url(tournament), FIELDS)
    arrival = Arrival.objects.get()
    accept(arrival).delete()

    state = client.get(f"{form_url(tournament)}{arrival.token}/stand/").json()
    page = client.get(f"{form_url(tournament)}{arrival.token}/").content.decode()

    assert state == {
        "status": "rejected",
        "number": 1,
        "start_number": None,
        "seats": [],
        "from_series": None,
    }
    assert "Bitte an der Kasse fragen" in page
    assert "None" not in page


def test_the_phone_pages_answer_only_what_they_serve(client):
    tournament = f.make_tournament(self_registration=True)

    assert client.put(form_url(tournament)).status_code == 405
    assert client.post(f"{form_url(tournament)}leinwand/").status_code == 405

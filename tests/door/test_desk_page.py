"""The desk page at the door: one tap accepts an arrival and books the entry fee; search;
check-in of players registered earlier; reject several; close the door; club A only."""

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from door.models import Arrival
from door.services.self_registration import self_register
from tests import factories as f
from tournaments.models import Payment
from tournaments.services import draw, money, participants

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return f.make_club("Herz Dame")


@pytest.fixture
def tournament(club):
    tournament = f.make_tournament(club=club, self_registration=True)
    money.set_tariff(tournament, {"entry_fee": "8.00", "lost_game_fee": "0.50"})
    return tournament


@pytest.fixture
def desk(client, club):
    user = get_user_model().objects.create_user("leitung", is_staff=True)
    club.directors.add(user)
    client.force_login(user)
    return client


def url(tournament) -> str:
    return f"/leitung/turniere/{tournament.pk}/einlass/"


def arrive(tournament, first, last):
    data = {"first_name": first, "last_name": last, "publication": "short"}
    return self_register(tournament, data)[0]


def test_arrivals_are_listed_newest_first_with_the_qr_code(desk, tournament):
    arrive(tournament, "Erika", "Erste")
    arrive(tournament, "Hans", "Zweiter")

    page = desk.get(url(tournament)).content.decode()

    assert page.index("Zweiter") < page.index("Erste")
    assert "<svg" in page and f"/turniere/{tournament.pk}/anmelden/" in page
    assert "bezahlt und da" in page


def test_one_tap_accepts_and_books_the_entry_fee(desk, tournament):
    arrival = arrive(tournament, "Erika", "Müller")

    answer = desk.post(url(tournament), {"accept_new": arrival.pk}, follow=True)

    participant = tournament.participants.get()
    assert participant.present is True
    assert Payment.objects.get(participant=participant).amount == Decimal("8.00")
    assert "Erika Müller: Startnummer 1, Startgeld gebucht." in answer.content.decode()


def test_search_by_name_or_waiting_number(desk, tournament):
    arrive(tournament, "Erika", "Müller")
    arrive(tournament, "Hans", "Schulz")

    by_name = desk.get(url(tournament), {"q": "mueller"}).content.decode()
    by_number = desk.get(url(tournament), {"q": "2"}).content.decode()

    assert "Müller" in by_name and "Schulz" not in by_name
    assert "Schulz" in by_number and "Müller" not in by_number


def test_a_player_registered_earlier_is_checked_in_with_one_tap(desk, tournament, club):
    participant = participants.register(tournament, f.make_player(club, "Karl", "Früh"))

    desk.post(url(tournament), {"action": "check_in", "participant": participant.pk})

    participant.refresh_from_db()
    assert participant.present is True
    assert Payment.objects.get(participant=participant).amount == Decimal("8.00")


def test_marked_registrations_are_rejected_at_once(desk, tournament):
    junk = [arrive(tournament, "x", f"spam{n}") for n in range(3)]

    desk.post(url(tournament), {"action": "reject", "arrival": [a.pk for a in junk]})

    assert set(Arrival.objects.values_list("status", flat=True)) == {"rejected"}
    assert "spam" not in desk.get(url(tournament)).content.decode()


def test_closing_the_door_refuses_new_registrations(desk, tournament, client):
    desk.post(url(tournament), {"action": "close"})

    tournament.refresh_from_db()
    assert tournament.self_registration is False


def test_a_director_of_another_club_is_refused(client, tournament):
    other = get_user_model().objects.create_user("andere", is_staff=True)
    f.make_club("Pik Bube").directors.add(other)
    client.force_login(other)

    assert client.get(url(tournament)).status_code == 403
    assert client.get(f"{url(tournament)}plakat.pdf").status_code == 403


def test_the_poster_is_a_pdf_with_the_address(desk, tournament):
    answer = desk.get(f"{url(tournament)}plakat.pdf")

    text = f.pdf_text(answer.content)
    assert answer["Content-Type"] == "application/pdf"
    assert "Hier anmelden" in text
    assert f"/turniere/{tournament.pk}/anmelden/" in text


def test_the_tournament_page_leads_to_the_desk(desk, tournament):
    page = desk.get(f"/leitung/turniere/{tournament.pk}/").content.decode()

    assert f'href="{url(tournament)}"' in page
    assert "Einlass" in page


def test_the_tournament_form_sets_the_door_and_check_in(desk, tournament):
    edit = f"/leitung/turniere/{tournament.pk}/einstellungen/"
    form = desk.get(edit).content.decode()

    assert 'name="self_registration"' in form and 'name="check_in"' in form


def test_the_search_stays_after_a_tap(desk, tournament):
    arrival = arrive(tournament, "Anna", "Lena & Co")

    answer = desk.post(url(tournament), {"accept_new": arrival.pk, "q": "Lena & Co"})

    assert answer.url == f"{url(tournament)}?q=Lena+%26+Co"


def test_after_the_draw_the_desk_offers_the_print_all_file_of_each_drawn_series(desk, tournament):
    f.make_participants(tournament, 8)
    drawn = f.make_series(tournament)
    draw.draw_series(drawn, seed=3)
    undrawn = f.make_series(tournament)

    page = desk.get(url(tournament)).content.decode()

    assert f'href="/api/v1/series/{drawn.pk}/print-all.pdf"' in page
    assert "Alles drucken – Serie 1" in page
    assert f"/api/v1/series/{undrawn.pk}/print-all.pdf" not in page


def test_a_long_queue_shows_the_newest_rows_and_says_how_many_more_wait(desk, tournament):
    for n in range(25):
        arrive(tournament, "Gast", f"Nummer{n + 1:02d}")

    page = desk.get(url(tournament), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    found = desk.get(url(tournament), {"q": "3"}, HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert page.count("data-arrival=") == 20
    assert 'data-arrival="25"' in page and 'data-arrival="6"' in page
    assert 'data-arrival="5"' not in page
    assert "5 weitere warten: Name oder Wartenummer suchen." in " ".join(page.split())
    assert found.count("data-arrival=") == 1 and 'data-arrival="3"' in found

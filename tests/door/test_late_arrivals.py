"""Late registration through the same door: after series 1 is drawn and played the phone
page stays open, an arrival accepted then plays from series 2 on ("ab Serie 2" at the desk
and on the phone), is drawn into series 2 only and is ranked with the series it played."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from door.models import Arrival
from door.services import desk as desk_service
from door.services.self_registration import self_register
from tests import factories as f
from tests.api.conftest import API
from tournaments.models import Payment, Seat, Table
from tournaments.services import money, ranking
from tournaments.services.draw import draw_series

pytestmark = pytest.mark.django_db

ON_TIME = 8


@pytest.fixture
def club():
    return f.make_club("Herz Dame")


@pytest.fixture
def director(club):
    user = get_user_model().objects.create_user("leitung", is_staff=True)
    club.directors.add(user)
    return user


def arrive(tournament, first, last):
    return self_register(
        tournament, {"first_name": first, "last_name": last, "publication": "short"}
    )[0]


@pytest.fixture
def after_series_one(club):
    """Eight players accepted at the door, series 1 drawn and played out."""
    tournament = f.make_tournament(
        club=club, self_registration=True, check_in=True, planned_series=2, rounds_per_series=1
    )
    money.set_tariff(tournament, {"entry_fee": "8.00", "lost_game_fee": "0.50"})
    for n in range(ON_TIME):
        desk_service.accept(arrive(tournament, "Früh", f"Spieler{n}"), paid=True)
    first = f.make_series(tournament)
    draw_series(first, seed=53)
    for table in Table.objects.filter(series=first):
        f.play_out(table)
    return tournament


def test_the_phone_page_stays_open_after_series_one(client, after_series_one):
    tournament = after_series_one

    page = client.get(f"/turniere/{tournament.pk}/anmelden/", HTTP_ACCEPT_LANGUAGE="de")
    answer = APIClient().post(
        f"{API}tournaments/{tournament.pk}/self-registrations/",
        {"first_name": "Spät", "last_name": "Kommer", "publication": "full"},
        format="json",
    )

    assert 'name="first_name"' in page.content.decode()
    assert answer.status_code == 201
    assert answer.json()["status"] == "waiting"


def test_a_late_arrival_plays_from_series_two_and_is_drawn_there_only(
    client, director, after_series_one
):
    tournament = after_series_one
    late = arrive(tournament, "Spät", "Kommer")
    client.force_login(director)
    desk_url = f"/leitung/turniere/{tournament.pk}/einlass/"

    waiting = client.get(desk_url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    accepted = client.post(
        desk_url, {"accept": str(late.pk)}, follow=True, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    late.refresh_from_db()
    status = client.get(f"/turniere/{tournament.pk}/anmelden/{late.token}/stand/").json()
    second = f.make_series(tournament)
    draw_series(second, seed=53)

    row = waiting.split(f'data-arrival="{late.number}"')[1].split("</div>")[0]
    assert "ab Serie 2" in row
    assert "ab Serie 2" in accepted
    assert late.status == Arrival.Status.ACCEPTED and late.from_series == 2
    assert status["from_series"] == 2
    participant = late.participant
    assert participant.present
    assert Payment.objects.filter(participant=participant, kind="entry_fee").count() == 1
    first = tournament.series.get(number=1)
    assert not Seat.objects.filter(participant=participant, series=first).exists()
    assert Seat.objects.filter(participant=participant, series=second).count() == 1
    assert participant.pk not in {row.participant for row in ranking.rank_series(first)}


def test_a_late_arrival_is_ranked_with_the_series_it_played(after_series_one):
    tournament = after_series_one
    late = desk_service.accept(arrive(tournament, "Spät", "Kommer"), paid=True)
    second = f.make_series(tournament)
    draw_series(second, seed=53)
    for table in Table.objects.filter(series=second):
        f.play_out(table)

    rows = {row.participant: row for row in ranking.rank_tournament(tournament)}
    series_two = {row.participant: row for row in ranking.rank_series(second)}

    assert rows[late.pk].series_played == 1
    assert rows[late.pk].total == series_two[late.pk].total
    assert {row.series_played for pk, row in rows.items() if pk != late.pk} == {2}


def test_an_arrival_accepted_before_any_draw_plays_from_series_one(club):
    tournament = f.make_tournament(club=club, self_registration=True)
    arrival = arrive(tournament, "Pünktlich", "Da")

    desk_service.accept(arrival, paid=False)
    arrival.refresh_from_db()

    assert arrival.from_series == 1


def test_the_desk_api_says_from_which_series_the_waiting_play(director, after_series_one):
    tournament = after_series_one
    arrive(tournament, "Spät", "Kommer")
    desk = APIClient()
    desk.force_authenticate(director)

    answer = desk.get(f"{API}tournaments/{tournament.pk}/arrivals/").json()

    assert answer["from_series"] == 2
    assert [row["last_name"] for row in answer["waiting"]] == ["Kommer"]

"""Start numbers at the door follow the order of arrival, however the desk lists them.

The desk lists the waiting arrivals newest first, and a director who taps the top row each
time accepts the last to register first. The first to register must still get the lowest
start number (registration time, then id), and nobody who has a number is renumbered.
"""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from door.models import Arrival
from door.services import desk
from door.services.self_registration import self_register
from tests import factories as f
from tests.api.conftest import API
from tournaments.services import money, participants

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return f.make_club("Herz Dame")


@pytest.fixture
def tournament(club):
    tournament = f.make_tournament(club=club, self_registration=True, check_in=True)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    return tournament


def director(club):
    user = get_user_model().objects.create_user("leitung", is_staff=True)
    club.directors.add(user)
    return user


def arrive(tournament, last):
    data = {"first_name": "Erika", "last_name": last, "publication": "full"}
    return self_register(tournament, data)[0]


def registered_at(arrival, moment):
    Arrival.objects.filter(pk=arrival.pk).update(created_at=moment)


def start_numbers(tournament) -> dict[str, int]:
    return dict(tournament.participants.values_list("player__last_name", "start_number"))


def test_accepted_in_the_desks_order_the_first_to_register_gets_the_lowest_number(tournament):
    for last in ("Erste", "Zweite", "Dritte"):
        arrive(tournament, last)

    for arrival in list(desk.waiting_arrivals(tournament)):  # newest first, as listed
        desk.accept(arrival, paid=True)

    assert start_numbers(tournament) == {"Erste": 1, "Zweite": 2, "Dritte": 3}


def test_tapping_the_top_row_of_the_desk_page_each_time_numbers_by_arrival(
    client, tournament, club
):
    for last in ("Erste", "Zweite", "Dritte", "Vierte"):
        arrive(tournament, last)
    client.force_login(director(club))
    url = f"/leitung/turniere/{tournament.pk}/einlass/"

    for _ in range(4):
        page = client.get(url).content.decode()
        top_row = re.search(r'name="accept" value="(\d+)"', page).group(1)
        client.post(url, {"accept": top_row})

    assert start_numbers(tournament) == {"Erste": 1, "Zweite": 2, "Dritte": 3, "Vierte": 4}
    assert not tournament.arrivals.filter(status=Arrival.Status.WAITING).exists()


def test_accepting_over_the_api_in_the_listed_order_numbers_by_arrival(tournament, club):
    for last in ("Erste", "Zweite", "Dritte"):
        arrive(tournament, last)
    api = APIClient()
    api.force_authenticate(director(club))
    base = f"{API}tournaments/{tournament.pk}/arrivals/"

    listed = [row["id"] for row in api.get(base).json()["waiting"]]
    answers = [
        api.post(f"{base}{pk}/accept/", {"player": None, "paid": True}, format="json").json()
        for pk in listed
    ]

    assert [a["name"] for a in answers] == ["Erika Dritte", "Erika Zweite", "Erika Erste"]
    assert [a["start_number"] for a in answers] == [3, 2, 1]


def test_registration_time_decides_and_the_id_breaks_a_tie(tournament):
    now = timezone.now()
    late = arrive(tournament, "Spaet")
    tie_first = arrive(tournament, "GleichA")
    tie_second = arrive(tournament, "GleichB")
    registered_at(late, now)
    registered_at(tie_first, now - timedelta(minutes=5))
    registered_at(tie_second, now - timedelta(minutes=5))

    for arrival in (late, tie_second, tie_first):
        desk.accept(arrival, paid=False)

    assert start_numbers(tournament) == {"GleichA": 1, "GleichB": 2, "Spaet": 3}


def test_participants_with_a_number_are_never_renumbered(tournament, club):
    earlier = participants.register(tournament, f.make_player(club, "Karl", "Vorher"))
    first = arrive(tournament, "Erste")
    second = arrive(tournament, "Zweite")

    desk.accept(second, paid=True)
    desk.check_in(earlier, paid=True)
    desk.accept(first, paid=True)
    desk.accept(second, paid=True)  # a second tap changes nothing

    assert start_numbers(tournament) == {"Vorher": 1, "Erste": 2, "Zweite": 3}


def test_a_registration_rejected_after_a_later_one_was_accepted_leaves_its_number_unused(
    tournament,
):
    first = arrive(tournament, "Erste")
    junk = arrive(tournament, "Quatsch")
    third = arrive(tournament, "Dritte")

    desk.accept(third, paid=True)
    desk.reject(tournament, [junk.pk])
    desk.accept(first, paid=True)
    fourth = arrive(tournament, "Vierte")
    desk.accept(fourth, paid=True)

    assert start_numbers(tournament) == {"Erste": 1, "Dritte": 3, "Vierte": 4}


def test_a_number_kept_for_an_arrival_but_given_away_meanwhile_is_replaced(tournament, club):
    first = arrive(tournament, "Erste")
    second = arrive(tournament, "Zweite")
    desk.accept(second, paid=True)  # keeps number 1 for the first
    participants.register(tournament, f.make_player(club, "Karl", "Hand"), start_number=1)
    # Rare: the director gave number 1 away by hand; the first to arrive takes the next.

    desk.accept(first, paid=True)

    assert start_numbers(tournament) == {"Hand": 1, "Zweite": 2, "Erste": 3}

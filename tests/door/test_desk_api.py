"""The desk at the door over the API (§11): arrivals, accept with the entry fee in one
step, check-in of players registered earlier, rejecting; only the club's directors."""

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from door.models import Arrival
from door.services.self_registration import self_register
from tests import factories as f
from tests.api.conftest import API, post
from tournaments.models import Payment, Player
from tournaments.services import money, participants

pytestmark = pytest.mark.django_db

TARIFF = {"entry_fee": "10.00", "lost_game_fee": "0.50"}


@pytest.fixture
def club():
    return f.make_club("Herz Dame")


@pytest.fixture
def tournament(club):
    tournament = f.make_tournament(club=club, self_registration=True, check_in=True)
    money.set_tariff(tournament, TARIFF)
    return tournament


def director_of(club, name="leitung"):
    user = get_user_model().objects.create_user(name, is_staff=True)
    club.directors.add(user)
    client = APIClient()
    client.force_authenticate(user)
    return client


def arrive(tournament, first="Erika", last="Müller", **fields):
    data = {"first_name": first, "last_name": last, "publication": "full", **fields}
    return self_register(tournament, data)[0]


def test_arrivals_are_listed_newest_first_with_the_recognised_player(tournament, club):
    known = f.make_player(club, "Karl", "Müller")
    first = arrive(tournament)
    second = arrive(tournament, "Karl", "Mueller", club="Herz Dame")

    answer = director_of(club).get(f"{API}tournaments/{tournament.pk}/arrivals/")

    assert answer.json() == {
        "waiting": [
            {
                "id": second.pk,
                "number": 2,
                "first_name": "Karl",
                "last_name": "Mueller",
                "club": "Herz Dame",
                "member_number": "",
                "match": known.pk,
            },
            {
                "id": first.pk,
                "number": 1,
                "first_name": "Erika",
                "last_name": "Müller",
                "club": "",
                "member_number": "",
                "match": None,
            },
        ],
        "from_series": 1,
    }


def test_accept_registers_a_present_participant_and_books_the_entry_fee(tournament, club):
    arrival = arrive(tournament)
    url = f"tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/"

    answer = post(director_of(club), url, {"player": None, "paid": True})

    body = answer.json()
    assert answer.status_code == 200
    assert (body["name"], body["start_number"], body["present"]) == ("Erika Müller", 1, True)
    fees = Payment.objects.filter(participant_id=body["id"], kind=Payment.Kind.ENTRY_FEE)
    assert list(fees.values_list("amount", flat=True)) == [Decimal("10.00")]
    arrival.refresh_from_db()
    assert (arrival.status, arrival.participant_id) == ("accepted", body["id"])


def test_a_second_tap_changes_nothing(tournament, club):
    arrival = arrive(tournament)
    desk = director_of(club)
    url = f"tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/"

    first = post(desk, url, {"paid": True}).json()
    again = post(desk, url, {"paid": True}).json()

    assert again["id"] == first["id"]
    assert tournament.participants.count() == 1
    assert Player.objects.count() == 1
    assert Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE).count() == 1


def test_accepting_the_recognised_player_makes_no_new_player(tournament, club):
    known = f.make_player(club, "Karl", "Müller")
    arrival = arrive(tournament, "karl", "MUELLER", club="Herz Dame")
    url = f"tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/"

    body = post(director_of(club), url, {"player": arrival.match_id, "paid": False}).json()

    assert body["player"] == known.pk
    assert Player.objects.count() == 1
    assert not Payment.objects.exists()


def test_check_in_marks_a_player_registered_earlier_present(tournament, club):
    participant = participants.register(tournament, f.make_player(club))

    answer = post(director_of(club), f"participants/{participant.pk}/check-in/", {"paid": True})

    assert answer.json()["present"] is True
    assert Payment.objects.get(participant=participant).amount == Decimal("10.00")


def test_a_burst_of_junk_is_rejected_in_one_step(tournament, club):
    junk = [arrive(tournament, "x", f"spam{n}") for n in range(5)]
    keep = arrive(tournament)
    url = f"tournaments/{tournament.pk}/arrivals/reject/"

    answer = post(director_of(club), url, {"arrivals": [a.pk for a in junk]})

    assert answer.json() == {"rejected": 5}
    waiting = Arrival.objects.filter(status="waiting")
    assert list(waiting.values_list("pk", flat=True)) == [keep.pk]


def test_a_rejected_registration_cannot_be_accepted(tournament, club):
    arrival = arrive(tournament)
    desk = director_of(club)
    post(desk, f"tournaments/{tournament.pk}/arrivals/reject/", {"arrivals": [arrival.pk]})

    answer = post(desk, f"tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/", {})

    assert answer.status_code == 409
    assert answer.json()["errors"][0]["code"] == "arrival_rejected"
    assert not tournament.participants.exists()


def test_a_director_of_another_club_is_refused(tournament, club):
    arrival = arrive(tournament)
    other = director_of(f.make_club("Pik Bube"), "andere")
    accept_url = f"tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/"

    listed = other.get(f"{API}tournaments/{tournament.pk}/arrivals/")
    accepted = post(other, accept_url, {"paid": True})

    assert (listed.status_code, accepted.status_code) == (403, 403)
    assert not tournament.participants.exists()


@pytest.mark.parametrize("count", [1, 3])
def test_the_arrivals_list_asks_the_database_a_fixed_number_of_times(
    tournament, club, count, django_assert_num_queries
):
    f.make_player(club, "Karl", "Müller")
    for number in range(count):
        arrive(tournament, "Karl", f"Müller{'x' * number}", club="Herz Dame")
    desk = director_of(club)

    # The same for 1 and for 3 arrivals (the last: the series drawn, for from_series).
    with django_assert_num_queries(5):
        answer = desk.get(f"{API}tournaments/{tournament.pk}/arrivals/")

    assert len(answer.json()["waiting"]) == count


def test_paid_without_a_tariff_books_nothing_and_still_accepts(club):
    tournament = f.make_tournament(club=club, self_registration=True)
    arrival = arrive(tournament)
    url = f"tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/"

    answer = post(director_of(club), url, {"paid": True})

    assert answer.json()["present"] is True
    assert not Payment.objects.exists()


def test_two_registrations_of_one_player_end_in_one_participant(tournament, club):
    known = f.make_player(club, "Karl", "Müller")
    first = arrive(tournament, "Karl", "Müller", club="Herz Dame")
    second = arrive(tournament, "Karl", "Mueller")  # no club typed: another registration
    desk = director_of(club)
    base = f"tournaments/{tournament.pk}/arrivals"

    one = post(desk, f"{base}/{first.pk}/accept/", {"player": known.pk, "paid": True})
    two = post(desk, f"{base}/{second.pk}/accept/", {"player": known.pk, "paid": True})

    assert (one.status_code, two.status_code) == (200, 200)
    assert one.json()["id"] == two.json()["id"]
    assert Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE).count() == 1
    assert set(Arrival.objects.values_list("status", flat=True)) == {"accepted"}

"""Phones registering at the same moment, and two taps on the same arrival at the desk.

Each registration locks the tournament row before it takes the next waiting number, so
ten phones at once get the numbers 1 to 10, each once; two desks accepting the same
arrival at once make one participant and book one fee. Real threads, own connections.
"""

import json
from collections import Counter

import pytest
from django.test import Client

from door.models import Arrival
from door.services.self_registration import self_register
from tests import factories as f
from tournaments.models import Payment
from tournaments.services import money

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 10


def test_phones_at_the_same_moment_get_distinct_waiting_numbers():
    tournament = f.make_tournament(self_registration=True)
    url = f"/api/v1/tournaments/{tournament.pk}/self-registrations/"

    def register(index):
        body = {"first_name": "Gleich", "last_name": f"Zeitig{index}", "publication": "full"}
        return Client(REMOTE_ADDR=f"10.1.0.{index + 1}").post(
            url, data=json.dumps(body), content_type="application/json"
        )

    answers = f.run_together(PHONES, register)

    assert Counter(answer.status_code for answer in answers) == {201: PHONES}
    numbers = sorted(Arrival.objects.values_list("number", flat=True))
    assert numbers == list(range(1, PHONES + 1))


def test_two_taps_on_one_arrival_at_once_make_one_participant_and_one_fee():
    club = f.make_club("Herz Dame")
    tournament = f.make_tournament(club=club, self_registration=True)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    arrival = self_register(
        tournament, {"first_name": "Erika", "last_name": "Muster", "publication": "full"}
    )[0]
    director = f.make_staff_user("leitung")
    club.directors.add(director)
    url = f"/api/v1/tournaments/{tournament.pk}/arrivals/{arrival.pk}/accept/"

    def tap(client):
        return client.post(url, data=json.dumps({"paid": True}), content_type="application/json")

    answers = f.run_together(2, tap, prepare=lambda _: f.logged_in_client(director))

    assert [answer.status_code for answer in answers] == [200, 200]
    assert tournament.participants.count() == 1
    assert Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE).count() == 1

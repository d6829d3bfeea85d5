"""Abuse and mistakes at the door: a flooding phone is throttled per address (API and page
count together), and nothing of a registration reaches a public page before the desk
accepts it."""

import pytest

from door.models import Arrival
from door.services.desk import accept
from door.services.self_registration import self_register
from tests import factories as f
from tests.api.conftest import API

pytestmark = pytest.mark.django_db

NAME = ("Zacharias", "Wartezimmer")


def send(client, tournament, number, address="198.51.100.7"):
    body = {"first_name": "Flut", "last_name": f"Nummer{number}", "publication": "none"}
    return client.post(
        f"{API}tournaments/{tournament.pk}/self-registrations/",
        body,
        content_type="application/json",
        REMOTE_ADDR=address,
    )


def test_a_flooding_phone_is_throttled_and_others_still_register(client):
    tournament = f.make_tournament(self_registration=True)

    codes = [send(client, tournament, n).status_code for n in range(14)]
    other = send(client, tournament, 99, address="198.51.100.8")

    assert codes == [201] * 10 + [429] * 4
    assert other.status_code == 201
    assert Arrival.objects.count() == 11


def test_the_phone_page_counts_with_the_api(client):
    tournament = f.make_tournament(self_registration=True)
    for n in range(10):
        send(client, tournament, n)

    answer = client.post(
        f"/turniere/{tournament.pk}/anmelden/",
        {"first_name": "Noch", "last_name": "Einer", "publication": "full"},
        REMOTE_ADDR="198.51.100.7",
    )

    assert answer.status_code == 429
    assert "Zu viele Anmeldungen von diesem Handy" in answer.content.decode()
    assert Arrival.objects.count() == 10


def public_texts(client, tournament) -> str:
    pages = [
        f"/turniere/{tournament.pk}/",
        f"/turniere/{tournament.pk}/rangliste/",
        f"/turniere/{tournament.pk}/leinwand/",
        f"{API}tournaments/{tournament.pk}/participants/",
        f"{API}tournaments/{tournament.pk}/ranking/",
    ]
    return " ".join(client.get(page).content.decode() for page in pages)


def test_nothing_of_a_waiting_registration_reaches_a_public_page(client):
    tournament = f.make_tournament(self_registration=True)
    f.make_many_participants(tournament, 3)
    arrival, _new = self_register(
        tournament, {"first_name": NAME[0], "last_name": NAME[1], "publication": "full"}
    )

    before = public_texts(client, tournament)
    accept(arrival)
    after = public_texts(client, tournament)

    assert NAME[1] not in before
    assert NAME[1] in after

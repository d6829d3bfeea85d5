"""A player registers on their own phone: ``POST tournaments/{id}/self-registrations/``
(API §11 in docs/door.md): a waiting number, the same person once, closed doors refused."""

import pytest

from door.models import Arrival
from tests import factories as f
from tests.api.conftest import post

pytestmark = pytest.mark.django_db


def open_tournament(**fields):
    return f.make_tournament(self_registration=True, **fields)


def register(client, tournament, **body):
    body = {"first_name": "Erika", "last_name": "Müller", "publication": "full", **body}
    return post(client, f"tournaments/{tournament.pk}/self-registrations/", body)


def test_self_registration_gets_the_next_waiting_number(client):
    tournament = open_tournament()

    first = register(client, tournament)
    second = register(client, tournament, first_name="Hans", last_name="Schulz")

    assert first.status_code == 201
    assert first.json() == {"id": first.json()["id"], "status": "waiting", "number": 1}
    assert second.status_code == 201
    assert second.json()["number"] == 2
    arrival = Arrival.objects.get(pk=first.json()["id"])
    assert (arrival.first_name, arrival.last_name, arrival.publication) == (
        "Erika",
        "Müller",
        "full",
    )


def test_the_same_person_again_gets_the_first_registration(client):
    tournament = open_tournament()
    club = f.make_club("Skatfreunde Elbe")
    first = register(client, tournament, club="Skatfreunde Elbe")

    again = register(
        client, tournament, first_name=" erika ", last_name="MUELLER", club="skatfreunde elbe"
    )

    assert again.status_code == 200
    assert again.json() == first.json()
    assert Arrival.objects.filter(tournament=tournament).count() == 1
    assert Arrival.objects.get().club == club


def test_same_name_of_another_club_is_another_person(client):
    tournament = open_tournament()
    register(client, tournament, club="Herz Dame")

    other = register(client, tournament, club="Pik Bube")

    assert other.status_code == 201
    assert other.json()["number"] == 2


def test_self_registration_is_refused_while_the_door_is_closed(client):
    tournament = f.make_tournament()

    answer = register(client, tournament)

    assert answer.status_code == 403
    assert answer.json()["errors"][0]["code"] == "self_registration_closed"
    assert not Arrival.objects.exists()


def test_self_registration_names_the_missing_field_in_german(client):
    tournament = open_tournament()

    answer = register(client, tournament, last_name="  ")

    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert error["field"] == "last_name"
    assert "Nachname" in error["message"]
    assert not Arrival.objects.exists()


@pytest.mark.parametrize("publication", ["all", "", 1, None])
def test_self_registration_refuses_an_unknown_publication(client, publication):
    answer = register(client, open_tournament(), publication=publication)

    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "publication"


def test_member_number_and_free_text_club_are_kept(client):
    tournament = open_tournament()

    answer = register(
        client, tournament, club="SC Neustadt", member_number="0815", publication="short"
    )

    arrival = Arrival.objects.get(pk=answer.json()["id"])
    assert (arrival.club, arrival.club_name, arrival.member_number, arrival.publication) == (
        None,
        "SC Neustadt",
        "0815",
        "short",
    )

"""A hundred walk-ins at the door over the API: 30 known players typing their names
differently, 5 registering twice, one phone flooding; the desk accepts everyone with the
fee (newest first, as listed), the start numbers follow the order of registration and the
draw seats each of them once."""

from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from door.models import Arrival
from tests import factories as f
from tests.api.conftest import API
from tournaments.models import Payment, Player, Seat
from tournaments.services import money
from tournaments.services.draw import draw_series

pytestmark = pytest.mark.django_db

PEOPLE = 100
KNOWN = 30
TWICE = 5
# How people type a stored name: umlauts written out, lower case, extra spaces.
SPELLINGS = (
    lambda name: name.replace("ü", "ue").replace("ö", "oe").replace("ä", "ae"),
    str.lower,
    lambda name: f"  {name.upper()} ",
)


def phone(number: int) -> dict:
    """Each phone its own address in the hall's network."""
    return {"REMOTE_ADDR": f"10.0.{number // 200}.{number % 200 + 1}"}


def register(client, tournament, body, number):
    return client.post(
        f"{API}tournaments/{tournament.pk}/self-registrations/",
        body,
        format="json",
        **phone(number),
    )


def test_a_hundred_arrivals_become_a_hundred_seated_participants_without_duplicates():
    club = f.make_club("Skatfreunde Elbe")
    tournament = f.make_tournament(club=club, self_registration=True, check_in=True)
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    known = [
        Player.objects.create(first_name="Jürgen", last_name=f"Müller{n:02d}", club=club)
        for n in range(KNOWN)
    ]
    bodies = [
        {
            "first_name": SPELLINGS[n % 3](player.first_name),
            "last_name": SPELLINGS[n % 3](player.last_name),
            "club": "skatfreunde elbe",
            "publication": "full",
        }
        for n, player in enumerate(known)
    ] + [
        {"first_name": "Gast", "last_name": f"Neu{n:03d}", "publication": "short"}
        for n in range(PEOPLE - KNOWN)
    ]
    phones = APIClient()
    answers = [register(phones, tournament, body, n) for n, body in enumerate(bodies)]
    again = [register(phones, tournament, bodies[n], 500 + n) for n in range(TWICE)]
    flood = [
        register(
            phones,
            tournament,
            {"first_name": "x", "last_name": f"y{n}", "publication": "none"},
            999,
        )
        for n in range(30)
    ]

    assert Counter(a.status_code for a in answers) == {201: PEOPLE}
    assert [a.json() for a in again] == [answers[n].json() for n in range(TWICE)]
    assert Counter(a.status_code for a in flood) == {201: 10, 429: 20}

    director = get_user_model().objects.create_user("leitung", is_staff=True)
    club.directors.add(director)
    desk = APIClient()
    desk.force_authenticate(director)
    flood_ids = [a.json()["id"] for a in flood if a.status_code == 201]
    desk.post(
        f"{API}tournaments/{tournament.pk}/arrivals/reject/", {"arrivals": flood_ids}, format="json"
    )
    waiting = desk.get(f"{API}tournaments/{tournament.pk}/arrivals/").json()["waiting"]
    for arrival in waiting:
        desk.post(
            f"{API}tournaments/{tournament.pk}/arrivals/{arrival['id']}/accept/",
            {"player": arrival["match"], "paid": True},
            format="json",
        )
    series = f.make_series(tournament)
    draw_series(series, seed=53)

    assert len(waiting) == PEOPLE
    assert sum(arrival["match"] is not None for arrival in waiting) == KNOWN
    assert tournament.participants.filter(present=True).count() == PEOPLE
    assert Player.objects.count() == PEOPLE
    assert Payment.objects.filter(kind=Payment.Kind.ENTRY_FEE).count() == PEOPLE
    seated = Counter(Seat.objects.filter(series=series).values_list("participant_id", flat=True))
    assert len(seated) == PEOPLE and set(seated.values()) == {1}
    # Accepted newest first, as listed; numbered in the order they registered.
    numbers = dict(Arrival.objects.values_list("pk", "participant__start_number"))
    assert [numbers[a.json()["id"]] for a in answers] == list(range(1, PEOPLE + 1))

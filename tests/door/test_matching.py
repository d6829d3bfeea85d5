"""Recognising an arrival as a stored player (by member number, or by name and club as
people type them), and no duplicate players from the door."""

import pytest

from door.services.desk import accept
from door.services.self_registration import self_register
from tests import factories as f
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def arrive(tournament, first, last, **fields):
    data = {"first_name": first, "last_name": last, "publication": "full", **fields}
    return self_register(tournament, data)[0]


@pytest.fixture
def tournament():
    return f.make_tournament(self_registration=True)


@pytest.mark.parametrize("typed", ["Müller", "Mueller", "muller", "MÜLLER"])
def test_a_name_is_recognised_as_people_type_it(tournament, typed):
    club = f.make_club("Herz Dame")
    known = f.make_player(club, "Jürgen", "Müller")

    arrival = arrive(tournament, "juergen", typed, club="herz dame")

    assert arrival.match == known


def test_the_member_number_wins_over_a_differently_typed_name(tournament):
    club = f.make_club("Herz Dame")
    known = Player.objects.create(
        first_name="Hans-Peter", last_name="Schulz", club=club, member_number="4711"
    )

    arrival = arrive(tournament, "Hans", "Schultz", club="Herz Dame", member_number="4711")

    assert arrival.match == known


def test_the_same_name_in_another_club_is_not_recognised(tournament):
    f.make_player(f.make_club("Herz Dame"), "Jürgen", "Müller")

    arrival = arrive(tournament, "Jürgen", "Müller", club="Pik Bube")

    assert arrival.match is None


def test_a_new_player_from_the_door_is_no_duplicate_of_a_stored_one(tournament):
    club = f.make_club("Herz Dame")
    known = f.make_player(club, "Jürgen", "Müller")
    arrival = arrive(tournament, "Jürgen", "Müller", club="Herz Dame")

    participant = accept(arrival, player=None)

    assert participant.player == known
    assert Player.objects.count() == 1


@pytest.mark.parametrize("publication", ["full", "short", "none"])
def test_a_new_player_gets_the_consent_given_on_the_phone(tournament, publication):
    arrival = arrive(tournament, "Neu", "Ling", publication=publication)

    participant = accept(arrival)

    assert participant.player.publication == publication


def test_a_recognised_player_takes_the_consent_given_at_the_door(tournament):
    club = f.make_club("Herz Dame")
    known = f.make_player(club, "Jürgen", "Müller")
    arrival = arrive(tournament, "Jürgen", "Mueller", club="Herz Dame", publication="none")

    accept(arrival, player=arrival.match)

    known.refresh_from_db()
    assert known.publication == "none"

"""How a player is named on every anonymous surface (docs/privacy.md, one rule)."""

import pytest

from tests.factories import make_club, make_player
from tournaments.models import Club, Player
from tournaments.services.public_names import PublicName, public_name

pytestmark = pytest.mark.django_db


def _player(publication, club=None):
    club = club or make_club(name="Skatfreunde Nord")
    return Player.objects.create(
        first_name="Erika", last_name="Mustermann", club=club, publication=publication
    )


def test_full_consent_shows_the_full_name_and_the_club():
    assert public_name(_player("full"), start_number=17) == PublicName(
        "Erika Mustermann", "Skatfreunde Nord"
    )


def test_short_consent_shows_the_first_name_and_the_initial_with_the_club():
    assert public_name(_player("short"), start_number=17) == PublicName(
        "Erika M.", "Skatfreunde Nord"
    )


def test_no_consent_shows_the_start_number_without_the_club():
    assert public_name(_player("none"), start_number=17) == PublicName("Teilnehmer 17", None)


def test_no_consent_without_a_start_number_shows_no_name_at_all():
    assert public_name(_player("none")) == PublicName("Teilnehmer", None)


def test_a_guest_with_full_consent_has_no_club():
    guest = Player.objects.create(first_name="Erika", last_name="Mustermann", publication="full")

    assert public_name(guest) == PublicName("Erika Mustermann", None)


def test_a_new_player_takes_the_club_default():
    club = Club.objects.create(name="Stille Skatrunde", default_publication="short")

    assert make_player(club=club).publication == "short"


def test_a_club_publishes_in_full_by_default_and_so_does_a_guest():
    assert make_club().default_publication == "full"
    assert make_player().publication == "full"


def test_a_given_level_wins_over_the_club_default():
    club = Club.objects.create(name="Stille Skatrunde", default_publication="none")

    assert _player("full", club=club).publication == "full"


def test_bulk_created_players_take_the_club_default_too():
    club = Club.objects.create(name="Stille Skatrunde", default_publication="none")

    Player.objects.bulk_create([Player(first_name="A", last_name="B", club=club)])

    assert Player.objects.get(last_name="B").publication == "none"

"""Clubs and players: naming, ordering and the member number rule."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import ProtectedError
from django.utils import translation

from tournaments.models import Club, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(name="Skatfreunde Musterstadt", short_name="SF Musterstadt")


def test_names(club):
    player = Player(first_name="Klaus", last_name="Becker", club=club)

    assert str(club) == "Skatfreunde Musterstadt"
    assert player.full_name == "Klaus Becker"
    assert str(player) == "Klaus Becker"


def test_players_are_ordered_by_last_then_first_name(club):
    for first, last in [("Uwe", "Koch"), ("Anna", "Koch"), ("Heinz", "Braun")]:
        Player.objects.create(first_name=first, last_name=last, club=club)

    assert [str(p) for p in Player.objects.all()] == ["Heinz Braun", "Anna Koch", "Uwe Koch"]


def test_guest_players_have_no_club():
    guest = Player.objects.create(first_name="Gast", last_name="Spieler")

    assert guest.club is None


def test_member_number_is_unique_within_a_club(club):
    Player.objects.create(first_name="Klaus", last_name="Becker", club=club, member_number="7")
    duplicate = Player(first_name="Uwe", last_name="Koch", club=club, member_number="7")

    with translation.override("en"), pytest.raises(ValidationError, match="member number"):
        duplicate.full_clean()
    with pytest.raises(IntegrityError):
        duplicate.save()


@pytest.mark.parametrize(
    ("other_club_name", "number"),
    [
        (None, ""),  # several players without a number in the same club
        ("Herz Dame Beispielheim", "7"),  # the same number in another club
    ],
)
def test_member_number_may_repeat_when_blank_or_in_another_club(club, other_club_name, number):
    other_club = club
    if other_club_name:
        other_club = Club.objects.create(name=other_club_name, short_name="HD")
    Player.objects.create(first_name="Klaus", last_name="Becker", club=club, member_number=number)

    Player.objects.create(first_name="Uwe", last_name="Koch", club=other_club, member_number=number)

    assert Player.objects.count() == 2


def test_a_club_with_players_cannot_be_deleted(club):
    Player.objects.create(first_name="Klaus", last_name="Becker", club=club)

    with pytest.raises(ProtectedError):
        club.delete()

"""Demo data, so a fresh installation can be tried out at once.

Loading is idempotent: every row is looked up by its natural key and updated, so running
the loader again restores the demo state instead of adding duplicates.
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.models import Club, Game, Player, Tournament

from .demo_lists import DEMO_CUP, DEMO_TOURNAMENT, load_demo_cup, load_demo_evening
from .demo_money import load_demo_money

DIRECTOR_USERNAME = "leitung"
DIRECTOR_PASSWORD = "skat-demo"

# (name, short name) of the demo clubs.
CLUBS = [
    ("Skatfreunde Musterstadt", "SF Musterstadt"),
    ("Herz Dame Beispielheim", "HD Beispielheim"),
]

# (first name, last name, index into CLUBS, member number) of the demo players.
PLAYERS = [
    ("Klaus", "Becker", 0, "101"),
    ("Monika", "Schulze", 0, "102"),
    ("Jürgen", "Hoffmann", 0, "103"),
    ("Sabine", "Wagner", 0, "104"),
    ("Dieter", "Schmitt", 0, "105"),
    ("Renate", "Krüger", 0, "106"),
    ("Horst", "Neumann", 0, "107"),
    ("Petra", "Zimmermann", 0, "108"),
    ("Werner", "Braun", 1, "201"),
    ("Ingrid", "Hartmann", 1, "202"),
    ("Manfred", "Lange", 1, "203"),
    ("Gisela", "Schröder", 1, "204"),
    ("Uwe", "Koch", 1, "205"),
    ("Brigitte", "Wolf", 1, "206"),
    ("Heinz", "Richter", 1, "207"),
    ("Karin", "Schäfer", 1, "208"),
]


@dataclass(frozen=True)
class DemoCounts:
    """How many demo rows exist after loading, for the command's summary and for tests."""

    clubs: int
    players: int
    directors: int
    tournaments: int = 0
    games: int = 0


@transaction.atomic
def load_demo() -> DemoCounts:
    """Create or refresh the demo clubs, players, director login and club evening."""
    clubs = [
        Club.objects.update_or_create(name=name, defaults={"short_name": short_name})[0]
        for name, short_name in CLUBS
    ]
    players = [
        Player.objects.update_or_create(
            club=clubs[club_index],
            member_number=member_number,
            defaults={"first_name": first_name, "last_name": last_name},
        )[0]
        for first_name, last_name, club_index, member_number in PLAYERS
    ]
    director = _reset_director()
    load_demo_evening(clubs[0], director)
    load_demo_cup(clubs[1], director)
    for tournament in Tournament.objects.filter(name=DEMO_TOURNAMENT):
        load_demo_money(tournament)
    return DemoCounts(
        clubs=len(clubs),
        players=len(players),
        directors=1,
        tournaments=Tournament.objects.filter(name__in=[DEMO_TOURNAMENT, DEMO_CUP]).count(),
        games=Game.objects.filter(
            table__series__tournament__name__in=[DEMO_TOURNAMENT, DEMO_CUP]
        ).count(),
    )


def _reset_director():
    """Create the demo director, or restore its rights and password if someone changed them."""
    user, _created = get_user_model().objects.get_or_create(username=DIRECTOR_USERNAME)
    user.is_active = True
    user.is_staff = True
    user.is_superuser = True
    user.set_password(DIRECTOR_PASSWORD)
    user.save()
    return user
